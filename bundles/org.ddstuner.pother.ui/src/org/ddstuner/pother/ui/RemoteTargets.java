package org.ddstuner.pother.ui;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.remote.RemoteBenchmarkSource;
import org.ddstuner.pother.runs.ReportSource;
import org.ddstuner.remote.RemoteConnection;

/**
 * The Launcher's "Agents via …" targets: one per remote-agent connection open on the desktop, whose Pother agents a run
 * uses through that agent ({@link RemoteBenchmarkSource}); and the agents field's text (app ids or {@code group:NAME}),
 * shared with "Chosen agents".
 */
final class RemoteTargets {

    /** App ids (the first measures) or a group, as typed in the agents field. */
    record AgentSpec(List<Integer> ids, String group) {
    }

    private RemoteTargets() {
    }

    /** The remote-agent connections open now, in the order they were opened. */
    static List<RemoteConnection> connections() {
        return ConnectionManager.get().systems().stream().filter(RemoteConnection.class::isInstance)
                .map(RemoteConnection.class::cast).toList();
    }

    static String item(RemoteConnection c) {
        return Messages.TARGET_REMOTE + c.name();
    }

    /**
     * "3, 4" or "group:lab".
     *
     * @throws IllegalArgumentException a part that is not an app id
     */
    static AgentSpec parse(String text) {
        String spec = text.strip();
        if (spec.startsWith("group:")) {
            return new AgentSpec(List.of(), spec.substring("group:".length()).strip());
        }
        List<Integer> ids = new ArrayList<>();
        for (String part : spec.split("[,\\s]+")) {
            if (!part.isEmpty()) {
                try {
                    ids.add(Integer.parseInt(part));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + part + "' is not an agent app id");
                }
            }
        }
        return new AgentSpec(ids, null);
    }

    /** A run on {@code c}'s agents named by the agents field. */
    static ReportSource source(RemoteConnection c, String agentsField) {
        AgentSpec s = parse(agentsField);
        return s.group() != null ? RemoteBenchmarkSource.ofGroup(c.client(), s.group())
                : RemoteBenchmarkSource.of(c.client(), s.ids());
    }

    /** "Lab agent (agent 10.77.0.1:7700) disconnected since 12:03:04 (reason)" while its link is down, else null. */
    static String linkNote(RemoteConnection c) {
        SystemConnection.Link l = c.link();
        if (l.state() != SystemConnection.LinkState.DISCONNECTED) {
            return null;
        }
        return c.label() + Messages.REMOTE_DISCONNECTED + AgentStatus.clock(l.since())
                + (l.reason() == null ? "" : " (" + l.reason() + ")");
    }
}
