package org.ddstuner.pother.runs;

import java.util.function.BooleanSupplier;

/**
 * Something that runs a {@link RunDefinition} and produces its reports: the in-process
 * {@link LocalPairRunner} today, remote agents driven over the command topics later. The UI and
 * {@link ScenarioRunner} only talk to this interface.
 */
public interface ReportSource {

    /** Shown in the agents list and stored with the run. */
    String name();

    /**
     * Runs {@code definition} for its duration (or until {@code stopRequested} says so), delivering a
     * report to {@code sink} every period; blocks until done.
     *
     * @throws Exception what made the run impossible (the caller records it with the run)
     */
    void run(RunDefinition definition, ReportSink sink, BooleanSupplier stopRequested) throws Exception;

    /**
     * Changes the test running now to {@code next}'s size, rate and QoS without stopping the run (the agents
     * rebuild a test whose definition changes while it runs). Returns why not, or null if it was taken.
     */
    default String redefine(RunDefinition next) {
        return name() + " cannot change a running test";
    }

    /** Why {@code definition} cannot run here (e.g. shared memory missing), or null if it can. */
    default String unsupported(RunDefinition definition) {
        return null;
    }
}
