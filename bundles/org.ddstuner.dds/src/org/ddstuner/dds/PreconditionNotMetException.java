package org.ddstuner.dds;

/** The entity is not in a state that allows this (DDS_RETCODE_PRECONDITION_NOT_MET). */
public class PreconditionNotMetException extends DdsException {

    private static final long serialVersionUID = 1L;

    public PreconditionNotMetException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
