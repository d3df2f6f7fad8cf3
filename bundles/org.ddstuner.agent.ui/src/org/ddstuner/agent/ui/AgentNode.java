package org.ddstuner.agent.ui;

import java.util.List;

import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.SystemConnection;
import org.ddstuner.qos.ui.TunableEndpoint;

/**
 * A process running the agent, as the Application Tuning view lists it: its announcement and its readers and writers
 * (from the agent's LIST, or a remote agent's list-qos), or why they could not be listed.
 */
record AgentNode(SystemConnection connection, AgentInfo info, List<? extends TunableEndpoint> entities, String error) {

    String label() {
        String mode = !"running".equals(info.state()) ? info.state()
                : info.writable() ? AgentSessions.hasSecret(info) ? "tunable"
                        : "report-only to this tool (no secret chosen)"
                        : "report-only (started without a secret)";
        // the library's file name says its version (libddsc.so.0debian, a wheel's libddsc-….so.11.0.1)
        return info.process() + " (pid " + info.pid() + ") · " + mode + " · " + info.host() + ", "
                + info.libraryVersion() + (error != null ? " · " + error : "");
    }

    @Override
    public String toString() {
        return label();
    }
}
