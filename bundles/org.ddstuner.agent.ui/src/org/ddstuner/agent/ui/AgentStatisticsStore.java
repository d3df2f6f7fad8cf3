package org.ddstuner.agent.ui;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentStatistics;
import org.ddstuner.connection.Connection;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.qos.StatisticsSeries;
import org.ddstuner.qos.ui.StatisticsChart;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The statistics the agents of one connection's domain report (one sample per endpoint and period), kept per endpoint
 * in a bounded {@link StatisticsSeries}: a daemon thread takes them twice a second until the connection closes — on a
 * local connection from its {@link AgentClient} (the only reader of that topic: a chart pulls from here, never from
 * DDS), on a remote agent's connection from the agent's {@code agent-stats} operation (the agent reads the topic on
 * its host; this side pages through what it took, from the last position on).
 */
final class AgentStatisticsStore {

    private static final Map<SystemConnection, AgentStatisticsStore> STORES = new ConcurrentHashMap<>();
    private static final long DRAIN_MS = 500;
    private static final Duration CALL = Duration.ofSeconds(10);

    private final SystemConnection connection;
    private final Map<String, StatisticsSeries> series = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ddstuner-agent-statistics");
        t.setDaemon(true);
        return t;
    });
    /** Remote: the next position of the agent's statistics log to ask for. */
    private long after;
    private volatile String remoteProblem;

    private AgentStatisticsStore(SystemConnection connection) {
        this.connection = connection;
        timer.scheduleWithFixedDelay(this::drain, 0, DRAIN_MS, TimeUnit.MILLISECONDS);
    }

    static AgentStatisticsStore of(SystemConnection c) {
        STORES.entrySet().removeIf(e -> {
            if (!e.getKey().isOpen()) {
                e.getValue().timer.shutdownNow();
                return true;
            }
            return false;
        });
        return STORES.computeIfAbsent(c, AgentStatisticsStore::new);
    }

    private void drain() {
        if (!connection.isOpen()) {
            timer.shutdownNow();
            return;
        }
        try {
            List<AgentStatistics> got = connection instanceof RemoteConnection rc ? remote(rc.client())
                    : AgentSessions.client((Connection) connection).statistics();
            for (AgentStatistics s : got) {
                series.computeIfAbsent(key(s.agent(), s.entity()), k -> new StatisticsSeries(StatisticsChart.POINTS))
                        .add(new StatisticsSeries.Point(s.timestampNs(), s.counters()));
            }
        } catch (RuntimeException closing) {
            // the connection closed between the check and the take: the next run stops the timer
        }
    }

    /** Pages through the agent's statistics log (several pages when it has more); nothing while the link is down. */
    private List<AgentStatistics> remote(RemoteClient client) {
        List<AgentStatistics> out = new ArrayList<>();
        if (client.status().state() != RemoteClient.State.CONNECTED) {
            return out;
        }
        for (int page = 0; page < 20; page++) {
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            args.put("after", after);
            RemoteClient.Reply r;
            try {
                r = client.request("agent-stats", args, CALL);
            } catch (IOException e) {
                return out; // the client reconnects; ask again then
            }
            if (!r.ok()) {
                remoteProblem = "agent-stats: " + r.code() + ": " + r.reason();
                return out;
            }
            remoteProblem = null;
            JsonNode res = r.result();
            long next = res.path("next").asLong(after);
            if (next < after) {
                after = 0; // a restarted agent numbers from 0 again
                continue;
            }
            for (JsonNode s : res.path("stats")) {
                Map<String, Long> counters = new LinkedHashMap<>();
                s.path("counters").properties().forEach(p -> counters.put(p.getKey(), p.getValue().asLong()));
                out.add(new AgentStatistics(s.path("agent").asText(), s.path("entity").asText(), s.path("kind")
                        .asText(), s.path("topic").asText(), s.path("timestampNs").asLong(), Map.copyOf(counters)));
            }
            boolean more = next < res.path("total").asLong(next);
            after = next;
            if (!more) {
                break;
            }
        }
        return out;
    }

    /** One endpoint: its agent's id and its GUID in any spelling (hex, with or without separators). */
    private static String key(String agent, String entity) {
        return agent + "/" + entity.toLowerCase(Locale.ROOT).replace(":", "").replace("-", "").replace(".", "");
    }

    /** The chart's source for {@code e}: its agent's reports so far. */
    StatisticsChart.Source source(ApplicationEntity e) {
        return source(e.agent().agent(), e.entity().id(), e.isWriter(), e.guid() + " in " + e.process());
    }

    /** The chart's source for an application's endpoint through a remote agent. */
    StatisticsChart.Source source(RemoteApplicationEntity e) {
        return source(e.agent().agent(), e.entity().id(), e.isWriter(), e.guid() + " in " + e.process() + " on "
                + e.agent().host() + ", through " + connection.label());
    }

    private StatisticsChart.Source source(String agent, String entity, boolean writer, String what) {
        String k = key(agent, entity);
        StatisticsSeries empty = new StatisticsSeries(1);
        return new StatisticsChart.Source() {
            @Override
            public java.util.List<String> keys() {
                return writer ? org.ddstuner.qos.EndpointStatistics.WRITER_KEYS
                        : org.ddstuner.qos.EndpointStatistics.READER_KEYS;
            }

            @Override
            public StatisticsSeries series() {
                return series.getOrDefault(k, empty);
            }

            @Override
            public String note() {
                StatisticsSeries s = series.get(k);
                if (s == null || s.size() == 0) {
                    String p = remoteProblem;
                    return p != null ? Messages.NO_STATISTICS + " (" + p + ")" : Messages.NO_STATISTICS;
                }
                // lines at 0 lie on the axis: say so, or an all-zero chart reads as an empty one
                boolean zero = s.points().stream().allMatch(p -> p.values().values().stream().allMatch(v -> v == 0));
                return "libddsc statistics of " + what + ", reported by its agent: " + s.size() + " periods"
                        + (zero ? Messages.ALL_ZERO : "");
            }
        };
    }
}
