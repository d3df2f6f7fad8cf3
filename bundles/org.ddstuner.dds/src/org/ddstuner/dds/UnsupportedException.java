package org.ddstuner.dds;

/** This libddsc build or version does not support the operation (DDS_RETCODE_UNSUPPORTED). */
public class UnsupportedException extends DdsException {

    private static final long serialVersionUID = 1L;

    public UnsupportedException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
