package org.ddstuner.qos.tests;

/**
 * The capability tables measured by {@code CapabilityProbe} (one line per kind and policy: own, remote,
 * dds_set_qos result, announced). Pinned per libddsc version so that a library that changes what can be
 * tuned live is noticed: when a test fails here, read the new table (the failure shows it), check the
 * reasons ({@code CapabilityTableMain} prints them) and pin the new one with the date it was measured.
 */
final class PinnedTables {

    private PinnedTables() {
    }

    /** Debian bookworm libddsc0debian 0.10.2, measured 2026-12-01. */
    static final String LIBDDSC_0_10_2 = """
            participant user_data live live DDS_RETCODE_OK announced
            participant entity_name immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            participant properties immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic topic_data live live DDS_RETCODE_OK
            topic durability immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic durability_service immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic deadline immutable next-start DDS_RETCODE_UNSUPPORTED
            topic latency_budget immutable next-start DDS_RETCODE_UNSUPPORTED
            topic liveliness immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic reliability immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic destination_order immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic history immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic resource_limits immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic transport_priority live live DDS_RETCODE_OK
            topic lifespan live live DDS_RETCODE_OK
            topic ownership immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            topic data_representation immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            publisher presentation immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            publisher partition immutable next-start DDS_RETCODE_UNSUPPORTED
            publisher group_data live live DDS_RETCODE_OK
            subscriber presentation immutable next-start DDS_RETCODE_IMMUTABLE_POLICY
            subscriber partition immutable next-start DDS_RETCODE_UNSUPPORTED
            subscriber group_data live live DDS_RETCODE_OK
            writer durability recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer durability_service recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer deadline recreate next-start DDS_RETCODE_UNSUPPORTED
            writer latency_budget recreate next-start DDS_RETCODE_UNSUPPORTED
            writer liveliness recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer reliability recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer destination_order recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer history recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer resource_limits recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer transport_priority live live DDS_RETCODE_OK announced
            writer lifespan live live DDS_RETCODE_OK announced
            writer ownership recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer data_representation recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            writer user_data live live DDS_RETCODE_OK announced
            writer ownership_strength live live DDS_RETCODE_OK announced
            writer writer_data_lifecycle live live DDS_RETCODE_OK announced
            reader durability recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader deadline recreate next-start DDS_RETCODE_UNSUPPORTED
            reader latency_budget recreate next-start DDS_RETCODE_UNSUPPORTED
            reader liveliness recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader reliability recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader destination_order recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader history recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader resource_limits recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader user_data live live DDS_RETCODE_OK announced
            reader ownership recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader time_based_filter recreate next-start DDS_RETCODE_OK announced
            reader reader_data_lifecycle live live DDS_RETCODE_OK announced
            reader data_representation recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            reader type_consistency recreate next-start DDS_RETCODE_IMMUTABLE_POLICY
            """;

    /**
     * Cyclone DDS 11.0.1 (the libddsc bundled with PyPI cyclonedds 11.0.1), measured 2026-12-01: line for line the
     * same as 0.10.2, so pinned as that one. When either library's table changes, write the changed one out here.
     */
    static final String LIBDDSC_11_0_1 = LIBDDSC_0_10_2;

}
