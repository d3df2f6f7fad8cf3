package org.ddstuner.pother.protocol;

/**
 * What a definition asks the agent to do with its test (IDL {@code state}: 0, 1, 2). Sending the same
 * definition again with another state starts or stops the test; changing anything else while it runs
 * rebuilds it with the new values.
 */
public enum TestState {
    /** Create the test's entities (so discovery can happen) but do not send. */
    STOPPED,
    /** Create if needed and run. */
    RUNNING,
    /** Stop and delete the test's entities. */
    REMOVED;

    /** The state with wire code {@code code}, or null for an unknown code. */
    public static TestState fromCode(int code) {
        return code >= 0 && code < values().length ? values()[code] : null;
    }
}
