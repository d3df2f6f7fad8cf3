package org.ddstuner.dds;

/** An argument was out of range or inconsistent (DDS_RETCODE_BAD_PARAMETER). */
public class BadParameterException extends DdsException {

    private static final long serialVersionUID = 1L;

    public BadParameterException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
