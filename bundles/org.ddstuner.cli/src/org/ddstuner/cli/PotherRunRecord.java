package org.ddstuner.cli;

import java.io.IOException;
import java.nio.file.Path;

import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ResourceUsage;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.ddstuner.pother.runs.AgentResources;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;

/**
 * A {@code pother-run} saved as it goes in the desktop's {@link RunStore} (its Saved Runs list opens and compares
 * it): the definition and environment first, then each report of the pair's tests as it arrives (named
 * {@code "app N"}, with the agent's CPU and RSS, as the desktop names agents' reports), errors as messages, and
 * the end state. Without a store ({@code --no-save}) every call does nothing.
 */
final class PotherRunRecord {

    /** The desktop's system property for the store's folder (BenchmarkSession.RUNS_DIR_PROPERTY). */
    static final String RUNS_DIR_PROPERTY = "ddstuner.runs.dir";

    private final BenchmarkRun run;

    private PotherRunRecord(BenchmarkRun run) {
        this.run = run;
    }

    /** The store's folder: {@code option} if given, else the desktop's property, else ~/.ddstuner/runs. */
    static Path dir(String option) {
        if (option != null) {
            return Path.of(option);
        }
        String property = System.getProperty(RUNS_DIR_PROPERTY);
        return property == null || property.isBlank() ? RunStore.defaultDir() : Path.of(property);
    }

    static PotherRunRecord none() {
        return new PotherRunRecord(null);
    }

    /** A new run file in {@code dir}; an environment error (exit 3) when the folder cannot take it. */
    static PotherRunRecord create(Path dir, RunDefinition d, String configXml) {
        try {
            BenchmarkRun run = new RunStore(dir).create(d, RunEnvironment.capture(configXml));
            run.step(0, d);
            return new PotherRunRecord(run);
        } catch (IOException | RuntimeException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "cannot save the run in " + dir + " (" + e.getMessage()
                    + "); --runs-dir DIR saves it elsewhere, --no-save not at all.");
        }
    }

    /** The run's id in the store, or null when not saved. */
    String id() {
        return run == null ? null : run.id();
    }

    /**
     * Records one report of the pair: a transceiver's periods once it pings, a receiver's as throughput, the
     * other tests' as the CPU and RSS of their agent; errors as messages. {@code tests} names the pair's tests.
     */
    void report(PotherReport r, String transceiver, String receiver) {
        if (run == null) {
            return;
        }
        String agent = "app " + r.appId();
        switch (r) {
            case LatencyPeriodReport l when l.name().equals(transceiver) -> {
                if (l.report().sent() > 0) { // the periods waiting for the transponder measured nothing
                    run.latency(agent, l.report(), resources(l.usage()));
                } else {
                    run.resources(agent, resources(l.usage()));
                }
            }
            case ThroughputPeriodReport t when t.name().equals(receiver) && t.role() == Role.RECEIVER ->
                run.throughput(agent, new ThroughputReport(t.periodNanos(), t.samples(), t.bytes(), t.lostTotal(),
                        t.outOfOrderTotal(), t.sequenceSamplesPerSecond(), t.requestedSamplesPerSecond()),
                        resources(t.usage()));
            case ThroughputPeriodReport t -> run.resources(agent, resources(t.usage()));
            case ErrorReport e -> run.message(agent, e.message());
            default -> { }
        }
    }

    void message(String text) {
        if (run != null) {
            run.message(null, text);
        }
    }

    void finish(BenchmarkRun.State state, String message) {
        if (run != null) {
            run.finish(state, message);
        }
    }

    private static AgentResources resources(ResourceUsage u) {
        return u == null || u.rssBytes() == 0 ? null : new AgentResources(u.cpuUserPercent(), u.cpuSysPercent(),
                u.rssBytes());
    }
}
