package org.ddstuner.pother.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Writer;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.CommandCodec;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ProtocolEndpoints;
import org.ddstuner.pother.protocol.ProtocolTypes;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;
import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.ReportCodec;
import org.ddstuner.pother.protocol.ResourceUsage;
import org.ddstuner.pother.protocol.SenderPeriodReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestState;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * A headless Pother agent: one participant in a domain that takes the definitions and QoS changes
 * addressed to its app id (or broadcast to its group) from partition {@value ProtocolTypes#COMMANDS_PARTITION},
 * runs the tests they describe and publishes their reports, errors and its own announcement (every second,
 * with CPU and RSS) in {@value ProtocolTypes#REPORTS_PARTITION}. Runs until {@link #close()}.
 *
 * <p>Everything that changes tests happens on one control thread, fed by the command readers' listeners,
 * so a slow or broken definition never blocks DDS and never races another command. A definition the agent
 * cannot run (bad value, unknown QoS, missing partner) becomes an {@link ErrorReport} and a log line; the
 * agent goes on serving the next command.
 */
public final class Agent implements AutoCloseable, TestHost {

    private static final long ANNOUNCE_MILLIS = ProtocolTypes.ANNOUNCEMENT_PERIOD.toMillis();

    private final int appId;
    private final String groupId;
    private final Domain domain;
    private final Consumer<String> log;
    private final Participant participant;
    private final ProtocolEndpoints endpoints;
    private final ScheduledExecutorService control;
    /**
     * Announces the agent, and only that: on the control thread a beat waited for whatever ran there (a test being
     * defined or closed creates and deletes participants, a period's report is encoded), and a controller counted
     * every late beat as silence.
     */
    private final ScheduledExecutorService heartbeat;
    /** The tests' summaries as the control thread last saw them (the heartbeat thread must not touch {@link #tests}). */
    private volatile String testSummaries = "";
    private final ProcessUsageSampler sampler = new ProcessUsageSampler();
    private final Map<String, TestRunner> tests = new LinkedHashMap<>(); // by role:name, control thread only
    private final String host = hostName();
    private volatile ResourceUsage usage;
    private volatile boolean closed;

    private Agent(Domain domain, int appId, String groupId, Consumer<String> log, java.time.Duration claim) {
        this.domain = domain;
        this.appId = appId;
        this.groupId = groupId;
        this.log = log;
        this.usage = sampler.sample();
        this.control = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("pother-agent-" + appId).unstarted(r));
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("pother-agent-" + appId + "-heartbeat").unstarted(r));
        this.participant = domain.createParticipant(Qos.EMPTY.withEntityName("Pother agent " + appId));
        if (claim != null) {
            try {
                AppIdCheck.claim(participant, appId, claim); // before it reads a command or announces itself
            } catch (RuntimeException e) {
                participant.close();
                control.shutdownNow();
                heartbeat.shutdownNow();
                throw e;
            }
        }
        this.endpoints = ProtocolEndpoints.forAgent(participant);
    }

    /**
     * Starts an agent on a participant of its own in {@code domain} (the caller keeps the domain).
     *
     * @param appId   0 or more; commands name it
     * @param groupId the group whose broadcasts it takes ("" for none)
     * @param log     where its log lines go (e.g. {@code System.err::println})
     */
    public static Agent start(Domain domain, int appId, String groupId, Consumer<String> log) {
        return start(domain, appId, groupId, log, null);
    }

    /**
     * Starts an agent as {@link #start} does, once it has made sure no other agent holds {@code appId}: it listens to
     * the announcements for about one announcement period first (so this takes 1.5 s) and refuses to start if a
     * running agent announces that app id. What {@code ddstuner pother} does; {@link #start} is for a caller that
     * chose every app id in the domain itself (tests, local pairs).
     *
     * @throws DuplicateAppIdException if another agent announces {@code appId} (its pid and host in the message)
     */
    public static Agent startUnique(Domain domain, int appId, String groupId, Consumer<String> log) {
        return start(domain, appId, groupId, log, AppIdCheck.LISTEN);
    }

    private static Agent start(Domain domain, int appId, String groupId, Consumer<String> log, java.time.Duration claim) {
        if (appId < 0) {
            throw new IllegalArgumentException("an agent's app id is 0 or more, not " + appId);
        }
        Agent a = new Agent(domain, appId, groupId == null ? "" : groupId, log == null ? s -> { } : log, claim);
        a.begin();
        return a;
    }

    private void begin() {
        for (Map.Entry<TopicKind, Reader> e : endpoints.readers().entrySet()) {
            TopicKind kind = e.getKey();
            Reader reader = e.getValue();
            reader.setListener(() -> submit(() -> drain(kind, reader)));
            submit(() -> drain(kind, reader)); // transient-local commands that were there before the listener
        }
        heartbeat.scheduleAtFixedRate(() -> guarded("announcement", this::announce), 0, ANNOUNCE_MILLIS,
                TimeUnit.MILLISECONDS);
        log("started on domain " + domain.domainId() + (groupId.isEmpty() ? "" : ", group " + groupId) + ", pid "
                + ProcessHandle.current().pid());
    }

    public int appId() {
        return appId;
    }

    public String groupId() {
        return groupId;
    }

    @Override
    public Participant participant() {
        return participant;
    }

    /** The tests it holds now, as {@code role:name:running|stopped}. */
    public List<String> tests() {
        try {
            return control.submit(() -> tests.values().stream().map(TestRunner::summary).toList()).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            return List.of();
        }
    }

    // ---- commands (control thread) ----

    private void drain(TopicKind kind, Reader reader) {
        if (closed) {
            return;
        }
        for (List<Sample<Map<String, Object>>> batch = reader.take(64); !batch.isEmpty(); batch = reader.take(64)) {
            for (Sample<Map<String, Object>> s : batch) {
                if (s.info().validData()) {
                    command(kind, s.data());
                }
            }
        }
    }

    private void command(TopicKind kind, Map<String, Object> sample) {
        String name = String.valueOf(sample.getOrDefault("name", ""));
        try {
            Target target = new Target(Math.max(Target.ANY_APP, ((Number) sample.get("app_id")).intValue()),
                    String.valueOf(sample.get("group_id")));
            if (!target.reaches(appId, groupId)) {
                return;
            }
            if (kind == TopicKind.QOS_CHANGE) {
                qosChange(CommandCodec.decodeQosChange(sample));
            } else {
                define(CommandCodec.decode(roleOf(kind), sample));
            }
        } catch (RuntimeException e) {
            error(name, "cannot apply " + kind.topicName() + " for '" + name + "': " + e.getMessage());
        }
    }

    private static Role roleOf(TopicKind kind) {
        for (Role r : Role.values()) {
            if (r.definitionTopic() == kind) {
                return r;
            }
        }
        throw new IllegalArgumentException("not a definition topic: " + kind);
    }

    private void define(TestDefinition d) {
        String key = d.role().wireName() + ":" + d.name();
        TestRunner existing = tests.get(key);
        if (d.state() == TestState.REMOVED) {
            if (existing != null) {
                tests.remove(key);
                existing.close();
                log(existing.describe() + " removed");
            }
            return;
        }
        try {
            Checks.validate(d);
        } catch (IllegalArgumentException e) {
            error(d.name(), d.role().wireName() + " " + d.name() + ": " + e.getMessage()
                    + (existing != null ? " (the test keeps running as it was)" : ""));
            return;
        }
        if (existing != null && existing.definition().sameTestAs(d)) {
            if (d.state() == TestState.RUNNING) {
                existing.start();
            } else {
                existing.stop();
            }
            log(existing.describe() + " " + (d.state() == TestState.RUNNING ? "started" : "stopped"));
            return;
        }
        if (existing != null) {
            tests.remove(key);
            existing.close();
        }
        TestRunner t = switch (d.role()) {
            case TRANSCEIVER -> new TransceiverRunner(d, this);
            case TRANSPONDER -> new TransponderRunner(d, this);
            case TRANSMITTER -> new TransmitterRunner(d, this);
            case RECEIVER -> new ReceiverRunner(d, this);
            case RELAY -> new RelayRunner(d, this);
        };
        tests.put(key, t);
        if (d.state() == TestState.RUNNING) {
            t.start();
        }
        log(t.describe() + (existing != null ? " redefined" : " defined") + " (" + d.state().name().toLowerCase() + ")");
    }

    private void qosChange(QosChange c) {
        List<TestRunner> named = tests.values().stream().filter(t -> t.definition().name().equals(c.name())).toList();
        if (named.isEmpty()) {
            error(c.name(), "QoS change " + c.policy() + "=" + c.value() + ": no test named '" + c.name() + "' here");
            return;
        }
        for (TestRunner t : named) {
            TestDefinition d = t.definition();
            TestDefinition changed = d.withQos(QosChanges.apply(d.qos(), c)).withState(t.running() ? TestState.RUNNING
                    : TestState.STOPPED);
            log(t.describe() + ": QoS " + c.policy() + " → " + c.value());
            define(changed);
        }
    }

    // ---- TestHost ----

    @Override
    public Participant newParticipant(String testName) {
        return domain.createParticipant(Qos.EMPTY.withEntityName("Pother agent " + appId + " test " + testName));
    }

    @Override
    public ResourceUsage usage() {
        return usage;
    }

    @Override
    public ScheduledFuture<?> every(long millis, Runnable task) {
        return control.scheduleAtFixedRate(() -> guarded("periodic task", task), millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Publishes a report; any thread may call this. */
    @Override
    public void publish(PotherReport r) {
        if (closed) {
            return;
        }
        Writer w = switch (r) {
            case LatencyPeriodReport l -> write(TopicKind.LATENCY_REPORT, ReportCodec.encode(l));
            case ThroughputPeriodReport t -> write(TopicKind.THROUGHPUT_REPORT, List.of(ReportCodec.encode(t)));
            case SenderPeriodReport s -> write(TopicKind.SENDER_REPORT, List.of(ReportCodec.encode(s)));
            case DiscoveryReport d -> write(TopicKind.DISCOVERY_REPORT, List.of(ReportCodec.encode(d)));
            case ErrorReport e -> write(TopicKind.ERROR_REPORT, List.of(ReportCodec.encode(e)));
            case AgentAnnouncement a -> write(TopicKind.AGENT_ANNOUNCEMENT, List.of(ReportCodec.encode(a)));
        };
        if (Writer.writeBatching()) {
            // a transmitter turned batching on for every writer of this process: a report must leave now, not
            // when a later one fills the batch (the last report of a test may have no later one)
            w.flush();
        }
    }

    private Writer write(TopicKind kind, List<Map<String, Object>> samples) {
        Writer w = endpoints.writer(kind);
        samples.forEach(w::write);
        return w;
    }

    @Override
    public void fail(TestRunner test, String message) {
        error(test.definition().name(), message);
        String key = test.definition().role().wireName() + ":" + test.definition().name();
        if (tests.get(key) == test) {
            tests.remove(key);
        }
        test.close(false);
    }

    @Override
    public void log(String line) {
        log.accept("pother agent " + appId + ": " + line);
    }

    private void error(String name, String message) {
        log("ERROR " + message);
        try {
            publish(new ErrorReport(appId, groupId, name, DdsTime.now(), usage, message));
        } catch (RuntimeException e) {
            log("cannot publish the error report: " + e.getMessage());
        }
    }

    /** Heartbeat thread: the tests as of the last control task (at most a beat old: each beat asks for a fresh look). */
    private void announce() {
        submit(this::noteTests);
        usage = sampler.sample();
        publish(announcement(AgentAnnouncement.RUNNING, testSummaries));
    }

    /** Control thread: what the next announcement says of the tests. */
    private void noteTests() {
        List<String> summaries = new ArrayList<>();
        tests.values().forEach(t -> summaries.add(t.summary()));
        testSummaries = String.join(",", summaries);
    }

    private AgentAnnouncement announcement(String state, String summaries) {
        return new AgentAnnouncement(appId, groupId, host, ProcessHandle.current().pid(),
                AgentAnnouncement.currentVersion(), state, summaries, DdsTime.now(), usage);
    }

    private void submit(Runnable task) {
        if (!closed) {
            try {
                control.execute(() -> {
                    guarded("command", task);
                    noteTests();
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closing
            }
        }
    }

    /** A task that throws must neither kill the control thread nor cancel a periodic task silently. */
    private void guarded(String what, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            error("", what + " failed: " + e);
        }
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (Exception e) {
            String h = System.getenv("HOSTNAME");
            return h != null ? h : "localhost";
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        heartbeat.shutdownNow(); // before "stopped": a beat after it would say "running" again
        try {
            heartbeat.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            control.submit(() -> {
                for (TestRunner t : List.copyOf(tests.values())) {
                    try {
                        t.close();
                    } catch (RuntimeException e) {
                        log("closing " + t.describe() + ": " + e.getMessage());
                    }
                }
                tests.clear();
                publish(announcement(AgentAnnouncement.STOPPED, ""));
            }).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            log("stopping tests: " + e);
        }
        closed = true;
        control.shutdownNow();
        try {
            control.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        endpoints.close();
        participant.close();
        log("stopped");
    }
}
