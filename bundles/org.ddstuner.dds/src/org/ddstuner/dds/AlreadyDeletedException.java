package org.ddstuner.dds;

/** The entity was deleted already (DDS_RETCODE_ALREADY_DELETED). */
public class AlreadyDeletedException extends DdsException {

    private static final long serialVersionUID = 1L;

    public AlreadyDeletedException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
