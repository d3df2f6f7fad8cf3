package org.ddstuner.dds;

/** A QoS policy that cannot change after creation was changed (DDS_RETCODE_IMMUTABLE_POLICY). */
public class ImmutablePolicyException extends DdsException {

    private static final long serialVersionUID = 1L;

    public ImmutablePolicyException(int retcode, String text, String operation) {
        super(retcode, text, operation);
    }
}
