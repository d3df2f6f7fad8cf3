package org.ddstuner.pother.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgentsSource;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.ReportSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Transports;

/**
 * What the Benchmarks views share: the benchmark domain (loopback only, {@value LocalPairRunner#DOMAIN_PROPERTY})
 * with a {@link PotherController} that sees every agent on it, the report sources (local agent processes,
 * the in-process pair, chosen agents), where runs are saved, the run being executed, and which runs the
 * charts show (the current one, or two saved runs overlaid). Views read it from the UI thread on the
 * {@link RefreshTicker}; only the run's own thread writes points.
 */
public final class BenchmarkSession {

    /** System property: where runs are saved (default ~/.ddstuner/runs). */
    public static final String RUNS_DIR_PROPERTY = "ddstuner.runs.dir";

    private static final BenchmarkSession INSTANCE = new BenchmarkSession();

    private final RunStore store = new RunStore(Path.of(System.getProperty(RUNS_DIR_PROPERTY, RunStore.defaultDir().toString())));
    private final LocalPairRunner inProcess = LocalPairRunner.fromSystemProperty();
    private final String config = CycloneConfig.loopbackOnly();
    private Domain domain; // guarded by this, opened on first use
    private PotherController controller;
    private LocalAgentsSource localAgents;
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

    /** The domain agents and the in-process pair use. */
    public int domainId() {
        return inProcess.domainId();
    }

    /** The in-process pair (no network transport: see {@link LocalPairRunner#IN_PROCESS_NOTE}). */
    public LocalPairRunner inProcess() {
        return inProcess;
    }

    /** The controller on the benchmark domain (opened on first use; blocks ~100 ms then). */
    public synchronized PotherController controller() {
        if (controller == null) {
            domain = LocalPairRunner.openShared(domainId(), config);
            controller = PotherController.open(domain);
        }
        return controller;
    }

    /** The source that starts agent processes on this machine (the Launcher's default). */
    public synchronized LocalAgentsSource localAgents() {
        if (localAgents == null) {
            localAgents = new LocalAgentsSource(AgentClassPath.launcher(), controller(), domainId(), config, null);
        }
        return localAgents;
    }

    /** A source running on the chosen agents of the benchmark domain: app ids (first measures) or a group. */
    public AgentReportSource agents(List<Integer> appIds, String group) {
        return group != null ? AgentReportSource.ofGroup(controller(), RunDefinition.Transport.UDP, group)
                : AgentReportSource.of(controller(), RunDefinition.Transport.UDP, appIds);
    }

    /** Starts {@code steps} on the local agent processes. */
    public BenchmarkRun start(RunDefinition definition, List<RunDefinition> steps) throws IOException {
        return start(definition, steps, localAgents());
    }

    /** Starts {@code steps} on {@code source} as one saved run titled by {@code definition}; the charts switch to it. */
    public synchronized BenchmarkRun start(RunDefinition definition, List<RunDefinition> steps, ReportSource source)
            throws IOException {
        if (isRunning()) {
            throw new IllegalStateException("A benchmark is already running; stop it first.");
        }
        String cfg = source == inProcess ? Transports.config(definition.transport()) : config;
        BenchmarkRun run = store.create(definition, RunEnvironment.capture(cfg));
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

    /**
     * Changes the running test to {@code next}'s size, rate and QoS (the agents rebuild it; the run goes on). Returns
     * why not, or null if it was taken.
     */
    public String redefine(RunDefinition next) {
        ScenarioRunner r = runner;
        return r == null || r.isDone() ? "no test is running" : r.redefine(next);
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

    /** Stops the local agent processes and closes the benchmark domain (workbench shutdown). */
    public synchronized void shutdown() {
        stop();
        if (localAgents != null) {
            localAgents.close();
            localAgents = null;
        }
        if (controller != null) {
            controller.close();
            controller = null;
        }
        if (domain != null && domain.participants().isEmpty()) {
            domain.close();
        }
        domain = null;
    }
}
