package org.ddstuner.pother.protocol;

/**
 * Which agents a command is for: one agent by {@code appId}, or, with {@code appId == }{@link #ANY_APP},
 * every agent of {@code groupId} (a broadcast; the empty group reaches every agent).
 */
public record Target(int appId, String groupId) {

    public static final int ANY_APP = -1;

    public Target {
        if (groupId == null) {
            groupId = "";
        }
        if (appId < ANY_APP) {
            throw new IllegalArgumentException("an app id is 0 or more (or -1 for a group broadcast), not " + appId);
        }
    }

    /** The agent with this app id. */
    public static Target app(int appId) {
        return new Target(appId, "");
    }

    /** Every agent of group {@code groupId}. */
    public static Target group(String groupId) {
        return new Target(ANY_APP, groupId);
    }

    /** True if an agent with this app id and group takes commands sent to this target. */
    public boolean reaches(int agentApp, String agentGroup) {
        if (appId != ANY_APP) {
            return appId == agentApp;
        }
        return groupId.isEmpty() || groupId.equals(agentGroup);
    }

    @Override
    public String toString() {
        return appId != ANY_APP ? "app " + appId : groupId.isEmpty() ? "all agents" : "group " + groupId;
    }
}
