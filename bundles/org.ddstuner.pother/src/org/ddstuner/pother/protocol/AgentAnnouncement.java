package org.ddstuner.pother.protocol;

/**
 * An agent says it is there (once a second, and when it stops): host, process id, version, its state
 * ({@value #RUNNING} or {@value #STOPPED}) and the tests it holds ({@code role:name:state} separated by
 * commas).
 */
public record AgentAnnouncement(int appId, String groupId, String host, long pid, String version, String state,
        String tests, long timestampNanos, ResourceUsage usage) implements PotherReport {

    public static final String RUNNING = "running";
    public static final String STOPPED = "stopped";

    @Override
    public String name() {
        return "";
    }

    public boolean running() {
        return RUNNING.equals(state);
    }
}
