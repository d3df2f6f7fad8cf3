package org.ddstuner.pother.protocol;

/**
 * The CPU and memory of an agent's process when it sent a report: user and system CPU in percent of one
 * core over the last second (may exceed 100 on several cores), resident set size in bytes.
 */
public record ResourceUsage(double cpuUserPercent, double cpuSysPercent, long rssBytes) {

    public static final ResourceUsage UNKNOWN = new ResourceUsage(0, 0, 0);

    public double cpuTotalPercent() {
        return cpuUserPercent + cpuSysPercent;
    }
}
