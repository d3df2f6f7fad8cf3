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

    /** What a current agent announces as its {@link #version}: "ddstuner-pother protocol N". */
    public static String currentVersion() {
        return "ddstuner-pother protocol " + ProtocolTypes.PROTOCOL_VERSION;
    }

    /**
     * Null if this agent speaks this controller's protocol, else what is wrong ("protocol 1, this controller
     * speaks 2"): its reports may lack members (an older agent sends no histogram) or have others.
     */
    public String protocolMismatch() {
        if (currentVersion().equals(version)) {
            return null;
        }
        int at = version == null ? -1 : version.lastIndexOf("protocol ");
        String theirs = at < 0 ? "unknown protocol (\"" + version + "\")" : version.substring(at);
        return theirs + ", this controller speaks protocol " + ProtocolTypes.PROTOCOL_VERSION;
    }
}
