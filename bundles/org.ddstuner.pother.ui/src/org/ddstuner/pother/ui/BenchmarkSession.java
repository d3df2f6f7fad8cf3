package org.ddstuner.pother.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.ReportSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Transports;

/**
 * What the Benchmarks views share: the report source (the local pair for now), where runs are saved,
 * the run being executed, and which runs the charts show (the current one, or two saved runs overlaid).
 * Views read it from the UI thread on the {@link RefreshTicker}; only the run's own thread writes points.
 */
public final class BenchmarkSession {

    /** System property: where runs are saved (default ~/.ddstuner/runs). */
    public static final String RUNS_DIR_PROPERTY = "ddstuner.runs.dir";

    private static final BenchmarkSession INSTANCE = new BenchmarkSession();

    private final RunStore store = new RunStore(Path.of(System.getProperty(RUNS_DIR_PROPERTY, RunStore.defaultDir().toString())));
    private final ReportSource source = LocalPairRunner.fromSystemProperty();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private volatile ScenarioRunner runner;
    private volatile List<BenchmarkRun> shown = List.of();
    private volatile long shownVersion;

    private BenchmarkSession() {
    }

    public static BenchmarkSession get() {
        return INSTANCE;
    }

    public RunStore store() {
        return store;
    }

    public ReportSource source() {
        return source;
    }

    /** Starts {@code steps} as one saved run titled by {@code definition}; the charts switch to it. */
    public synchronized BenchmarkRun start(RunDefinition definition, List<RunDefinition> steps) throws IOException {
        if (isRunning()) {
            throw new IllegalStateException("A benchmark is already running; stop it first.");
        }
        String config = Transports.config(definition.transport());
        BenchmarkRun run = store.create(definition, RunEnvironment.capture(config));
        runner = ScenarioRunner.start(source, run, steps);
        show(List.of(run));
        return run;
    }

    public void stop() {
        ScenarioRunner r = runner;
        if (r != null) {
            r.stop();
        }
    }

    public boolean isRunning() {
        ScenarioRunner r = runner;
        return r != null && !r.isDone();
    }

    /** The run started last (running or not), or null. */
    public BenchmarkRun current() {
        ScenarioRunner r = runner;
        return r == null ? null : r.run();
    }

    /** What the charts and the table show: one run, or several overlaid (first = "A"). */
    public List<BenchmarkRun> shown() {
        return shown;
    }

    /** Changes whenever {@link #shown()} does. */
    public long shownVersion() {
        return shownVersion;
    }

    public void show(List<BenchmarkRun> runs) {
        shown = List.copyOf(runs);
        shownVersion++;
        listeners.forEach(Runnable::run);
    }

    /** Called (on the caller's thread) when the shown runs change or a run starts. */
    public void addListener(Runnable l) {
        listeners.add(l);
    }

    public void removeListener(Runnable l) {
        listeners.remove(l);
    }
}
