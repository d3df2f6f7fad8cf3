package org.ddstuner.config.trial;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgentsSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.RunSummary;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Scenarios;

/**
 * "Try with a benchmark" (issue 16): runs one Pother scenario on two local agent processes under the current
 * configuration, then again under the new one, each made loopback-only first ({@link LoopbackSandbox}), into two
 * runs the Benchmarks charts overlay (A current, B new) and {@link #compare} puts side by side. The runs are
 * ordinary Pother runs (saved in the run store when one is given), so Saved Runs can compare them again later.
 */
public final class ConfigTrial {

    /** The scenarios a try offers: the seeds' tuning loop (latency, and throughput against size). */
    public enum Kind {
        RTT("rtt", "Round trip 64 B", "p50 round trip (µs), lower is better"),
        SWEEP("sweep", "Payload sweep 64 B – 64 KiB", "throughput (samples/s) per size, higher is better");

        private final String id;
        private final String title;
        private final String measure;

        Kind(String id, String title, String measure) {
            this.id = id;
            this.title = title;
            this.measure = measure;
        }

        public String id() {
            return id;
        }

        public String title() {
            return title;
        }

        /** What the comparison compares. */
        public String measure() {
            return measure;
        }

        /** The steps, each lasting {@code perStep}. */
        public List<RunDefinition> steps(Duration perStep) {
            return this == RTT ? List.of(RunDefinition.latency(64, perStep))
                    : Scenarios.payloadSweep(perStep).steps();
        }

        public static Kind byId(String id) {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown scenario \"" + id + "\": rtt or sweep");
        }
    }

    /** One side of a try: its name ("current"/"new"), the run and the loopback copy of its configuration. */
    public record Side(String name, BenchmarkRun run, LoopbackSandbox.Result config) {
    }

    /** One step's figure under both configurations. */
    public record Row(String step, int size, double current, double candidate, String unit) {
        /** new / current (NaN when either is missing). */
        public double ratio() {
            return current > 0 && Double.isFinite(current) && Double.isFinite(candidate) ? candidate / current
                    : Double.NaN;
        }

        /** "64 B: current 41.2 µs, new 39.0 µs, ratio 0.95". */
        public String format() {
            return String.format(Locale.ROOT, "%s: current %.1f %s, new %.1f %s, ratio new/current %.3f", step, current,
                    unit, candidate, unit, ratio());
        }
    }

    /** Agents of a try get these app ids (current, then new), away from the ones people start by hand. */
    static final int FIRST_APP_ID = 201;
    /** Longest a side may run beyond its steps' own time (agent start on a busy machine, the stop). */
    static final Duration SLACK = Duration.ofSeconds(120);

    private final AgentLauncher launcher;
    private final Kind kind;
    private final Duration perStep;
    private final int domainId;
    private final RunStore store;
    private final Consumer<String> log;

    /**
     * @param domainId the current side's domain; the new side's is {@code domainId + 3} (clear of the local agents'
     *                 TCP and shared-memory domains): one process may hold one configuration per domain
     * @param store    where the runs are saved ({@code null}: not saved)
     * @param log      the agents' output and progress ({@code null}: nowhere)
     */
    public ConfigTrial(AgentLauncher launcher, Kind kind, Duration perStep, int domainId, RunStore store,
            Consumer<String> log) {
        this.launcher = launcher;
        this.kind = kind;
        this.perStep = perStep;
        this.domainId = domainId;
        this.store = store;
        this.log = log == null ? s -> { } : log;
    }

    /**
     * Runs the current side, then the new one. {@code started} gets each run as it starts (a view can draw it
     * live); {@code cancel} stops the run going on and skips the rest.
     *
     * @throws IllegalArgumentException a configuration cannot be tried ({@link LoopbackSandbox#of})
     * @throws IOException              a run could not be saved or the agents did not start
     */
    public List<Side> run(String currentXml, String candidateXml, Consumer<Side> started, BooleanSupplier cancel)
            throws IOException, InterruptedException {
        LoopbackSandbox.Result current = LoopbackSandbox.of(currentXml);
        LoopbackSandbox.Result candidate = LoopbackSandbox.of(candidateXml);
        List<Side> out = new ArrayList<>();
        out.add(side("current", current, domainId, FIRST_APP_ID, started, cancel));
        if (!cancel.getAsBoolean()) {
            out.add(side("new", candidate, domainId + 3, FIRST_APP_ID + 10, started, cancel));
        }
        return out;
    }

    private Side side(String name, LoopbackSandbox.Result config, int domain, int firstApp, Consumer<Side> started,
            BooleanSupplier cancel) throws IOException, InterruptedException {
        List<RunDefinition> steps = kind.steps(perStep);
        RunDefinition definition = steps.get(0).withLabel(kind.title() + ", " + name + " configuration");
        RunEnvironment env = RunEnvironment.capture(config.xml());
        BenchmarkRun run = store == null ? BenchmarkRun.unsaved(definition, env) : store.create(definition, env);
        Side side = new Side(name, run, config);
        log.accept("try: " + name + " configuration on domain " + domain + (config.changes().isEmpty() ? ""
                : " (loopback copy: " + String.join("; ", config.changes()) + ")"));
        started.accept(side);
        try (Domain d = Domain.create(domain, config.xml());
                PotherController c = PotherController.open(d);
                LocalAgentsSource agents = new LocalAgentsSource(launcher, c, domain, config.xml(), log)) {
            agents.setAgents(2, firstApp);
            ScenarioRunner r = ScenarioRunner.start(agents, run, steps);
            long end = System.nanoTime() + perStep.multipliedBy(steps.size()).plus(SLACK).toNanos();
            while (!r.await(Duration.ofMillis(200))) {
                if (cancel.getAsBoolean() || System.nanoTime() - end > 0) {
                    if (!cancel.getAsBoolean()) {
                        run.message("try", "stopped: longer than " + perStep.multipliedBy(steps.size()).plus(SLACK));
                    }
                    r.stop();
                    r.await(Duration.ofSeconds(60));
                    break;
                }
            }
        }
        return side;
    }

    /**
     * Per step the measure of {@link Kind#measure()}: p50 round trip for {@link Kind#RTT} (and p99 as a second
     * row), samples/s for {@link Kind#SWEEP}; a step missing on one side has NaN there.
     */
    public static List<Row> compare(Kind kind, BenchmarkRun current, BenchmarkRun candidate) {
        List<RunSummary> a = RunSummary.perStep(current);
        List<RunSummary> b = RunSummary.perStep(candidate);
        List<Row> rows = new ArrayList<>();
        for (RunSummary s : a) {
            RunSummary t = b.stream().filter(x -> x.step() == s.step()).findFirst().orElse(null);
            String step = s.size() + " B";
            if (kind == Kind.RTT) {
                rows.add(new Row(step + " p50", s.size(), s.p50Micros(), t == null ? Double.NaN : t.p50Micros(), "µs"));
                rows.add(new Row(step + " p99", s.size(), s.p99Micros(), t == null ? Double.NaN : t.p99Micros(), "µs"));
            } else {
                rows.add(new Row(step, s.size(), s.samplesPerSecond(), t == null ? Double.NaN : t.samplesPerSecond(),
                        "samples/s"));
            }
        }
        return rows;
    }
}
