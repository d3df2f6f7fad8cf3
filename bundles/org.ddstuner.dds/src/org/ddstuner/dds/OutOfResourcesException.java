package org.ddstuner.dds;

/** A resource limit was hit (DDS_RETCODE_OUT_OF_RESOURCES). */
public class OutOfResourcesException extends DdsException {

    private static final long serialVersionUID = 1L;

    public OutOfResourcesException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
