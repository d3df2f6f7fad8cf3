package org.ddstuner.agent;

/** The result code of an agent's reply (numbers as in {@code idl/ddstuner_agent.idl}). */
public enum AgentResult {
    OK, BAD_VERSION, NOT_AUTHORIZED, REPLAY, UNKNOWN_ENTITY, MALFORMED, IMMUTABLE_POLICY, UNSUPPORTED, ERROR, UNKNOWN_CODE;

    public static AgentResult of(int code) {
        return code >= 0 && code < UNKNOWN_CODE.ordinal() ? values()[code] : UNKNOWN_CODE;
    }
}
