package org.ddstuner.qos;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A bounded, thread-safe series of statistics samples of one endpoint (oldest dropped first), for a chart:
 * the sampler appends, the UI pulls {@link #points()} on its own throttle.
 */
public final class StatisticsSeries {

    /** One refresh: Cyclone's time stamp (ns since the epoch) and every counter. */
    public record Point(long timeNanos, Map<String, Long> values) {
        public Point {
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values)); // Cyclone's order
        }
    }

    private final int capacity;
    private final ArrayDeque<Point> points;

    public StatisticsSeries(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.points = new ArrayDeque<>(capacity);
    }

    public synchronized void add(Point p) {
        if (points.size() == capacity) {
            points.removeFirst();
        }
        points.addLast(p);
    }

    public synchronized List<Point> points() {
        return new ArrayList<>(points);
    }

    /** One counter over time (missing where a point lacks it). */
    public synchronized List<Long> values(String key) {
        List<Long> out = new ArrayList<>(points.size());
        for (Point p : points) {
            Long v = p.values().get(key);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    public int capacity() {
        return capacity;
    }

    public synchronized int size() {
        return points.size();
    }
}
