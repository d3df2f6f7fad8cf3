package org.ddstuner.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.Subscriber;

/**
 * Only the agents' statistics topic, read on the caller's participant. The health watcher reads it on its own: an
 * {@link AgentClient}'s {@link AgentClient#statistics()} takes the samples, so two consumers of one client would
 * each see part of them, and the watcher needs none of the client's request/reply endpoints.
 */
public final class AgentStatisticsFeed implements AutoCloseable {

    private final Subscriber subscriber;
    private final Reader reader;

    public AgentStatisticsFeed(Participant participant) {
        subscriber = participant.createSubscriber(Qos.EMPTY.withPartitions(AgentProtocol.PARTITION));
        reader = subscriber.createReader(
                participant.createTopic(AgentProtocol.STATISTICS_TOPIC, AgentProtocol.statisticsType(), Qos.EMPTY),
                Qos.EMPTY.withBestEffort().withKeepLast(256));
    }

    /** The statistics samples received since the last call (every agent's, oldest first). */
    public List<AgentStatistics> take() {
        return take(reader);
    }

    static List<AgentStatistics> take(Reader statistics) {
        List<AgentStatistics> out = new ArrayList<>();
        for (Sample<Map<String, Object>> s : statistics.take(1024)) {
            if (s.info().validData()) {
                Map<String, Object> m = s.data();
                Map<String, Long> counters = new LinkedHashMap<>();
                QosText.parse(str(m, "counters")).forEach((k, v) -> counters.put(k, Long.parseUnsignedLong(v)));
                out.add(new AgentStatistics(str(m, "agent"), str(m, "entity"), str(m, "kind"), str(m, "topic"),
                        (Long) m.get("timestamp_ns"), Map.copyOf(counters)));
            }
        }
        return out;
    }

    private static String str(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v == null ? null : v.toString();
    }

    @Override
    public void close() {
        subscriber.close();
    }
}
