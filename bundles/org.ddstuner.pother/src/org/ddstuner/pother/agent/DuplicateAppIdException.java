package org.ddstuner.pother.agent;

import org.ddstuner.pother.protocol.AgentAnnouncement;

/**
 * An agent did not start because another agent announces the app id it was given: two agents with one app id
 * would both obey every command for it and their reports would be taken for one agent's.
 */
public final class DuplicateAppIdException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient AgentAnnouncement holder;

    DuplicateAppIdException(AgentAnnouncement holder) {
        super("app id " + holder.appId() + " is taken: agent " + holder.appId() + " is already running (pid "
                + holder.pid() + " on " + holder.host() + (holder.groupId().isEmpty() ? "" : ", group " + holder.groupId())
                + "); stop it or start this agent with another --app-id");
        this.holder = holder;
    }

    /** The announcement of the agent that holds the app id. */
    public AgentAnnouncement holder() {
        return holder;
    }
}
