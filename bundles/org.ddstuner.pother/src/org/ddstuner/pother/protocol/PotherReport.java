package org.ddstuner.pother.protocol;

/**
 * Everything an agent publishes in partition {@value ProtocolTypes#REPORTS_PARTITION}, as the
 * {@link org.ddstuner.pother.control.PotherController} delivers it: switch over the permitted records.
 * Every report names the agent ({@code appId}, {@code groupId}), the test ({@code name}; empty for an
 * announcement), when it was made (Cyclone's clock, ns since the epoch) and the agent's CPU and RSS then.
 */
public sealed interface PotherReport permits AgentAnnouncement, LatencyPeriodReport, ThroughputPeriodReport,
        SenderPeriodReport, DiscoveryReport, ErrorReport {

    int appId();

    String groupId();

    String name();

    long timestampNanos();

    ResourceUsage usage();
}
