package org.ddstuner.pother.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/** Commands between their records and the samples ({@code Map<String,Object>}) of the protocol topics. */
public final class CommandCodec {

    private CommandCodec() {
    }

    /** The sample of {@code d} on its role's definition topic (only the members that type has). */
    public static Map<String, Object> encode(TestDefinition d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("app_id", d.target().appId());
        m.put("group_id", d.target().groupId());
        m.put("name", d.name());
        m.put("state", d.state().ordinal());
        m.put("report_period_ms", d.reportPeriodMillis());
        switch (d.role()) {
            case TRANSMITTER -> {
                m.put("size", d.size());
                m.put("rate", d.rate());
                m.put("burst", d.burst());
                m.put("sample_count", d.sampleCount());
                m.put("write_batching", d.writeBatching());
                m.put("own_participant", d.ownParticipant());
            }
            case RECEIVER -> {
                m.put("partner", d.partner());
                m.put("expected_rate", d.expectedRate());
                m.put("own_participant", d.ownParticipant());
                m.put("partner_timeout_ms", d.partnerTimeoutMillis());
            }
            case TRANSCEIVER -> {
                m.put("partner", d.partner());
                m.put("size", d.size());
                m.put("rate", d.rate());
                m.put("sample_count", d.sampleCount());
                m.put("partner_timeout_ms", d.partnerTimeoutMillis());
            }
            case TRANSPONDER -> {
                // the header and QoS say it all
            }
            case RELAY -> {
                m.put("partner", d.partner());
                m.put("rate", d.rate());
                m.put("partner_timeout_ms", d.partnerTimeoutMillis());
                m.put("write_batching", d.writeBatching());
                m.put("own_participant", d.ownParticipant());
            }
        }
        m.put("reliability", d.qos().reliability());
        m.put("history_depth", d.qos().historyDepth());
        m.put("transport_priority", d.qos().transportPriority());
        m.put("latency_budget_ns", d.qos().latencyBudgetNanos());
        m.put("durability", d.qos().durability());
        return m;
    }

    /**
     * The definition in a sample of {@code role}'s topic.
     *
     * @throws IllegalArgumentException for an unknown state code or a broken header (the message says which)
     */
    public static TestDefinition decode(Role role, Map<String, Object> m) {
        int stateCode = i(m, "state");
        TestState state = TestState.fromCode(stateCode);
        if (state == null) {
            throw new IllegalArgumentException("unknown state " + stateCode + " (0 = stopped, 1 = running, 2 = removed)");
        }
        TestQos qos = new TestQos(i(m, "reliability"), i(m, "history_depth"), i(m, "transport_priority"),
                l(m, "latency_budget_ns"), i(m, "durability"));
        Target target = new Target(Math.max(Target.ANY_APP, i(m, "app_id")), s(m, "group_id"));
        return new TestDefinition(role, s(m, "name"), target, state, s(m, "partner"), i(m, "size"), d(m, "rate"),
                m.containsKey("burst") ? i(m, "burst") : 1, l(m, "sample_count"), qos, i(m, "report_period_ms"),
                i(m, "partner_timeout_ms"), b(m, "own_participant"), b(m, "write_batching"), d(m, "expected_rate"));
    }

    public static Map<String, Object> encode(QosChange c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("app_id", c.target().appId());
        m.put("group_id", c.target().groupId());
        m.put("name", c.name());
        m.put("policy", c.policy());
        m.put("value", c.value());
        return m;
    }

    public static QosChange decodeQosChange(Map<String, Object> m) {
        return new QosChange(new Target(Math.max(Target.ANY_APP, i(m, "app_id")), s(m, "group_id")), s(m, "name"),
                s(m, "policy"), s(m, "value"));
    }

    static int i(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v instanceof Number n ? n.intValue() : 0;
    }

    static long l(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v instanceof Number n ? n.longValue() : 0;
    }

    static double d(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v instanceof Number n ? n.doubleValue() : 0;
    }

    static boolean b(Map<String, Object> m, String k) {
        return Boolean.TRUE.equals(m.get(k));
    }

    static String s(Map<String, Object> m, String k) {
        Object v = m.get(k);
        return v == null ? "" : v.toString();
    }
}
