package org.ddstuner.agent;

import java.util.Map;

/**
 * An agent's reply to one request.
 *
 * @param qos  the target's QoS now in force (policy name → value text), empty for LIST or an unknown target
 * @param body LIST: one entity line per line
 */
public record AgentReply(String agent, long requestId, AgentResult result, String message, String target,
        Map<String, String> qos, String body) {

    public boolean ok() {
        return result == AgentResult.OK;
    }
}
