package org.ddstuner.agent;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;

/**
 * The agent's control protocol, version {@value #VERSION}: the run-time types of {@code idl/ddstuner_agent.idl} (which
 * AgentIdlTest compares with these) and its constants. All topics are in partition {@value #PARTITION}.
 */
public final class AgentProtocol {

    public static final int VERSION = 1;
    public static final String PARTITION = "ddstuner.agent";
    public static final String REQUEST_TOPIC = "DDSTunerAgent_Request";
    public static final String REPLY_TOPIC = "DDSTunerAgent_Reply";
    public static final String ANNOUNCEMENT_TOPIC = "DDSTunerAgent_Announcement";
    public static final String STATISTICS_TOPIC = "DDSTunerAgent_Statistics";

    /** The USER_DATA of an agent's participant: the tool's marker plus the agent's own. */
    public static final String AGENT_USER_DATA = "ddstuner.tool=1;ddstuner.agent=1;";

    public static final int OP_LIST = 1;
    public static final int OP_SET_QOS = 2;
    public static final int OP_GET_QOS = 3;

    private AgentProtocol() {
    }

    public static StructType requestType() {
        return StructType.builder("ddstuner_agent::Request").member("version", MemberKind.INT32)
                .member("client", MemberKind.STRING).member("request_id", MemberKind.INT64)
                .member("agent", MemberKind.STRING).member("op", MemberKind.INT32).member("target", MemberKind.STRING)
                .member("qos", MemberKind.STRING).member("timestamp_ns", MemberKind.INT64)
                .member("nonce", MemberKind.STRING).member("hmac", MemberKind.STRING).build();
    }

    public static StructType replyType() {
        return StructType.builder("ddstuner_agent::Reply").member("version", MemberKind.INT32)
                .member("agent", MemberKind.STRING).member("client", MemberKind.STRING)
                .member("request_id", MemberKind.INT64).member("result", MemberKind.INT32)
                .member("message", MemberKind.STRING).member("target", MemberKind.STRING)
                .member("qos", MemberKind.STRING).member("body", MemberKind.STRING).build();
    }

    public static StructType announcementType() {
        return StructType.builder("ddstuner_agent::Announcement").key("agent", MemberKind.STRING)
                .member("version", MemberKind.INT32).member("pid", MemberKind.INT64).member("host", MemberKind.STRING)
                .member("process", MemberKind.STRING).member("library", MemberKind.STRING)
                .member("library_version", MemberKind.STRING).member("writable", MemberKind.BOOLEAN)
                .member("state", MemberKind.STRING).member("timestamp_ns", MemberKind.INT64).build();
    }

    public static StructType statisticsType() {
        return StructType.builder("ddstuner_agent::Statistics").member("agent", MemberKind.STRING)
                .member("entity", MemberKind.STRING).member("kind", MemberKind.STRING).member("topic", MemberKind.STRING)
                .member("timestamp_ns", MemberKind.INT64).member("counters", MemberKind.STRING).build();
    }
}
