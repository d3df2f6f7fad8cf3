package org.ddstuner.config.ui;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.remote.HostInterfacesOperation;
import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.AgentProfileStore;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.KnownAgents;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.ui.AgentTokens;

/**
 * A deployment node's interfaces from the agent of the desktop's "Remote agent" profile for that node's address
 * (profile file and token in secure storage as the Remote agent connection keeps them), so Finish checks every node
 * it can reach, not only the one the network page listed.
 */
final class NodeAgents {

    /** How long one node's agent may take to connect and answer: Finish waits for each in turn. */
    static final Duration TIMEOUT = Duration.ofSeconds(8);

    /** The node's interfaces, or why they could not be had. */
    record Answer(NodeInterfaces node, String reason) {
    }

    private NodeAgents() {
    }

    /** Asks the agent of the profile whose host is {@code address}; never throws. */
    static Answer ask(String address) {
        Optional<AgentProfile> p = AgentProfileStore.defaultStore().load().stream()
                .filter(x -> x.host().equalsIgnoreCase(address)).findFirst();
        if (p.isEmpty()) {
            return new Answer(null, "no agent profile for " + address);
        }
        AgentProfile profile = p.get();
        try {
            String token = profile.clientCert() != null ? null
                    : AgentTokens.defaultTokens().token(profile.name()).orElse(null);
            if (token == null && profile.clientCert() == null) {
                return new Answer(null, "agent unreachable: profile " + profile.name() + " has no token");
            }
            ClientOptions o = profile.clientOptions(token).withClientName("ddstuner-wizard");
            // the connection's dialog asks before trusting a new certificate; Finish does not pin one silently
            if (o.caFile() == null && new KnownAgents(o.knownAgents()).lookup(o.agent()).isEmpty()) {
                return new Answer(null, "agent unreachable: " + o.agent() + "'s certificate is not trusted yet; connect "
                        + "to profile " + profile.name() + " once to pin it");
            }
            o = new ClientOptions(o.host(), o.port(), o.token(), o.knownAgents(), o.trustFingerprint(), o.clientName(),
                    o.maxFrameBytes(), TIMEOUT, o.maxBackoff(), o.caFile(), o.clientCert(), o.clientCertPassword());
            try (RemoteClient client = RemoteClient.connect(o)) {
                return new Answer(HostInterfacesOperation.fetch(client, "node " + o.agent() + " (profile "
                        + profile.name() + ")", TIMEOUT), null);
            }
        } catch (IOException | RuntimeException | org.eclipse.equinox.security.storage.StorageException e) {
            return new Answer(null, "agent unreachable: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
        }
    }
}
