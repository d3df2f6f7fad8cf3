package org.ddstuner.agent.ui;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentStatistics;
import org.ddstuner.connection.Connection;
import org.ddstuner.qos.StatisticsSeries;
import org.ddstuner.qos.ui.StatisticsChart;

/**
 * The statistics the agents of one connection's domain report (one sample per endpoint and period), kept per endpoint
 * in a bounded {@link StatisticsSeries}: a daemon thread takes them from the connection's {@link AgentClient} twice a
 * second (the only reader of that topic: a chart pulls from here, never from DDS) until the connection closes.
 */
final class AgentStatisticsStore {

    private static final Map<Connection, AgentStatisticsStore> STORES = new ConcurrentHashMap<>();
    private static final long DRAIN_MS = 500;

    private final Connection connection;
    private final Map<String, StatisticsSeries> series = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ddstuner-agent-statistics");
        t.setDaemon(true);
        return t;
    });

    private AgentStatisticsStore(Connection connection) {
        this.connection = connection;
        timer.scheduleWithFixedDelay(this::drain, 0, DRAIN_MS, TimeUnit.MILLISECONDS);
    }

    static AgentStatisticsStore of(Connection c) {
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
            for (AgentStatistics s : AgentSessions.client(connection).statistics()) {
                series.computeIfAbsent(key(s.agent(), s.entity()), k -> new StatisticsSeries(StatisticsChart.POINTS))
                        .add(new StatisticsSeries.Point(s.timestampNs(), s.counters()));
            }
        } catch (RuntimeException closing) {
            // the connection closed between the check and the take: the next run stops the timer
        }
    }

    private static String key(String agent, String entity) {
        return agent + "/" + entity.toLowerCase(Locale.ROOT);
    }

    /** The chart's source for {@code e}: its agent's reports so far. */
    StatisticsChart.Source source(ApplicationEntity e) {
        String k = key(e.agent().agent(), e.entity().id());
        StatisticsSeries empty = new StatisticsSeries(1);
        return new StatisticsChart.Source() {
            @Override
            public java.util.List<String> keys() {
                return e.isWriter() ? org.ddstuner.qos.EndpointStatistics.WRITER_KEYS
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
                    return Messages.NO_STATISTICS;
                }
                // lines at 0 lie on the axis: say so, or an all-zero chart reads as an empty one
                boolean zero = s.points().stream().allMatch(p -> p.values().values().stream().allMatch(v -> v == 0));
                return "libddsc statistics of " + e.guid() + " in " + e.process() + ", reported by its agent: "
                        + s.size() + " periods" + (zero ? Messages.ALL_ZERO : "");
            }
        };
    }
}
