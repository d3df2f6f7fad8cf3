package org.ddstuner.dds;

/** The operation is not allowed on this kind of entity (DDS_RETCODE_ILLEGAL_OPERATION). */
public class IllegalOperationException extends DdsException {

    private static final long serialVersionUID = 1L;

    public IllegalOperationException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
