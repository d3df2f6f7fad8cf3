package org.ddstuner.pother.control;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.CommandCodec;
import org.ddstuner.pother.protocol.LatencyAssembler;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ProtocolEndpoints;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;
import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.ReportCodec;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestState;

/**
 * Drives Pother agents over DDS (for the Benchmarks UI, the CLI and tests): finds agents by their
 * announcements, sends test definitions and QoS changes to an app id or a group, and delivers every report
 * as a typed {@link PotherReport} record (switch over {@code AgentAnnouncement}, {@code LatencyPeriodReport},
 * {@code ThroughputPeriodReport}, {@code DiscoveryReport}, {@code ErrorReport}).
 *
 * <p>Threads: DDS listener threads only decode and queue; one dispatcher thread of the controller calls
 * the listeners, in arrival order, never a DDS thread and never the UI thread (a UI listener must hand over
 * to its display, e.g. append to a bounded buffer it polls). A listener that throws is logged and kept.
 *
 * <p>Whether each agent is still there ({@link #statuses()}): live, unresponsive (nothing from it for three of its
 * announcement periods and at least {@link #UNRESPONSIVE_AFTER}: frozen or starved; timed by this process's monotonic
 * clock when its samples are taken, on the DDS listener thread), gone (its DDS participant was lost without a
 * "stopped" announcement: deleted without goodbye, seen at once, or killed, crashed, cut off, seen when the
 * participant's lease expires, 10 s by default) or stopped. Runs, the Benchmarks views and the CLI all read it from here.
 *
 * <pre>{@code
 * try (PotherController c = PotherController.open(domain)) {
 *     BlockingQueue<PotherReport> q = c.queue(10_000);
 *     c.awaitAgents(Duration.ofSeconds(10), 1, 2);
 *     c.send(TestDefinition.transponder(Target.app(2), "rtt"));
 *     c.send(TestDefinition.transceiver(Target.app(1), "rtt_tx", "rtt", 64).withSampleCount(1000));
 *     PotherReport r = q.poll(5, TimeUnit.SECONDS);
 * }
 * }</pre>
 */
public final class PotherController implements AutoCloseable {

    /**
     * An agent announces itself every second and reports every period: it is {@link AgentStatus.Liveness#UNRESPONSIVE}
     * once nothing came from it for three of its announcement periods and at least this long (five missed beats of
     * the protocol's 1 s: a loaded machine or a JVM at its start delays a beat by a second or two).
     */
    public static final Duration UNRESPONSIVE_AFTER = Duration.ofSeconds(5);

    private final Participant participant;
    private final boolean ownsParticipant;
    private final ProtocolEndpoints endpoints;
    private final LatencyAssembler assembler = new LatencyAssembler();
    private final Map<Integer, AgentAnnouncement> agents = new TreeMap<>();
    private final AgentLiveness liveness = new AgentLiveness(UNRESPONSIVE_AFTER);
    private final List<Consumer<? super PotherReport>> listeners = new CopyOnWriteArrayList<>();
    /** Announcements decoded, reports still raw (decoded on the dispatcher thread: see {@link #drain}). */
    private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    private final Thread dispatcher;
    private volatile boolean closed;

    private PotherController(Participant participant, boolean ownsParticipant) {
        this.participant = participant;
        this.ownsParticipant = ownsParticipant;
        this.endpoints = ProtocolEndpoints.forController(participant);
        this.dispatcher = Thread.ofPlatform().daemon().name("pother-controller-dispatch").start(this::dispatch);
        for (Map.Entry<TopicKind, Reader> e : endpoints.readers().entrySet()) {
            TopicKind kind = e.getKey();
            Reader reader = e.getValue();
            reader.setListener(() -> drain(kind, reader));
            drain(kind, reader); // what arrived before the listener was set (announcements are transient-local)
        }
    }

    /** A controller on a participant of its own in {@code domain} (closed with the controller). */
    public static PotherController open(Domain domain) {
        return new PotherController(domain.createParticipant(Qos.EMPTY.withEntityName("DDS Tuner Pother controller")), true);
    }

    /** A controller on the caller's participant (left open by {@link #close()}). */
    public static PotherController on(Participant participant) {
        return new PotherController(participant, false);
    }

    // ---- commands ----

    /** Sends (or re-sends, changed) a test definition to the agents of its target. */
    public void send(TestDefinition definition) {
        endpoints.writer(definition.role().definitionTopic()).write(CommandCodec.encode(definition));
    }

    /** Sends a QoS change for a running test. */
    public void send(QosChange change) {
        endpoints.writer(TopicKind.QOS_CHANGE).write(CommandCodec.encode(change));
    }

    /** Starts a defined test (sends it with state RUNNING). */
    public void start(TestDefinition definition) {
        send(definition.withState(TestState.RUNNING));
    }

    /** Stops a test but keeps its entities (state STOPPED). */
    public void stop(TestDefinition definition) {
        send(definition.withState(TestState.STOPPED));
    }

    /** Stops a test and deletes its entities (state REMOVED). */
    public void remove(TestDefinition definition) {
        send(definition.withState(TestState.REMOVED));
    }

    // ---- agents ----

    /** The latest announcement of every agent seen, by app id (stopped agents stay, with state "stopped"). */
    public Map<Integer, AgentAnnouncement> agents() {
        synchronized (agents) {
            return Map.copyOf(agents);
        }
    }

    /** Waits until every app id in {@code appIds} has announced itself as running. */
    public boolean awaitAgents(Duration timeout, int... appIds) {
        return awaitAgents(timeout, a -> true, appIds);
    }

    private boolean awaitAgents(Duration timeout, Predicate<AgentAnnouncement> extra, int... appIds) {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (agents) {
            while (true) {
                boolean all = true;
                for (int id : appIds) {
                    AgentAnnouncement a = agents.get(id);
                    all &= a != null && a.running() && !gone(id) && extra.test(a);
                }
                long left = end - System.nanoTime();
                if (all || left <= 0) {
                    return all;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(agents, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
    }

    /**
     * Every agent that announced itself, by app id, and whether it is still there (live, unresponsive, gone,
     * stopped) as of now.
     */
    public Map<Integer, AgentStatus> statuses() {
        return liveness.statuses();
    }

    /** Agent {@code appId} as of now; null if it never announced itself. */
    public AgentStatus status(int appId) {
        return liveness.status(appId);
    }

    private boolean gone(int appId) {
        AgentStatus s = liveness.status(appId);
        return s != null && s.liveness() == AgentStatus.Liveness.GONE;
    }

    /** App ids of the running agents of {@code groupId} (not those gone). */
    public Set<Integer> group(String groupId) {
        synchronized (agents) {
            return agents.values().stream().filter(a -> a.running() && !gone(a.appId()) && a.groupId().equals(groupId))
                    .map(AgentAnnouncement::appId).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
        }
    }

    // ---- reports ----

    /**
     * Calls {@code listener} with every report from now on (on the controller's dispatcher thread).
     *
     * @return closing it removes the listener
     */
    public AutoCloseable addListener(Consumer<? super PotherReport> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /**
     * A new queue that receives every report from now on; when it holds {@code capacity} reports, newer
     * ones are dropped until it is drained (a consumer that stalls cannot exhaust memory). Stop it with
     * {@link #removeQueue}.
     */
    public BlockingQueue<PotherReport> queue(int capacity) {
        BlockingQueue<PotherReport> q = new ArrayBlockingQueue<>(capacity);
        listeners.add(new QueueFeeder(q));
        return q;
    }

    public void removeQueue(BlockingQueue<PotherReport> q) {
        listeners.removeIf(l -> l instanceof QueueFeeder f && f.queue == q);
    }

    private record QueueFeeder(BlockingQueue<PotherReport> queue) implements Consumer<PotherReport> {
        @Override
        public void accept(PotherReport r) {
            queue.offer(r);
        }
    }

    /** A report as taken from its reader, for the dispatcher thread to decode. */
    private record Raw(TopicKind kind, Map<String, Object> data) {
    }

    /**
     * Takes what arrived (on a DDS listener thread): an agent is heard from at the moment its sample is taken, so
     * only what tells liveness happens here (announcements, the app id of a report); decoding the reports (latency
     * rows, histograms) waits for the dispatcher thread, so a burst of reports from many agents cannot hold up the
     * next announcement on this thread.
     */
    private void drain(TopicKind kind, Reader reader) {
        if (closed) {
            return;
        }
        try {
            for (List<Sample<Map<String, Object>>> batch = reader.take(256); !batch.isEmpty(); batch = reader.take(256)) {
                for (Sample<Map<String, Object>> s : batch) {
                    if (kind == TopicKind.AGENT_ANNOUNCEMENT) {
                        if (s.info().validData()) {
                            AgentAnnouncement a = announcement(s.data(), s.info());
                            if (a != null) {
                                inbox.add(a);
                            }
                        }
                        // "not alive" comes on a sample of its own, or on the last announcement if that was not
                        // taken yet when the writer went (Cyclone then adds no sample without data)
                        if (s.info().instanceState() != SampleInfo.InstanceState.ALIVE) {
                            lost(s.info().instanceHandle());
                        }
                    } else if (s.info().validData()) {
                        if (s.data().get("app_id") instanceof Number app) {
                            liveness.heard(app.intValue());
                        }
                        inbox.add(new Raw(kind, s.data()));
                    }
                }
            }
        } catch (RuntimeException e) {
            if (!closed) {
                System.err.println("pother controller: cannot read " + kind.topicName() + ": " + e.getMessage());
            }
        }
    }

    /** An agent's announcement writer went away: gone, unless it said "stopped" first. */
    private void lost(long instanceHandle) {
        int app = liveness.writerLost(instanceHandle);
        if (app >= 0) {
            synchronized (agents) {
                agents.notifyAll();
            }
        }
    }

    /** An announcement into the agent tables; null if it cannot be decoded. */
    private AgentAnnouncement announcement(Map<String, Object> m, SampleInfo info) {
        AgentAnnouncement a = ReportCodec.decodeAnnouncement(m);
        if (a != null) {
            synchronized (agents) {
                if (liveness.announced(a, info.instanceHandle(), info.publicationHandle())) {
                    agents.put(a.appId(), a);
                    agents.notifyAll();
                }
            }
        }
        return a;
    }

    private PotherReport decodeReport(Raw raw) {
        try {
            return decode(raw.kind(), raw.data());
        } catch (RuntimeException e) {
            System.err.println("pother controller: cannot decode a " + raw.kind().topicName() + " sample: " + e.getMessage());
            return null;
        }
    }

    private PotherReport decode(TopicKind kind, Map<String, Object> m) {
        return switch (kind) {
            case LATENCY_REPORT -> {
                synchronized (assembler) {
                    yield assembler.add(m);
                }
            }
            case THROUGHPUT_REPORT -> ReportCodec.decodeThroughput(m);
            case DISCOVERY_REPORT -> ReportCodec.decodeDiscovery(m);
            case SENDER_REPORT -> ReportCodec.decodeSender(m);
            case ERROR_REPORT -> ReportCodec.decodeError(m);
            case AGENT_ANNOUNCEMENT -> ReportCodec.decodeAnnouncement(m); // decoded in drain, never queued raw
            default -> null;
        };
    }

    private void dispatch() {
        while (!closed) {
            Object next;
            try {
                next = inbox.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            PotherReport r = next instanceof Raw raw ? decodeReport(raw) : (PotherReport) next;
            if (r == null) {
                continue;
            }
            for (Consumer<? super PotherReport> l : listeners) {
                try {
                    l.accept(r);
                } catch (RuntimeException e) {
                    System.err.println("pother controller: a report listener threw " + e);
                }
            }
        }
    }

    /** For tests and the CLI: periods still waiting for latency rows. */
    public int pendingLatencyPeriods() {
        synchronized (assembler) {
            return assembler.pending();
        }
    }


    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        dispatcher.interrupt();
        try {
            dispatcher.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        endpoints.close();
        if (ownsParticipant) {
            participant.close();
        }
    }
}
