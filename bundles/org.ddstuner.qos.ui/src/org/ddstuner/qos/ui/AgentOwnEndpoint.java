package org.ddstuner.qos.ui;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.MatchPreview;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.remote.RemoteEndpoints;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

/**
 * An own reader or writer made on a remote agent's connection: it lives on the agent ({@code create-endpoint}), held
 * there for this client; the editor tunes it through the agent ({@code set-endpoint-qos}) and shows the agent's
 * answer per policy. How each policy can change is the agent's library's table, sent with the endpoint; the values
 * shown are what the agent answered last (its discovery's announcement).
 * Deleting it deletes it on the agent; so does the client's going (the agent frees what a gone client held), and after
 * a lost link it is made again there.
 */
final class AgentOwnEndpoint extends OwnEndpoint {

    /** The agent refused or the link failed: the agent's reason as the editor shows it. */
    static final class AgentRefusal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AgentRefusal(String message, Throwable cause) {
            super(message, cause);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private final RemoteConnection remote;
    private final RemoteEndpoints endpoints;
    private volatile RemoteEndpoints.Endpoint state;
    private final Consumer<SystemConnection.Link> relink = this::linkChanged;
    private volatile boolean down;
    private volatile boolean deleted;
    /** The values applied this session, to make it again with them after a lost link. */
    private volatile Qos tuned = Qos.EMPTY;

    private AgentOwnEndpoint(RemoteConnection remote, RemoteEndpoints endpoints, RemoteEndpoints.Endpoint state,
            String label) {
        super(new Object(), label, state.writer(), null, state.topic(), () -> null, null, () -> { }, false);
        this.remote = remote;
        this.endpoints = endpoints;
        this.state = state;
        remote.addLinkListener(relink);
    }

    /**
     * The agent frees what a client held when its link drops: once the link is up again, make it again with the
     * values applied this session over what the agent derives (a new GUID; the key may differ), as SessionResources
     * asks of a reconnecting client.
     */
    private void linkChanged(SystemConnection.Link l) {
        if (l.state() == SystemConnection.LinkState.CLOSED) {
            OwnEndpoints.get().connectionClosed(this); // the connection was closed: the agent freed it, the list forgets it
            return;
        }
        if (!l.up()) {
            down = true; // added once connected: any other state means the link dropped since
            return;
        }
        if (!down || deleted) {
            return;
        }
        down = false;
        RemoteEndpoints.Endpoint old = state;
        Thread.ofVirtual().name("ddstuner-recreate-" + old.key()).start(() -> {
            try {
                state = endpoints.create(old.topic(), old.writer(), old.typeName(), tuned);
                OwnEndpoints.get().remade(this); // the view shows the new GUID
            } catch (IOException e) {
                // the next apply says why (the agent does not know the old key)
            }
        });
    }

    /** Deletes it on the agent (gone already when the link dropped: the agent freed it with the session). */
    @Override
    void close() {
        deleted = true;
        remote.removeLinkListener(relink);
        delete(endpoints, state.key());
    }

    /**
     * Asks the agent for a reader or writer on {@code topic} (QoS derived there from the topic's peers).
     *
     * @throws IOException the agent refused (its reason and code) or the link failed
     */
    static AgentOwnEndpoint create(RemoteConnection remote, String topic, String typeName, boolean writer)
            throws IOException {
        RemoteEndpoints eps = new RemoteEndpoints(remote.client());
        RemoteEndpoints.Endpoint e = eps.create(topic, writer, typeName, null);
        return new AgentOwnEndpoint(remote, eps, e, (writer ? "Writer: " : "Reader: ") + topic + " ("
                + String.format(Messages.ON_AGENT, remote.name()) + ")");
    }

    private static void delete(RemoteEndpoints endpoints, String key) {
        try {
            endpoints.delete(key);
        } catch (IOException e) {
            // gone already (the link dropped: the agent freed it with the session)
        }
    }

    /** The agent's connection it lives on. */
    RemoteConnection remote() {
        return remote;
    }

    /** The key the agent holds it under. */
    String key() {
        return state.key();
    }

    @Override
    public Guid guid() {
        return state.guid();
    }

    /**
     * What the agent answered last (its discovery's announcement, confirmed there): the remote model shows the same a
     * moment later, when the agent's delta arrives, so right after Apply it may still show the old value.
     */
    @Override
    public Qos announcedQos() {
        return state.qos();
    }

    /** The endpoint as the remote model shows it (the agent's discovery), once it does. */
    Optional<Endpoint> modelled() {
        return remote.model().snapshot(true).endpoint(state.guid()).filter(Endpoint::alive);
    }

    @Override
    public Changeability how(Capability c) {
        RemoteEndpoints.Policy p = state.policies().get(c.policy());
        return p != null ? p.how() : c.own();
    }

    @Override
    public String reason(Capability c) {
        RemoteEndpoints.Policy p = state.policies().get(c.policy());
        return p != null ? p.reason() + Messages.AGENT_TABLE : c.reason();
    }

    @Override
    public Tuning.Preview preview(Qos change) {
        SystemSnapshot snapshot = remote.model().snapshot(true);
        List<Endpoint> peers = snapshot.endpoints();
        Endpoint self = modelled().orElseThrow(() -> new IllegalStateException(String.format(
                Messages.NOT_ANNOUNCED_ON_AGENT, state.guid(), remote.name())));
        return new Tuning.Preview(MatchPreview.preview(self, change, peers),
                g -> snapshot.participant(g).map(Participant::name).orElse(null));
    }

    /** Sends the change to the agent, which applies it as the local path does and answers per policy. */
    @Override
    public TuningOutcome apply(Qos change) {
        try {
            RemoteEndpoints.Tuned t = endpoints.setQos(state.key(), change);
            state = t.endpoint();
            record(t.outcome().policies(), t.outcome().guidNotice());
            Qos q = tuned;
            for (PolicyOutcome o : t.outcome().policies()) {
                if (o.status() == PolicyOutcome.Status.APPLIED && o.requested() != null) {
                    q = PolicyValues.with(q, o.requested());
                }
            }
            tuned = q;
            return t.outcome();
        } catch (RemoteEndpoints.Refused r) {
            throw new AgentRefusal(String.format(Messages.AGENT_REFUSED, remote.name(), r.getMessage(), r.code()), r);
        } catch (IOException e) {
            throw new AgentRefusal(String.format(Messages.AGENT_UNREACHABLE, remote.name(), e.getMessage()), e);
        }
    }
}
