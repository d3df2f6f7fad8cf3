package org.ddstuner.qos.remote;

import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.QosCapabilities;
import org.ddstuner.remote.Operation;

/**
 * The agent's operations on a client's own readers and writers, as {@code ddstuner serve} registers them (one line
 * in ServeCli): {@code create-endpoint}, {@code set-endpoint-qos}, {@code delete-endpoint}, {@code list-endpoints},
 * and {@code qos-caps} (the agent's library's capability table).
 * They live here, not in org.ddstuner.remote.ops, because they tune with org.ddstuner.qos ({@code QosTuner}, the
 * capability table, confirmation from discovery), which the remote bundle does not depend on.
 */
public final class EndpointOperations {

    private EndpointOperations() {
    }

    /** The operations on {@code c}'s participant; the library's capability table is probed on the first request. */
    public static List<Operation> of(Connection c) {
        Served s = new Served(c);
        return List.of(new CreateEndpointOperation(s), new SetEndpointQosOperation(s),
                new DeleteEndpointOperation(), new ListEndpointsOperation(s), new QosCapsOperation(s));
    }

    /** What the operations share: the connection and one discovery confirmer on its participant. */
    static final class Served {
        final Connection connection;
        private DiscoveryConfirm discovery;

        Served(Connection connection) {
            this.connection = connection;
        }

        synchronized DiscoveryConfirm discovery() {
            if (discovery == null) {
                discovery = new DiscoveryConfirm(connection.ownParticipant());
            }
            return discovery;
        }

        QosCapabilities capabilities() {
            return CapabilityProbe.forLoadedLibrary();
        }
    }
}
