package org.ddstuner.pother.agent;

import java.util.Locale;

import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.TestQos;

/** Applies a {@link QosChange} to a test's QoS; unknown policies and values get a clear exception. */
final class QosChanges {

    private QosChanges() {
    }

    static TestQos apply(TestQos q, QosChange c) {
        String policy = c.policy().trim().toLowerCase(Locale.ROOT);
        String value = c.value().trim().toLowerCase(Locale.ROOT);
        try {
            return switch (policy) {
                case "reliability" -> switch (value) {
                    case "reliable" -> q.withReliability(TestQos.RELIABLE);
                    case "best_effort", "best-effort", "besteffort" -> q.withReliability(TestQos.BEST_EFFORT);
                    default -> throw bad(c, "reliable or best_effort");
                };
                case "history" -> {
                    if (value.equals("keep_all")) {
                        yield q.withHistoryDepth(0);
                    }
                    String n = value.startsWith("keep_last") ? value.substring(9).trim() : value;
                    int depth = Integer.parseInt(n);
                    if (depth < 1) {
                        throw bad(c, "keep_all, keep_last N or N with N ≥ 1");
                    }
                    yield q.withHistoryDepth(depth);
                }
                case "transport_priority" -> q.withTransportPriority(Integer.parseInt(value));
                case "latency_budget" -> {
                    long ns = nanos(value);
                    if (ns < 0) {
                        throw bad(c, "a duration ≥ 0 such as 0, 500us, 5ms");
                    }
                    yield q.withLatencyBudgetNanos(ns);
                }
                case "durability" -> switch (value) {
                    case "volatile" -> q.withDurability(TestQos.VOLATILE);
                    case "transient_local", "transient-local" -> q.withDurability(TestQos.TRANSIENT_LOCAL);
                    default -> throw bad(c, "volatile or transient_local");
                };
                default -> throw new IllegalArgumentException("unknown QoS policy '" + c.policy()
                        + "' (known: reliability, history, transport_priority, latency_budget, durability)");
            };
        } catch (NumberFormatException e) {
            throw bad(c, policy.equals("history") ? "keep_all, keep_last N or N" : "a number");
        }
    }

    private static long nanos(String v) {
        String[][] units = { { "ns", "1" }, { "us", "1000" }, { "ms", "1000000" }, { "s", "1000000000" } };
        for (String[] u : units) {
            if (v.endsWith(u[0])) {
                double d = Double.parseDouble(v.substring(0, v.length() - u[0].length()).trim());
                return Math.round(d * Long.parseLong(u[1]));
            }
        }
        return Long.parseLong(v);
    }

    private static IllegalArgumentException bad(QosChange c, String expected) {
        return new IllegalArgumentException("unknown value '" + c.value() + "' for QoS policy " + c.policy()
                + " (expected " + expected + ")");
    }
}
