package org.ddstuner.agent.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.agent.AgentQos;
import org.ddstuner.agent.RequestSigner;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.MatchPreview;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyOutcome.Status;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TunedKind;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.TunableEndpoint;
import org.ddstuner.qos.ui.Tuning;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A reader or writer of an application on a remote agent's host ({@link ApplicationEntity}'s counterpart for a
 * {@link RemoteConnection}): the live policies go through the agent's {@code set-qos}, signed with the secret chosen
 * here (file or secure storage, as locally); the agent's answer (the QoS in force afterwards) and the mirrored model's
 * announcement confirm them. Next-start policies are locked: the override file lives on the application's host.
 */
public final class RemoteApplicationEntity implements TunableEndpoint {

    private final RemoteConnection connection;
    private final AgentInfo agent;
    private volatile AgentEntity entity;
    private final Guid guid;
    private final Map<String, PolicyOutcome> changes = new LinkedHashMap<>();
    /** Policy → the value the agent's set-qos answer says is in force (its confirmation, shown with the changes). */
    private final Map<String, String> agentSaid = new LinkedHashMap<>();

    RemoteApplicationEntity(RemoteConnection connection, AgentInfo agent, AgentEntity entity) {
        this.connection = connection;
        this.agent = agent;
        this.entity = entity;
        this.guid = Guid.parse(entity.id());
    }

    void listed(AgentEntity e) {
        entity = e;
    }

    public AgentInfo agent() {
        return agent;
    }

    public AgentEntity entity() {
        return entity;
    }

    public RemoteConnection connection() {
        return connection;
    }

    String process() {
        return agent.process() + " (pid " + agent.pid() + ")";
    }

    @Override
    public String label() {
        return entity.kind() + " " + entity.topic() + " of " + process() + " on " + agent.host() + " (through "
                + connection.label() + ")";
    }

    @Override
    public boolean isWriter() {
        return entity.kind().equals("writer");
    }

    @Override
    public Guid guid() {
        return guid;
    }

    /** The remote agent's discovery (the mirrored model); before it has the entity, what list-qos gave. */
    @Override
    public Qos announcedQos() {
        return connection.model().snapshot(true).endpoint(guid).map(Endpoint::qos).orElseGet(this::listedQos);
    }

    private Qos listedQos() {
        Qos q = Qos.EMPTY;
        for (var e : entity.qos().entrySet()) {
            try {
                q = PolicyValues.with(q, AgentQos.toRecord(e.getKey(), e.getValue()));
            } catch (IllegalArgumentException unknown) {
                // a policy this tool does not model: not shown
            }
        }
        return q;
    }

    @Override
    public Changeability how(Capability c) {
        return c.remote();
    }

    @Override
    public boolean locked(Capability c) {
        return c.remote() != Changeability.LIVE || RemoteTuning.noQos(connection) != null;
    }

    @Override
    public String reason(Capability c) {
        if (c.remote() == Changeability.NEXT_START) {
            return c.reason() + Messages.REMOTE_NEXT_START_REASON;
        }
        String noQos = RemoteTuning.noQos(connection);
        return c.remote() == Changeability.LIVE && noQos != null ? noQos : c.reason();
    }

    /** Matches gained and lost against the peers the remote agent's model knows on the topic. */
    @Override
    public Tuning.Preview preview(Qos change) {
        SystemSnapshot snapshot = connection.model().snapshot(true);
        List<Endpoint> peers = snapshot.endpoints();
        Endpoint self = peers.stream().filter(p -> p.guid().equals(guid)).findFirst().orElseThrow(
                () -> new IllegalStateException("the remote agent's discovery has not announced " + guid + " yet"));
        return new Tuning.Preview(MatchPreview.preview(self, change, peers),
                g -> snapshot.participant(g).map(Participant::name).orElse(null));
    }

    /** The secret chosen for this application (file, else secure storage by process name), or null. */
    private byte[] secret() throws IOException {
        Path f = AgentSessions.secretFile(agent.agent());
        return f != null ? RequestSigner.readSecret(f) : AgentSessions.storedSecret(agent.process());
    }

    @Override
    public TuningOutcome apply(Qos change) {
        Qos before = announcedQos();
        Map<String, String> live = new LinkedHashMap<>();
        Map<String, PolicyOutcome> done = new LinkedHashMap<>();
        for (var e : change.setPolicies().entrySet()) {
            String policy = e.getKey();
            Object old = PolicyValues.get(before, policy);
            Optional<Capability> cap = Tuning.capabilities().get(isWriter() ? TunedKind.WRITER : TunedKind.READER,
                    policy);
            if (PolicyValues.same(old, e.getValue())) {
                done.put(policy, new PolicyOutcome(policy, Changeability.LIVE, Status.UNCHANGED, old, e.getValue(), old,
                        true, "already " + PolicyValues.text(old)));
            } else if (cap.isPresent() && cap.get().remote() == Changeability.LIVE) {
                live.put(policy, AgentQos.text(e.getValue()));
            } else {
                done.put(policy, new PolicyOutcome(policy, cap.map(Capability::remote).orElse(Changeability.IMMUTABLE),
                        Status.REFUSED, old, e.getValue(), null, false, Messages.REMOTE_NOT_LIVE));
            }
        }
        String failure = null;
        JsonNode answer = null;
        boolean seen = false;
        if (!live.isEmpty()) {
            failure = RemoteTuning.noQos(connection);
            if (failure == null) {
                try {
                    byte[] secret = secret();
                    RemoteClient.Reply r = RemoteTuning.setQos(connection, guid.toString(), live, secret);
                    if (!r.ok()) {
                        failure = String.format(Messages.REMOTE_REFUSED, connection.label(), r.code(), r.reason(),
                                secret == null ? Messages.UNSIGNED_HINT : "");
                    } else {
                        answer = r.result().path("qos");
                        seen = awaitAnnounced(live.keySet(), change);
                    }
                } catch (IOException | RuntimeException ex) {
                    failure = "not sent: " + ex.getMessage();
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    failure = "interrupted";
                }
            }
        }
        Qos after = connection.model().snapshot(true).endpoint(guid).map(Endpoint::qos).orElse(null);
        List<PolicyOutcome> outcomes = new ArrayList<>();
        for (String policy : change.setPolicies().keySet()) {
            PolicyOutcome o = done.get(policy);
            if (o == null) {
                Object req = change.setPolicies().get(policy);
                Object now = after == null ? null : PolicyValues.get(after, policy);
                if (failure != null) {
                    o = new PolicyOutcome(policy, Changeability.LIVE, Status.FAILED, PolicyValues.get(before, policy),
                            req, now, false, failure);
                } else {
                    String agentSays = answer.path(policy).asText("?");
                    o = new PolicyOutcome(policy, Changeability.LIVE, Status.APPLIED, PolicyValues.get(before, policy),
                            req, now, seen, String.format(Messages.REMOTE_APPLIED, connection.label(), process(),
                                    agentSays) + (seen ? Messages.REMOTE_SEEN
                                            : String.format(Messages.REMOTE_NOT_SEEN, Tuning.CONFIRM_TIMEOUT.toMillis())));
                }
            }
            outcomes.add(o);
        }
        synchronized (this) {
            for (PolicyOutcome o : outcomes) {
                if (o.status() == Status.APPLIED) {
                    PolicyOutcome first = changes.get(o.policy());
                    changes.put(o.policy(), first == null ? o : new PolicyOutcome(o.policy(), o.how(), o.status(),
                            first.before(), o.requested(), o.after(), o.confirmed(), o.reason()));
                    agentSaid.put(o.policy(), answer.path(o.policy()).asText("?"));
                }
            }
        }
        return new TuningOutcome(null, false, guid, guid, outcomes);
    }

    /** Waits until the remote agent's discovery (mirrored here) announces the requested values. */
    private boolean awaitAnnounced(java.util.Set<String> policies, Qos change) throws InterruptedException {
        long end = System.nanoTime() + Tuning.CONFIRM_TIMEOUT.toNanos();
        do {
            Optional<Qos> q = connection.model().snapshot(true).endpoint(guid).map(Endpoint::qos);
            if (q.isPresent() && policies.stream().allMatch(p -> PolicyValues.holds(q.get(), p,
                    change.setPolicies().get(p)))) {
                return true;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < end);
        return false;
    }

    @Override
    public synchronized List<String> changedThisSession() {
        List<String> out = new ArrayList<>();
        for (PolicyOutcome o : changes.values()) {
            // the editor shows a confirmed outcome without its reason: the agent's own answer goes here
            out.add(o.policy() + ": " + Tuning.valueText(o.before()) + " → "
                    + Tuning.valueText(o.after() != null ? o.after() : o.requested()) + String.format(
                            Messages.REMOTE_AGENT_SAID, connection.name(), agentSaid.get(o.policy())));
        }
        return out;
    }

    @Override
    public String toString() {
        return entity.kind() + " · " + entity.topic() + " · " + entity.type();
    }
}
