package org.ddstuner.agent;

/**
 * An agent as it announces itself.
 *
 * @param writable the application was started with DDSTUNER_AGENT_SECRET (signed changes are possible)
 */
public record AgentInfo(String agent, int version, long pid, String host, String process, String library,
        String libraryVersion, boolean writable, String state) {
}
