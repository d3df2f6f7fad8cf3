package org.ddstuner.pother.runs;

import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;

/**
 * Where a {@link ReportSource} delivers what its pairs measure, one call per report as it arrives, from
 * any thread. {@code agent} names who measured ("local" for the in-process runner, an agent's app-id for
 * remote ones); {@code resources} is that agent's CPU/RSS over the period, or null when not reported.
 */
public interface ReportSink {

    /** Step {@code index} of a scenario begins, running {@code definition} (a single run has one step, 0). */
    void step(int index, RunDefinition definition);

    void latency(String agent, LatencyReport report, AgentResources resources);

    void throughput(String agent, ThroughputReport report, AgentResources resources);

    /** Resources of an agent that had no measurement to report this period (e.g. a transponder). */
    void resources(String agent, AgentResources resources);

    /** An error or note to show with the run (e.g. "shared memory not available: …"). */
    void message(String agent, String text);

    /** One measurement of a discovery benchmark, by the agent that received; sources of other kinds never call it. */
    default void discovery(String agent, DiscoveryResult result) {
    }

    /**
     * Makes {@code calls} (calls of this sink) for reports measured earlier, at {@code nanoTime} of this JVM's
     * {@link System#nanoTime()} clock, e.g. a remote agent's caught up after a link cut: a sink that keeps times records
     * them at that time rather than on arrival.
     */
    default void measuredAt(long nanoTime, Runnable calls) {
        calls.run();
    }
}
