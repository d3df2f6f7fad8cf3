package org.ddstuner.pother.protocol;

/**
 * Changes one QoS policy of the test(s) called {@code name} on the targeted agents, while they run. The
 * agent rebuilds the test's writer and reader with the new value (reliability and history cannot change
 * on a live DDS entity). Policies and values:
 * <ul>
 * <li>{@code reliability}: {@code reliable} | {@code best_effort}</li>
 * <li>{@code history}: {@code keep_all} | {@code keep_last N} | {@code N} (N ≥ 1)</li>
 * <li>{@code transport_priority}: an integer</li>
 * <li>{@code latency_budget}: nanoseconds, or a number with unit {@code ns|us|ms|s} (e.g. {@code 5ms})</li>
 * <li>{@code durability}: {@code volatile} | {@code transient_local}</li>
 * </ul>
 * Anything else gets an error report naming the policy and value.
 */
public record QosChange(Target target, String name, String policy, String value) {

    public QosChange {
        if (target == null || name == null || policy == null || value == null) {
            throw new IllegalArgumentException("a QoS change needs a target, test name, policy and value");
        }
    }
}
