package org.ddstuner.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.BuiltinTopicData;
import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.DdsLog;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.SampleInfo;

/**
 * The adapter between the Cyclone binding and the model, and the only class that touches the
 * binding's discovery API: it reads DCPSParticipant, DCPSPublication and DCPSSubscription through
 * built-in readers on the tool's own participant and turns each sample into a {@link DiscoveryEvent}.
 * The monitoring participant is flagged as the tool's own.
 *
 * <p>DCPSTopic is read too when the DDS library has it ({@link org.ddstuner.dds.DdsLibrary.Features#topicDiscovery()},
 * true for Debian's libddsc 0.10.2). It reports the topics of this process always, but those of other
 * processes only when Cyclone's topic discovery ({@code EnableTopicDiscoveryEndpoints}, off by default) is on
 * at both ends — the tool's connections turn it on for the configurations they generate
 * ({@code ConnectionProfile.connectionConfigXml()}), the monitored peers mostly leave it off — and only for
 * types that carry type information (Cyclone keys the definitions by XTypes type id; measured 2026-11-24).
 * So a topic is mostly known through its endpoints, and DCPSTopic adds the topic QoS and topics that no
 * reader or writer uses now.
 *
 * <p>Samples are taken, decoded and applied on the feed's own thread, not on Cyclone's: the
 * data-available listener only wakes that thread. Cyclone calls listeners of built-in readers on the
 * thread that processes discovery messages, so doing the work there held up Cyclone's own discovery
 * (and, when tens of thousands of endpoints arrive at once, its receive path) for as long as the
 * tool decoded and applied each sample; the listener also fires once per sample, so the feed's thread
 * waits {@value #COALESCE_MS} ms after a wake-up to take the samples in batches. Each reader is
 * drained under its own lock, so the events of one built-in topic reach the model in order.
 *
 * <p>Cyclone drops discovery data it cannot decode and only says so in its log (e.g. every endpoint
 * of a Fast DDS 2.9 participant, whose type information libddsc 0.10 rejects). The feed therefore also
 * listens to {@link DdsLog} for its domain, from the domain's creation on, and turns those warnings
 * into {@link DiscoveryEvent.Unreadable} events ({@link CycloneDiscoveryLog}).
 */
public final class DiscoveryFeed implements AutoCloseable {

    private static final int BATCH = 256;
    /** After a wake-up, let samples gather this long so they are taken and applied in batches. */
    static final long COALESCE_MS = 2;

    private final SystemModel model;
    private final org.ddstuner.dds.Participant participant;
    private final List<Source<?>> sources = new ArrayList<>();
    private volatile DdsLog.Subscription log;
    /** Set by the listeners, cleared by the drain thread before it drains. */
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile boolean closing;
    private Thread drainer;

    private DiscoveryFeed(org.ddstuner.dds.Participant participant, SystemModel model) {
        this.participant = participant;
        this.model = model;
    }

    /**
     * Starts feeding {@code model} from discovery as seen by {@code participant} (which the caller
     * keeps owning). Everything already discovered is applied before this returns.
     */
    public static DiscoveryFeed start(org.ddstuner.dds.Participant participant, SystemModel model) {
        Objects.requireNonNull(participant, "participant");
        Objects.requireNonNull(model, "model");
        DiscoveryFeed feed = new DiscoveryFeed(participant, model);
        model.addOwnParticipant(participant.guid());
        try {
            feed.sources.add(new Source<>(BuiltinReader.participants(participant),
                    DiscoveryFeed::participantEvent, model));
            feed.sources.add(new Source<>(BuiltinReader.publications(participant),
                    (s, out) -> endpointEvent(s, EndpointKind.WRITER, out), model));
            feed.sources.add(new Source<>(BuiltinReader.subscriptions(participant),
                    (s, out) -> endpointEvent(s, EndpointKind.READER, out), model));
            if (DdsLibrary.get().features().topicDiscovery()) {
                feed.sources.add(new Source<>(BuiltinReader.topics(participant), DiscoveryFeed::topicEvent, model));
            }
            feed.drainer = Thread.ofPlatform().daemon()
                    .name("ddstuner-discovery-" + participant.domain().domainId()).unstarted(feed::drainLoop);
            feed.drainer.start();
            for (Source<?> s : feed.sources) {
                s.reader.setListener(feed::wake);
                s.drain(); // samples that arrived before the listener was set do not trigger it
            }
        } catch (RuntimeException e) {
            feed.close();
            throw e;
        }
        feed.listenToLog();
        return feed;
    }

    /** Runs on Cyclone's thread for every built-in sample: must stay this cheap. */
    private void wake() {
        if (!pending.getAndSet(true)) {
            LockSupport.unpark(drainer);
        }
    }

    private void drainLoop() {
        List<Source<?>> all = List.copyOf(sources); // complete before this thread starts; close() clears it
        while (!closing) {
            if (!pending.get()) {
                LockSupport.park(this);
                continue;
            }
            LockSupport.parkNanos(COALESCE_MS * 1_000_000); // gather a batch (returns early on unpark: fine)
            pending.set(false); // before draining: a sample arriving during the drain wakes us again
            for (Source<?> s : all) {
                if (closing) {
                    return;
                }
                s.drain();
            }
        }
    }

    /** After the first drain, so rejections replayed from the log find the participants already there. */
    private void listenToLog() {
        Domain domain = participant.domain();
        int domainId = domain.domainId();
        CycloneDiscoveryLog interpreter = new CycloneDiscoveryLog("Cyclone DDS " + DdsLibrary.get().version());
        log = DdsLog.addListener(m -> {
            if (m.domainId() == domainId) {
                DiscoveryEvent e = interpreter.interpret(m.message());
                if (e != null) {
                    model.apply(e);
                }
            }
        }, m -> m.domainId() == domainId && !m.time().isBefore(domain.createdAt()));
    }

    /** The participant discovery is read through (flagged as own in the model). */
    public org.ddstuner.dds.Participant participant() {
        return participant;
    }

    public SystemModel model() {
        return model;
    }

    /** Takes whatever is pending right now on every built-in reader (the listener normally does this). */
    public void poll() {
        sources.forEach(Source::drain);
    }

    /** Stops reading; the model keeps what it has. Does not close the participant. */
    @Override
    public void close() {
        DdsLog.Subscription l = log;
        if (l != null) {
            l.close();
            log = null;
        }
        closing = true;
        Thread t = drainer;
        if (t != null && t != Thread.currentThread()) {
            LockSupport.unpark(t);
            try {
                t.join(10_000); // a drain in progress finishes its batch; the readers close after it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Source<?> s : sources) {
            s.reader.close();
        }
        sources.clear();
    }

    // ---- sample → event (static and binding-free except for the sample types, so they are easy to test) ----

    private static void participantEvent(Sample<ParticipantData> s, List<DiscoveryEvent> out) {
        DiscoveryEvent e = participantEvent(s.data(), s.info());
        if (e != null) {
            out.add(e);
        }
    }

    /** ALIVE with data = seen; NOT_ALIVE_DISPOSED / NOT_ALIVE_NO_WRITERS = lost; {@code null} = nothing to apply. */
    public static DiscoveryEvent participantEvent(ParticipantData d, SampleInfo info) {
        if (!info.isAlive()) {
            return new DiscoveryEvent.ParticipantLost(d.key());
        }
        if (!info.validData()) {
            return null; // an alive instance without data: nothing to learn
        }
        return new DiscoveryEvent.ParticipantSeen(d.key(), d.qos());
    }

    private static void topicEvent(Sample<BuiltinTopicData> s, List<DiscoveryEvent> out) {
        DiscoveryEvent e = topicEvent(s.data(), s.info());
        if (e != null) {
            out.add(e);
        }
    }

    /** A DCPSTopic sample: ALIVE with data = announced; NOT_ALIVE_* = no longer defined; {@code null} = nothing. */
    public static DiscoveryEvent topicEvent(BuiltinTopicData d, SampleInfo info) {
        if (!info.isAlive()) {
            return new DiscoveryEvent.TopicLost(d.key());
        }
        if (!info.validData()) {
            return null;
        }
        return new DiscoveryEvent.TopicSeen(d.key(), d.topicName(), d.typeName(), d.qos());
    }

    private static void endpointEvent(Sample<EndpointData> s, EndpointKind kind, List<DiscoveryEvent> out) {
        DiscoveryEvent e = endpointEvent(s.data(), s.info(), kind);
        if (e != null) {
            out.add(e);
        }
    }

    public static DiscoveryEvent endpointEvent(EndpointData d, SampleInfo info, EndpointKind kind) {
        if (!info.isAlive()) {
            return new DiscoveryEvent.EndpointLost(d.key());
        }
        if (!info.validData()) {
            return null;
        }
        if (d.topicName() == null || d.topicName().isEmpty() || d.typeName() == null || d.typeName().isEmpty()) {
            return new DiscoveryEvent.Unreadable(d.key(), kind.text() + " " + d.key()
                    + " was announced without a topic or type name");
        }
        Guid owner = isZero(d.participantKey()) ? d.key().participantGuid() : d.participantKey();
        return new DiscoveryEvent.EndpointSeen(d.key(), kind, owner, d.topicName(), d.typeName(), d.qos(),
                d.typeInformation() != null);
    }

    private static boolean isZero(Guid g) {
        if (g == null) {
            return true;
        }
        for (byte b : g.bytes()) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** Turns one sample into zero or more events. */
    private interface Converter<T> {
        void convert(Sample<T> sample, List<DiscoveryEvent> out);
    }

    /** One built-in reader and how its samples become events. */
    private static final class Source<T> {
        final BuiltinReader<T> reader;
        final Converter<T> converter;
        final SystemModel model;

        Source(BuiltinReader<T> reader, Converter<T> converter, SystemModel model) {
            this.reader = reader;
            this.converter = converter;
            this.model = model;
        }

        /** Serialized per reader so a dispose can never overtake the sample it follows. */
        synchronized void drain() {
            if (reader.isClosed()) {
                return;
            }
            try {
                List<Sample<T>> batch;
                do {
                    batch = reader.take(BATCH);
                    List<DiscoveryEvent> events = new ArrayList<>(batch.size());
                    for (Sample<T> s : batch) {
                        try {
                            converter.convert(s, events);
                        } catch (RuntimeException e) {
                            events.add(new DiscoveryEvent.Unreadable(null, "a " + reader.kind().topicName()
                                    + " sample could not be read: " + e.getMessage()));
                        }
                    }
                    model.applyAll(events);
                } while (batch.size() == BATCH);
            } catch (RuntimeException e) {
                if (!reader.isClosed()) {
                    model.apply(new DiscoveryEvent.Unreadable(null, "reading " + reader.kind().topicName()
                            + " failed: " + e.getMessage()));
                }
            }
        }
    }
}
