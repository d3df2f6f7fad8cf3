package org.ddstuner.dds;

/** QoS policies contradict each other (DDS_RETCODE_INCONSISTENT_POLICY). */
public class InconsistentPolicyException extends DdsException {

    private static final long serialVersionUID = 1L;

    public InconsistentPolicyException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
