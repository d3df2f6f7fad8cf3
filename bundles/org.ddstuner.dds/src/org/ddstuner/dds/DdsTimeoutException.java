package org.ddstuner.dds;

/** A blocking operation timed out (DDS_RETCODE_TIMEOUT). */
public class DdsTimeoutException extends DdsException {

    private static final long serialVersionUID = 1L;

    public DdsTimeoutException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
