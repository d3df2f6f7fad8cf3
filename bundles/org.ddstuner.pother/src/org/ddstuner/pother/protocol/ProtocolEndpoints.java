package org.ddstuner.pother.protocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;

/**
 * The protocol's topics, writers and readers on one participant: an agent reads the commands and writes
 * the reports, a controller the other way round. QoS: commands are reliable, transient-local, keep last 1
 * per instance (a definition is the wanted state of a test: an agent that starts later still gets it);
 * reports are reliable, volatile, keep last {@value #REPORT_DEPTH} per instance; announcements are
 * transient-local, keep last 1 (a controller started later sees every agent at once).
 */
public final class ProtocolEndpoints implements AutoCloseable {

    static final int REPORT_DEPTH = 200;

    private final Publisher publisher;
    private final Subscriber subscriber;
    private final Map<TopicKind, Topic> topics = new EnumMap<>(TopicKind.class);
    private final Map<TopicKind, Writer> writers = new EnumMap<>(TopicKind.class);
    private final Map<TopicKind, Reader> readers = new EnumMap<>(TopicKind.class);

    private ProtocolEndpoints(Participant participant, boolean agent) {
        String out = agent ? ProtocolTypes.REPORTS_PARTITION : ProtocolTypes.COMMANDS_PARTITION;
        String in = agent ? ProtocolTypes.COMMANDS_PARTITION : ProtocolTypes.REPORTS_PARTITION;
        publisher = participant.createPublisher(Qos.EMPTY.withPartitions(out));
        subscriber = participant.createSubscriber(Qos.EMPTY.withPartitions(in));
        for (TopicKind k : TopicKind.values()) {
            Topic t = participant.createTopic(k.topicName(), k.type(), null);
            topics.put(k, t);
            if (k.command() != agent) {
                writers.put(k, publisher.createWriter(t, qos(k)));
            } else {
                readers.put(k, subscriber.createReader(t, qos(k)));
            }
        }
    }

    /** Readers of the commands, writers of the reports. */
    public static ProtocolEndpoints forAgent(Participant participant) {
        return new ProtocolEndpoints(participant, true);
    }

    /** Writers of the commands, readers of the reports. */
    public static ProtocolEndpoints forController(Participant participant) {
        return new ProtocolEndpoints(participant, false);
    }

    /** The QoS of both ends of topic {@code k}. */
    public static Qos qos(TopicKind k) {
        Qos reliable = Qos.EMPTY.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofSeconds(1)));
        if (k.command() || k == TopicKind.AGENT_ANNOUNCEMENT) {
            return reliable.withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL).withKeepLast(1);
        }
        return reliable.withKeepLast(REPORT_DEPTH);
    }

    /** The writer of {@code k} (null if this side does not write it). */
    public Writer writer(TopicKind k) {
        return writers.get(k);
    }

    /** The reader of {@code k} (null if this side does not read it). */
    public Reader reader(TopicKind k) {
        return readers.get(k);
    }

    public Map<TopicKind, Reader> readers() {
        return Map.copyOf(readers);
    }

    @Override
    public void close() {
        List<Entity> all = new ArrayList<>();
        all.addAll(readers.values());
        all.addAll(writers.values());
        all.addAll(topics.values());
        all.add(subscriber);
        all.add(publisher);
        for (Entity e : all) {
            try {
                e.close();
            } catch (RuntimeException ex) {
                // the participant may already be gone (it deletes its children)
            }
        }
    }
}
