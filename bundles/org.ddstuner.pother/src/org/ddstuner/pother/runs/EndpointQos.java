package org.ddstuner.pother.runs;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.pother.protocol.TestQos;

/**
 * The QoS of a run's readers and writers beyond reliability: history ({@value #KIND_DEFAULT} = the kind's default,
 * keep last 1 for round trips and keep all for data; 0 = keep all; N = keep last N), transport priority and
 * latency budget (0 = none) and durability ({@link TestQos#VOLATILE} or {@link TestQos#TRANSIENT_LOCAL}). The
 * launcher sets them; every test of the run gets them.
 */
public record EndpointQos(int historyDepth, int transportPriority, long latencyBudgetNanos, int durability) {

    public static final int KIND_DEFAULT = -1;
    public static final EndpointQos DEFAULTS = new EndpointQos(KIND_DEFAULT, 0, 0);

    /** Volatile. */
    public EndpointQos(int historyDepth, int transportPriority, long latencyBudgetNanos) {
        this(historyDepth, transportPriority, latencyBudgetNanos, TestQos.VOLATILE);
    }

    public EndpointQos {
        if (historyDepth < KIND_DEFAULT) {
            throw new IllegalArgumentException("history depth must be -1 (the test's default), 0 (keep all) or a depth, not "
                    + historyDepth);
        }
        if (latencyBudgetNanos < 0) {
            throw new IllegalArgumentException("latency budget must not be negative, not " + latencyBudgetNanos + " ns");
        }
        if (durability != TestQos.VOLATILE && durability != TestQos.TRANSIENT_LOCAL) {
            throw new IllegalArgumentException("durability must be 0 (volatile) or 1 (transient local), not " + durability);
        }
    }

    public EndpointQos withDurability(int d) {
        return new EndpointQos(historyDepth, transportPriority, latencyBudgetNanos, d);
    }

    public boolean isDefault() {
        return equals(DEFAULTS);
    }

    /** {@code base} (the kind's QoS with the run's reliability) with these values. */
    public TestQos applyTo(TestQos base) {
        TestQos q = historyDepth == KIND_DEFAULT ? base : base.withHistoryDepth(historyDepth);
        return q.withTransportPriority(transportPriority).withLatencyBudgetNanos(latencyBudgetNanos)
                .withDurability(durability);
    }

    /** For labels: ", keep last 8, priority 7, budget 2 ms, transient local", or "" for the defaults. */
    String describe() {
        StringBuilder b = new StringBuilder();
        if (historyDepth == 0) {
            b.append(", keep all");
        } else if (historyDepth > 0) {
            b.append(", keep last ").append(historyDepth);
        }
        if (transportPriority != 0) {
            b.append(", priority ").append(transportPriority);
        }
        if (latencyBudgetNanos > 0) {
            b.append(String.format(Locale.ROOT, ", budget %s µs", latencyBudgetNanos % 1000 == 0
                    ? Long.toString(latencyBudgetNanos / 1000) : String.format(Locale.ROOT, "%.3f", latencyBudgetNanos / 1e3)));
        }
        if (durability == TestQos.TRANSIENT_LOCAL) {
            b.append(", transient local");
        }
        return b.toString();
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("historyDepth", historyDepth);
        m.put("transportPriority", transportPriority);
        m.put("latencyBudgetNs", latencyBudgetNanos);
        if (durability != TestQos.VOLATILE) {
            m.put("durability", durability);
        }
        return m;
    }

    static EndpointQos fromJson(Map<String, Object> m) {
        return m == null ? DEFAULTS : new EndpointQos((int) RunJson.num(m, "historyDepth"),
                (int) RunJson.num(m, "transportPriority"), RunJson.lng(m, "latencyBudgetNs"),
                m.containsKey("durability") ? (int) RunJson.num(m, "durability") : TestQos.VOLATILE); // older runs: none
    }
}
