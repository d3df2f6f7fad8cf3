package org.ddstuner.pother.agent;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.ProtocolEndpoints;
import org.ddstuner.pother.protocol.ProtocolTypes;
import org.ddstuner.pother.protocol.ProtocolTypes.TopicKind;
import org.ddstuner.pother.protocol.ReportCodec;

/**
 * Before an agent announces itself: listens to the announcements for a while and refuses its app id if another
 * agent announces it as running. Announcements are transient-local, so a live holder's latest one arrives as soon
 * as the two participants have discovered each other, and it announces again every
 * {@link ProtocolTypes#ANNOUNCEMENT_PERIOD}: listening a little longer than one period hears any live holder.
 * The checking agent has not announced yet, so every "running" announcement of the app id is another agent's
 * (another process, or another agent of this one). A holder that was killed sends nothing: its last announcement
 * is not kept by anyone, so it does not block a restart; one that said "stopped" does not either.
 */
final class AppIdCheck {

    /** One announcement period and a half: the holder's transient-local announcement, or its next beat. */
    static final Duration LISTEN = ProtocolTypes.ANNOUNCEMENT_PERIOD.plusMillis(500);

    private AppIdCheck() {
    }

    /**
     * Listens for {@code listen} on {@code participant}.
     *
     * @throws DuplicateAppIdException if a running agent announced {@code appId}
     */
    static void claim(Participant participant, int appId, Duration listen) {
        TopicKind kind = TopicKind.AGENT_ANNOUNCEMENT;
        Topic topic = participant.createTopic(kind.topicName(), kind.type(), null);
        Subscriber subscriber = participant.createSubscriber(Qos.EMPTY.withPartitions(ProtocolTypes.REPORTS_PARTITION));
        Reader reader = subscriber.createReader(topic, ProtocolEndpoints.qos(kind));
        try {
            long end = System.nanoTime() + listen.toNanos();
            do {
                for (Sample<Map<String, Object>> s : reader.take(64)) {
                    if (!s.info().validData()) {
                        continue;
                    }
                    AgentAnnouncement a = ReportCodec.decodeAnnouncement(s.data());
                    if (a.appId() == appId && a.running()) {
                        throw new DuplicateAppIdException(a);
                    }
                }
                sleep(20);
            } while (System.nanoTime() - end < 0);
        } finally {
            for (AutoCloseable e : List.<AutoCloseable>of(reader, subscriber, topic)) {
                try {
                    e.close();
                } catch (Exception ignored) {
                    // the participant deletes what is left with it
                }
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking that app id is free", e);
        }
    }
}
