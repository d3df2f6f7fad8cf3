package org.ddstuner.dds;

/**
 * A libddsc call failed. Carries the negative return code, Cyclone's own text for it
 * ({@code dds_strretcode}) and the operation that failed. Subclasses exist for the codes callers
 * commonly handle; everything else is a plain {@code DdsException}.
 */
public class DdsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int retcode;
    private final String text;
    private final String operation;

    public DdsException(int retcode, String text, String operation) {
        super(operation + " failed: " + text + " (" + retcode + ")");
        this.retcode = retcode;
        this.text = text;
        this.operation = operation;
    }

    /** The negative DDS_RETCODE_* value. */
    public int retcode() {
        return retcode;
    }

    /** Cyclone's text for the code, e.g. "Bad Parameter". */
    public String text() {
        return text;
    }

    /** What we were doing, e.g. "dds_create_topic(\"Sensor\")". */
    public String operation() {
        return operation;
    }
}
