package org.ddstuner.dds;

/**
 * A reader's communication statuses read at once (dds.h {@code dds_get_*_status}). Reading resets the
 * {@code *Change} counters, as in the DCPS specification: whoever reads them owns the reader's statuses.
 *
 * @param deadlineMissed     REQUESTED_DEADLINE_MISSED: instances for which no sample came within the deadline
 * @param liveliness         LIVELINESS_CHANGED: matched writers alive / not alive
 * @param lost               SAMPLE_LOST: samples that never reached the reader's cache
 * @param rejected           SAMPLE_REJECTED: samples refused by the reader's resource limits
 * @param incompatibleQos    REQUESTED_INCOMPATIBLE_QOS: writers that did not match for a QoS policy
 */
public record ReaderStatuses(DeadlineMissed deadlineMissed, LivelinessChanged liveliness, SampleLost lost,
        SampleRejected rejected, IncompatibleQos incompatibleQos) {

    /** {@code dds_requested_deadline_missed_status_t}. */
    public record DeadlineMissed(int totalCount, int totalCountChange, long lastInstanceHandle) {
    }

    /** {@code dds_liveliness_changed_status_t}. */
    public record LivelinessChanged(int aliveCount, int notAliveCount, int aliveCountChange, int notAliveCountChange,
            long lastPublicationHandle) {
    }

    /** {@code dds_sample_lost_status_t}. */
    public record SampleLost(int totalCount, int totalCountChange) {
    }

    /**
     * {@code dds_sample_rejected_status_t}; {@code lastReason} is 0 not rejected, 1 instances limit, 2 samples limit,
     * 3 samples per instance limit.
     */
    public record SampleRejected(int totalCount, int totalCountChange, int lastReason, long lastInstanceHandle) {

        public String reasonText() {
            return switch (lastReason) {
                case 1 -> "max_instances reached";
                case 2 -> "max_samples reached";
                case 3 -> "max_samples_per_instance reached";
                default -> "not rejected";
            };
        }
    }

    /** {@code dds_requested_incompatible_qos_status_t}; the policy as {@link #policyName(int)} names it. */
    public record IncompatibleQos(int totalCount, int totalCountChange, int lastPolicyId) {

        public String lastPolicyName() {
            return policyName(lastPolicyId);
        }
    }

    private static final String[] POLICIES = { "INVALID", "USER_DATA", "DURABILITY", "PRESENTATION", "DEADLINE",
            "LATENCY_BUDGET", "OWNERSHIP", "OWNERSHIP_STRENGTH", "LIVELINESS", "TIME_BASED_FILTER", "PARTITION",
            "RELIABILITY", "DESTINATION_ORDER", "HISTORY", "RESOURCE_LIMITS", "ENTITY_FACTORY", "WRITER_DATA_LIFECYCLE",
            "READER_DATA_LIFECYCLE", "TOPIC_DATA", "GROUP_DATA", "TRANSPORT_PRIORITY", "LIFESPAN", "DURABILITY_SERVICE",
            "PROPERTY", "TYPE_CONSISTENCY_ENFORCEMENT", "DATA_REPRESENTATION" };

    /** {@code dds_qos_policy_id_t} (dds_public_qosdefs.h, the same in 0.10.x and 11.x) as a policy name. */
    public static String policyName(int id) {
        return id >= 0 && id < POLICIES.length ? POLICIES[id] : "policy " + id;
    }

    /** True for the policies that mean "the types do not fit" rather than a QoS choice. */
    public static boolean isTypePolicy(int id) {
        return id == 24 || id == 25;
    }
}
