package org.ddstuner.pother.runs;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;

/**
 * One benchmark run as it happens (or as loaded from its file): definition, environment and every
 * report as a point. Sources feed it through {@link ReportSink} from their threads; each report is
 * appended to the run file and flushed before it becomes visible, so a killed run keeps what it had.
 * Readers (the charts) poll {@link #version()} on their own schedule and copy what is new with the
 * {@code …Since(index)} methods; nothing here calls into a UI.
 */
public final class BenchmarkRun implements ReportSink {

    /** Where a run stands. */
    public enum State { RUNNING, FINISHED, STOPPED, FAILED }

    private final String id;
    private final RunDefinition definition;
    private final RunEnvironment environment;
    private final Instant startedAt;
    private final long startNanos = System.nanoTime();
    private final List<Points.Latency> latency = new ArrayList<>();
    private final Map<String, Points.Latency> lastLatencyByAgent = new TreeMap<>();
    private final List<Points.Throughput> throughput = new ArrayList<>();
    private final List<Points.Resources> resources = new ArrayList<>();
    private final List<Points.Step> steps = new ArrayList<>();
    private final List<Points.Message> messages = new ArrayList<>();
    private final List<Points.Discovery> discovery = new ArrayList<>();
    private Writer file; // guarded by this; null for loaded runs
    private int currentStep;
    private volatile long version;
    private volatile State state = State.RUNNING;
    private volatile String endMessage = "";
    private volatile boolean truncated;
    private IOException writeFailure;

    BenchmarkRun(String id, RunDefinition definition, RunEnvironment environment, Instant startedAt, Writer file) {
        this.id = id;
        this.definition = definition;
        this.environment = environment;
        this.startedAt = startedAt;
        this.file = file;
    }

    /** A run that is not saved anywhere (tests, previews). */
    public static BenchmarkRun unsaved(RunDefinition definition, RunEnvironment environment) {
        return new BenchmarkRun("unsaved", definition, environment, Instant.now(), null);
    }

    public String id() {
        return id;
    }

    public RunDefinition definition() {
        return definition;
    }

    public RunEnvironment environment() {
        return environment;
    }

    public Instant startedAt() {
        return startedAt;
    }

    public State state() {
        return state;
    }

    /** Why the run ended (error text for FAILED), empty while running. */
    public String endMessage() {
        return endMessage;
    }

    /** Whether the file this run was loaded from ended in an incomplete line (the writer was killed). */
    public boolean truncated() {
        return truncated;
    }

    /** Changes with every point, step, message or state change: cheap to poll. */
    public long version() {
        return version;
    }

    private double now() {
        return ((measuredAt != 0 ? measuredAt : System.nanoTime()) - startNanos) / 1e9;
    }

    /** Set while {@link #measuredAt} delivers: the time its calls are recorded at (0: now). */
    private long measuredAt;

    /** Records {@code calls} at {@code nanoTime} (not later than now) instead of now: reports delivered late. */
    @Override
    public synchronized void measuredAt(long nanoTime, Runnable calls) {
        long now = System.nanoTime();
        measuredAt = nanoTime - now < 0 ? nanoTime : now;
        try {
            calls.run();
        } finally {
            measuredAt = 0;
        }
    }

    @Override
    public synchronized void step(int index, RunDefinition stepDefinition) {
        Points.Step s = new Points.Step(index, stepDefinition, now());
        Map<String, Object> m = RunCodec.line("step", s.time(), null);
        m.put("index", index);
        m.put("definition", stepDefinition.toJson());
        persist(m);
        addStep(s);
    }

    @Override
    public synchronized void latency(String agent, LatencyReport report, AgentResources res) {
        double t = persistReport("latency", agent, RunCodec.latency(report), res);
        addLatency(new Points.Latency(t, agent, currentStep, report), res);
    }

    @Override
    public synchronized void throughput(String agent, ThroughputReport report, AgentResources res) {
        double t = persistReport("throughput", agent, RunCodec.throughput(report), res);
        addThroughput(new Points.Throughput(t, agent, currentStep, report), res);
    }

    /** Saves a report record of the current step; returns its time. */
    private double persistReport(String type, String agent, Map<String, Object> report, AgentResources res) {
        double t = now();
        Map<String, Object> m = RunCodec.line(type, t, agent);
        m.put("step", currentStep);
        m.put("report", report);
        putResources(m, res);
        persist(m);
        return t;
    }

    @Override
    public synchronized void resources(String agent, AgentResources res) {
        if (res == null) {
            return;
        }
        double t = now();
        Map<String, Object> m = RunCodec.line("resources", t, agent);
        putResources(m, res);
        persist(m);
        addResources(new Points.Resources(t, agent, res));
    }

    @Override
    public synchronized void message(String agent, String text) {
        Points.Message msg = new Points.Message(now(), agent, text);
        Map<String, Object> m = RunCodec.line("message", msg.time(), agent);
        m.put("text", text);
        persist(m);
        addMessage(msg);
    }

    @Override
    public synchronized void discovery(String agent, DiscoveryResult result) {
        double t = now();
        Map<String, Object> m = RunCodec.line("discovery", t, agent);
        m.put("step", currentStep);
        m.put("result", result.toJson());
        persist(m);
        addDiscovery(new Points.Discovery(t, agent, currentStep, result));
    }

    /** Ends the run: writes the end record and closes the file. Later reports are ignored by the file. */
    public synchronized void finish(State end, String message) {
        if (state != State.RUNNING) {
            return;
        }
        Map<String, Object> m = RunCodec.line("end", now(), null);
        m.put("state", end.name());
        m.put("message", message == null ? "" : message);
        persist(m);
        closeFile();
        endWith(end, message);
    }

    private static void putResources(Map<String, Object> m, AgentResources res) {
        if (res != null) {
            m.put("resources", res.toJson());
        }
    }

    private void persist(Map<String, Object> line) {
        if (file == null) {
            return;
        }
        try {
            file.write(RunJson.write(line));
            file.write('\n');
            file.flush(); // per report: what was measured survives a kill
        } catch (IOException e) {
            if (writeFailure == null) {
                writeFailure = e;
                addMessage(new Points.Message(now(), null, "Saving the run failed: " + e.getMessage()));
            }
        }
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                addMessage(new Points.Message(now(), null, "Closing the run file failed: " + e.getMessage()));
            }
            file = null;
        }
    }

    // --- filling (live and from a file) ---

    synchronized void addStep(Points.Step s) {
        steps.add(s);
        currentStep = s.index();
        version++;
    }

    synchronized void addLatency(Points.Latency p, AgentResources res) {
        latency.add(p);
        // a period with no samples (the one that closed after the run stopped) would hide the agent's last numbers
        String agent = p.agent() == null ? "" : p.agent();
        if (hasSamples(p.report()) || !lastLatencyByAgent.containsKey(agent)) {
            lastLatencyByAgent.put(agent, p);
        }
        if (res != null) {
            resources.add(new Points.Resources(p.time(), p.agent(), res));
        }
        version++;
    }

    /** Whether any column of {@code r} timed at least one sample. */
    static boolean hasSamples(LatencyReport r) {
        return r.columns().values().stream().anyMatch(c -> c.rows().values().stream().anyMatch(s -> s.count() > 0));
    }

    synchronized void addThroughput(Points.Throughput p, AgentResources res) {
        throughput.add(p);
        if (res != null) {
            resources.add(new Points.Resources(p.time(), p.agent(), res));
        }
        version++;
    }

    synchronized void addResources(Points.Resources r) {
        resources.add(r);
        version++;
    }

    synchronized void addMessage(Points.Message m) {
        messages.add(m);
        version++;
    }

    synchronized void addDiscovery(Points.Discovery p) {
        discovery.add(p);
        version++;
    }

    synchronized void endWith(State end, String message) {
        state = end;
        endMessage = message == null ? "" : message;
        version++;
    }

    void markTruncated() {
        truncated = true;
    }

    // --- reading ---

    public synchronized List<Points.Latency> latency() {
        return List.copyOf(latency);
    }

    /** Latency points from index {@code from} on (what a chart has not seen yet). */
    public synchronized List<Points.Latency> latencySince(int from) {
        return from >= latency.size() ? List.of() : List.copyOf(latency.subList(Math.max(0, from), latency.size()));
    }

    public synchronized List<Points.Throughput> throughput() {
        return List.copyOf(throughput);
    }

    public synchronized List<Points.Throughput> throughputSince(int from) {
        return from >= throughput.size() ? List.of()
                : List.copyOf(throughput.subList(Math.max(0, from), throughput.size()));
    }

    public synchronized List<Points.Resources> resources() {
        return List.copyOf(resources);
    }

    public synchronized List<Points.Resources> resourcesSince(int from) {
        return from >= resources.size() ? List.of() : List.copyOf(resources.subList(Math.max(0, from), resources.size()));
    }

    public synchronized List<Points.Step> steps() {
        return List.copyOf(steps);
    }

    /** The discovery benchmark's measurements, in the order they came. */
    public synchronized List<Points.Discovery> discovery() {
        return List.copyOf(discovery);
    }

    public synchronized List<Points.Message> messages() {
        return List.copyOf(messages);
    }

    /**
     * The newest latency point with samples of each agent (by name: a pipeline reports "app N write", "app N
     * end-to-end", … apart), in name order; an agent's empty period counts only while it has no other.
     */
    public synchronized Map<String, Points.Latency> lastLatencyByAgent() {
        return new TreeMap<>(lastLatencyByAgent);
    }

    /** The newest latency point, or null. */
    public synchronized Points.Latency lastLatency() {
        return latency.isEmpty() ? null : latency.get(latency.size() - 1);
    }

    @Override
    public String toString() {
        return id + " " + definition.label() + " (" + state + ")";
    }
}
