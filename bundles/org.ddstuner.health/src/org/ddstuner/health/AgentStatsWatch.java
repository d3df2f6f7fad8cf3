package org.ddstuner.health;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.ddstuner.agent.AgentStatistics;
import org.ddstuner.agent.AgentStatisticsFeed;
import org.ddstuner.dds.Participant;

/**
 * The counters that agents embedded in applications publish about their own writers and readers (libddsc's
 * statistics: rexmit_bytes, throttle_count, discarded_bytes...), kept per endpoint for the longest rule window so a
 * rule can ask how much a counter grew over its window. The counters are cumulative since the endpoint was made;
 * only growth seen while watching counts (the first sample of an endpoint is its base), so an application that
 * retransmitted an hour ago fires nothing now. Watcher thread only.
 */
final class AgentStatsWatch implements AutoCloseable {

    /** An endpoint that sent nothing for this long is forgotten (its application ended or its agent stopped). */
    private static final long GONE_NANOS = Duration.ofSeconds(30).toNanos();

    /** One statistics sample of an endpoint, at the time the watcher took it. */
    private record Point(long nanos, Map<String, Long> counters) {
    }

    /** An application endpoint that the agents report on. */
    static final class Endpoint {
        final String guid;
        final String kind;
        final String topic;
        final String agent;
        private final ArrayDeque<Point> points = new ArrayDeque<>();

        Endpoint(AgentStatistics s) {
            this.guid = s.entity();
            this.kind = s.kind();
            this.topic = s.topic();
            this.agent = s.agent();
        }

        /** How much {@code counter} grew over the last {@code window} (0 with fewer than two samples). */
        long growth(String counter, Duration window, long now) {
            Point last = points.peekLast();
            if (last == null) {
                return 0;
            }
            Point base = points.peekFirst();
            for (Point p : points) {
                if (p.nanos <= now - window.toNanos()) {
                    base = p;
                } else {
                    break;
                }
            }
            Long a = base.counters.get(counter);
            Long b = last.counters.get(counter);
            return a == null || b == null ? 0 : Math.max(0, b - a);
        }

        boolean isWriter() {
            return "writer".equals(kind);
        }
    }

    private final AgentStatisticsFeed feed;
    private final Map<String, Endpoint> endpoints = new HashMap<>();

    AgentStatsWatch(Participant own) {
        this.feed = new AgentStatisticsFeed(own);
    }

    /** Takes what arrived; keeps each endpoint's samples of the last {@code keep} (plus the one before). */
    void tick(long now, Duration keep) {
        for (AgentStatistics s : feed.take()) {
            if (s.entity() == null || s.topic() == null) {
                continue;
            }
            Endpoint e = endpoints.computeIfAbsent(s.entity(), k -> new Endpoint(s));
            e.points.addLast(new Point(now, s.counters()));
        }
        for (Iterator<Endpoint> it = endpoints.values().iterator(); it.hasNext();) {
            Endpoint e = it.next();
            if (now - e.points.peekLast().nanos > GONE_NANOS) {
                it.remove();
                continue;
            }
            // drop points older than the window, but keep one at or before its start as the base
            while (e.points.size() > 2) {
                Iterator<Point> pi = e.points.iterator();
                pi.next();
                if (pi.next().nanos <= now - keep.toNanos()) {
                    e.points.removeFirst();
                } else {
                    break;
                }
            }
        }
    }

    /** The endpoints reported on now. */
    List<Endpoint> endpoints() {
        return new ArrayList<>(endpoints.values());
    }

    @Override
    public void close() {
        feed.close();
    }
}
