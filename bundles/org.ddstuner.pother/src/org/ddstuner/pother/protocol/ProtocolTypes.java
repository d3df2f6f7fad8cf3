package org.ddstuner.pother.protocol;

import java.util.List;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;

/**
 * The run-time types of the Pother control protocol (documented member by member in
 * {@code idl/pother.idl}, which a test parses and compares with these, so the two cannot drift).
 * Commands travel in partition {@value #COMMANDS_PARTITION}, reports in {@value #REPORTS_PARTITION}.
 *
 * <p>Conventions: times are nanoseconds of Cyclone's clock (since the epoch) unless a name says
 * otherwise; a command reaches the agent whose {@code app_id} it names, or, with {@code app_id = -1}
 * ({@link Target#ANY_APP}), every agent of {@code group_id} (every agent at all when the group is "").
 */
public final class ProtocolTypes {

    public static final String COMMANDS_PARTITION = "pother.commands";
    public static final String REPORTS_PARTITION = "pother.reports";

    /**
     * How often an agent announces itself (its heartbeat; the IDL says "every second"). A controller that has heard
     * fewer announcements than it needs to measure an agent's own period assumes this one.
     */
    public static final java.time.Duration ANNOUNCEMENT_PERIOD = java.time.Duration.ofSeconds(1);

    /**
     * Version of this protocol, announced by every agent (2: LatencyReport.histogram; 3: ReceiverDefinition.partner_timeout_ms,
     * LatencyReport.warmup).
     */
    public static final int PROTOCOL_VERSION = 3;

    /** One protocol topic: its DDS topic name and a factory of its type. */
    public enum TopicKind {
        TRANSMITTER_DEFINITION("PotherCtl_TransmitterDefinition", "pother::TransmitterDefinition"),
        RECEIVER_DEFINITION("PotherCtl_ReceiverDefinition", "pother::ReceiverDefinition"),
        TRANSCEIVER_DEFINITION("PotherCtl_TransceiverDefinition", "pother::TransceiverDefinition"),
        TRANSPONDER_DEFINITION("PotherCtl_TransponderDefinition", "pother::TransponderDefinition"),
        RELAY_DEFINITION("PotherCtl_RelayDefinition", "pother::RelayDefinition"),
        QOS_CHANGE("PotherCtl_QosChange", "pother::QosChange"),
        LATENCY_REPORT("PotherCtl_LatencyReport", "pother::LatencyReport"),
        THROUGHPUT_REPORT("PotherCtl_ThroughputReport", "pother::ThroughputReport"),
        DISCOVERY_REPORT("PotherCtl_DiscoveryReport", "pother::DiscoveryReport"),
        SENDER_REPORT("PotherCtl_SenderReport", "pother::SenderReport"),
        ERROR_REPORT("PotherCtl_ErrorReport", "pother::ErrorReport"),
        AGENT_ANNOUNCEMENT("PotherCtl_AgentAnnouncement", "pother::AgentAnnouncement");

        private final String topicName;
        private final String typeName;

        TopicKind(String topicName, String typeName) {
            this.topicName = topicName;
            this.typeName = typeName;
        }

        public String topicName() {
            return topicName;
        }

        public String typeName() {
            return typeName;
        }

        /** True for the topics in {@value ProtocolTypes#COMMANDS_PARTITION}. */
        public boolean command() {
            return ordinal() <= QOS_CHANGE.ordinal();
        }

        /** A fresh StructType of this topic. */
        public StructType type() {
            return ProtocolTypes.create(this);
        }
    }

    private ProtocolTypes() {
    }

    static StructType create(TopicKind kind) {
        StructType.Builder b = StructType.builder(kind.typeName());
        switch (kind) {
            case TRANSMITTER_DEFINITION -> {
                definitionHeader(b);
                b.member("size", MemberKind.INT32).member("rate", MemberKind.FLOAT64).member("burst", MemberKind.INT32)
                        .member("sample_count", MemberKind.INT64).member("write_batching", MemberKind.BOOLEAN)
                        .member("own_participant", MemberKind.BOOLEAN);
                qos(b);
            }
            case RECEIVER_DEFINITION -> {
                definitionHeader(b);
                b.member("partner", MemberKind.STRING).member("expected_rate", MemberKind.FLOAT64)
                        .member("own_participant", MemberKind.BOOLEAN);
                qos(b);
                b.member("partner_timeout_ms", MemberKind.INT32); // protocol 3: last, so the members before keep their place
            }
            case TRANSCEIVER_DEFINITION -> {
                definitionHeader(b);
                b.member("partner", MemberKind.STRING).member("size", MemberKind.INT32).member("rate", MemberKind.FLOAT64)
                        .member("sample_count", MemberKind.INT64).member("partner_timeout_ms", MemberKind.INT32);
                qos(b);
            }
            case TRANSPONDER_DEFINITION -> {
                definitionHeader(b);
                qos(b);
            }
            case RELAY_DEFINITION -> {
                definitionHeader(b);
                b.member("partner", MemberKind.STRING).member("rate", MemberKind.FLOAT64)
                        .member("partner_timeout_ms", MemberKind.INT32).member("write_batching", MemberKind.BOOLEAN)
                        .member("own_participant", MemberKind.BOOLEAN);
                qos(b);
            }
            case QOS_CHANGE -> b.key("app_id", MemberKind.INT32).key("group_id", MemberKind.STRING)
                    .key("name", MemberKind.STRING).key("policy", MemberKind.STRING).member("value", MemberKind.STRING);
            case LATENCY_REPORT -> {
                b.key("app_id", MemberKind.INT32).key("name", MemberKind.STRING).key("column", MemberKind.STRING)
                        .key("fraction_permille", MemberKind.INT32);
                reportHeader(b);
                b.member("period", MemberKind.INT64).member("last", MemberKind.BOOLEAN).member("rows", MemberKind.INT32)
                        .member("period_ns", MemberKind.INT64)
                        .member("sent", MemberKind.INT64).member("received", MemberKind.INT64)
                        .member("count", MemberKind.INT64).member("min_ns", MemberKind.FLOAT64)
                        .member("avg_ns", MemberKind.FLOAT64).member("max_ns", MemberKind.FLOAT64)
                        .member("stddev_ns", MemberKind.FLOAT64).member("p50_ns", MemberKind.FLOAT64)
                        .member("p90_ns", MemberKind.FLOAT64).member("p99_ns", MemberKind.FLOAT64)
                        .member("exact", MemberKind.BOOLEAN).octetSequence("histogram")
                        .member("warmup", MemberKind.INT64); // protocol 3
            }
            case THROUGHPUT_REPORT -> {
                b.key("app_id", MemberKind.INT32).key("name", MemberKind.STRING).key("role", MemberKind.STRING);
                reportHeader(b);
                periodCounts(b);
                b.member("mbit_per_s", MemberKind.FLOAT64).member("sequence_samples_per_s", MemberKind.FLOAT64)
                        .member("requested_samples_per_s", MemberKind.FLOAT64);
            }
            case DISCOVERY_REPORT -> {
                b.key("app_id", MemberKind.INT32).key("name", MemberKind.STRING).key("role", MemberKind.STRING);
                reportHeader(b);
                b.member("own_participant", MemberKind.BOOLEAN).member("created_ns", MemberKind.INT64)
                        .member("first_match_ns", MemberKind.INT64).member("first_sample_ns", MemberKind.INT64)
                        .member("create_to_match_ns", MemberKind.INT64)
                        .member("create_to_first_sample_ns", MemberKind.INT64)
                        .member("first_seq", MemberKind.INT64).member("samples_missed", MemberKind.INT64);
            }
            case SENDER_REPORT -> {
                b.key("app_id", MemberKind.INT32).key("name", MemberKind.STRING).key("sender", MemberKind.INT32);
                reportHeader(b);
                periodCounts(b);
            }
            case ERROR_REPORT -> {
                b.key("app_id", MemberKind.INT32).key("name", MemberKind.STRING);
                reportHeader(b);
                b.member("message", MemberKind.STRING);
            }
            case AGENT_ANNOUNCEMENT -> {
                b.key("app_id", MemberKind.INT32);
                reportHeader(b);
                b.member("host", MemberKind.STRING).member("pid", MemberKind.INT64).member("version", MemberKind.STRING)
                        .member("state", MemberKind.STRING).member("tests", MemberKind.STRING);
            }
            default -> throw new IllegalStateException("no type for " + kind);
        }
        return b.build();
    }

    private static void definitionHeader(StructType.Builder b) {
        b.key("app_id", MemberKind.INT32).key("group_id", MemberKind.STRING).key("name", MemberKind.STRING)
                .member("state", MemberKind.INT32).member("report_period_ms", MemberKind.INT32);
    }

    private static void qos(StructType.Builder b) {
        b.member("reliability", MemberKind.INT32).member("history_depth", MemberKind.INT32)
                .member("transport_priority", MemberKind.INT32).member("latency_budget_ns", MemberKind.INT64)
                .member("durability", MemberKind.INT32);
    }

    /** What a reading (or writing) side counted in one period: throughput reports, and per sender. */
    private static void periodCounts(StructType.Builder b) {
        b.member("period", MemberKind.INT64).member("last", MemberKind.BOOLEAN)
                .member("period_ns", MemberKind.INT64).member("samples", MemberKind.INT64).member("bytes", MemberKind.INT64)
                .member("total_samples", MemberKind.INT64).member("lost_total", MemberKind.INT64)
                .member("out_of_order_total", MemberKind.INT64).member("samples_per_s", MemberKind.FLOAT64);
    }

    /** Every report carries who sent it, when, and the sending process's CPU and memory. */
    private static void reportHeader(StructType.Builder b) {
        b.member("group_id", MemberKind.STRING).member("timestamp_ns", MemberKind.INT64)
                .member("cpu_user_pct", MemberKind.FLOAT64).member("cpu_sys_pct", MemberKind.FLOAT64)
                .member("rss_bytes", MemberKind.INT64);
    }

    /** The topic kinds of the commands partition. */
    public static List<TopicKind> commandTopics() {
        return java.util.Arrays.stream(TopicKind.values()).filter(TopicKind::command).toList();
    }

    /** The topic kinds of the reports partition. */
    public static List<TopicKind> reportTopics() {
        return java.util.Arrays.stream(TopicKind.values()).filter(k -> !k.command()).toList();
    }
}
