package org.ddstuner.pother.protocol;

/**
 * The CPU and memory of an agent's process when it sent a report: user and system CPU over its latest period of
 * at least half a second (usually the last second), in percent of one CPU as {@code top} shows it (100 = one CPU
 * busy; never more than 100 × the CPUs the sending process may use), and resident set size in bytes. See
 * {@code org.ddstuner.pother.agent.ProcessUsageSampler}.
 */
public record ResourceUsage(double cpuUserPercent, double cpuSysPercent, long rssBytes) {

    public static final ResourceUsage UNKNOWN = new ResourceUsage(0, 0, 0);

    public double cpuTotalPercent() {
        return cpuUserPercent + cpuSysPercent;
    }
}
