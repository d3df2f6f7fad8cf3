package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.List;

/**
 * Runs the steps of a scenario (or a single definition) one after the other on a {@link ReportSource},
 * into one {@link BenchmarkRun}, on its own thread. Stopping ends the current step and skips the rest.
 */
public final class ScenarioRunner {

    private final ReportSource source;
    private final BenchmarkRun run;
    private final List<RunDefinition> steps;
    private final Thread thread;
    private volatile boolean stopRequested;
    private volatile int stoppedAt = -1; // the step that was running when Stop came

    private ScenarioRunner(ReportSource source, BenchmarkRun run, List<RunDefinition> steps) {
        this.source = source;
        this.run = run;
        this.steps = List.copyOf(steps);
        this.thread = Thread.ofPlatform().daemon().name("pother-run-" + run.id()).unstarted(this::runAll);
    }

    /** Starts {@code steps} into {@code run} (a run from {@link RunStore#create} or {@link BenchmarkRun#unsaved}). */
    public static ScenarioRunner start(ReportSource source, BenchmarkRun run, List<RunDefinition> steps) {
        ScenarioRunner r = new ScenarioRunner(source, run, steps);
        r.thread.start();
        return r;
    }

    public BenchmarkRun run() {
        return run;
    }

    /**
     * Asks the run to stop: the current step winds its tests down at once (senders stopped, every test removed
     * over the command topics, so the agents go idle), the later steps are skipped, and the run ends STOPPED.
     * Returns at once; {@link #await} waits for the end.
     */
    public void stop() {
        stopRequested = true;
    }

    /**
     * Changes the step running now to {@code next}'s size, rate and QoS (see {@link ReportSource#redefine}); the later
     * steps keep theirs. Returns why not, or null if it was taken.
     */
    public String redefine(RunDefinition next) {
        if (isDone() || stopRequested) {
            return "the run has ended";
        }
        return source.redefine(next);
    }

    public boolean isDone() {
        return !thread.isAlive();
    }

    /** Waits until the run has ended; true if it did within {@code timeout}. */
    public boolean await(Duration timeout) throws InterruptedException {
        return thread.join(timeout);
    }

    private void runAll() {
        int failed = 0;
        String lastError = null;
        try {
            for (int i = 0; i < steps.size() && !stopRequested; i++) {
                stoppedAt = i;
                RunDefinition step = steps.get(i);
                run.step(i, step);
                String why = source.unsupported(step);
                if (why != null) {
                    run.message(source.name(), step.label() + ": skipped. " + why);
                    continue;
                }
                try {
                    source.run(step, run, () -> stopRequested);
                } catch (Exception e) {
                    failed++;
                    lastError = step.label() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage());
                    run.message(source.name(), lastError);
                }
            }
        } catch (RuntimeException | Error e) {
            run.finish(BenchmarkRun.State.FAILED, String.valueOf(e));
            throw e;
        }
        if (!stopRequested && steps.stream().allMatch(s -> s.kind() == RunDefinition.Kind.THROUGHPUT)) {
            Plateau.of(RunSummary.perStep(run)).ifPresent(p -> run.message(source.name(), p.describe())); // a sweep's answer
        }
        if (stopRequested) { // a step that failed because of the Stop is still a stopped run
            run.finish(BenchmarkRun.State.STOPPED, steps.size() > 1
                    ? "stopped during step " + (stoppedAt + 1) + " of " + steps.size() : "stopped");
        } else if (failed == steps.size()) {
            run.finish(BenchmarkRun.State.FAILED, lastError);
        } else {
            run.finish(BenchmarkRun.State.FINISHED, failed == 0 ? "" : failed + " step(s) failed; last: " + lastError);
        }
    }
}
