package org.ddstuner.dds;

/** The entity is not enabled (DDS_RETCODE_NOT_ENABLED). */
public class NotEnabledException extends DdsException {

    private static final long serialVersionUID = 1L;

    public NotEnabledException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
