package org.ddstuner.agent.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.agent.AgentQos;
import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.AgentResult;
import org.ddstuner.agent.OverrideFile;
import org.ddstuner.agent.QosText;
import org.ddstuner.agent.RequestSigner;
import org.ddstuner.connection.Connection;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyOutcome.Status;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.TunableEndpoint;
import org.ddstuner.qos.ui.Tuning;

/**
 * A reader or writer of a running application, tuned through the agent in its process: the capability table's
 * "remote" column says how each policy can change (live by the agent's dds_set_qos, or at the next start through the
 * override file; policies the file cannot carry are locked), Apply sends a signed SET_QOS with the live ones and
 * confirms the agent's new values from the connection's discovery, like the CLI's {@code qos set}.
 */
public final class ApplicationEntity implements TunableEndpoint {

    /** How long one agent may take to answer one request. */
    static final Duration REPLY = Duration.ofSeconds(5);

    private final Connection connection;
    private final AgentInfo agent;
    /** What the agent listed; a re-created endpoint's listing replaces it. */
    private volatile AgentEntity entity;
    /** The GUID peers see now (a new one after re-creating). */
    private volatile Guid guid;
    /** How the process is named in messages instead of its executable's name (e.g. "Pother agent 3"), or null. */
    private volatile String name;
    /** Who can re-create this endpoint with policies that do not change live, or null (then they are locked). */
    private volatile EndpointRecreation recreation;
    private final Map<String, PolicyOutcome> changes = new LinkedHashMap<>();
    /** Whether a next-start policy can go to an override file; not for processes the desktop started itself. */
    private volatile boolean overrideFile = true;

    ApplicationEntity(Connection connection, AgentInfo agent, AgentEntity entity) {
        this.connection = connection;
        this.agent = agent;
        this.entity = entity;
        this.guid = Guid.parse(entity.id());
    }

    public Connection connection() {
        return connection;
    }

    public AgentInfo agent() {
        return agent;
    }

    public AgentEntity entity() {
        return entity;
    }

    /** "app (pid 123)": the process as the messages name it (its given name, else its executable's). */
    public String process() {
        return processName() + " (pid " + agent.pid() + ")";
    }

    /** The process's given name ("Pother agent 3"), else its executable's. */
    public String processName() {
        String n = name;
        return n != null ? n : agent.process();
    }

    /** Names the process in messages and lists (a JVM's executable, "java", says nothing). */
    void named(String processName) {
        this.name = processName;
    }

    void recreatedBy(EndpointRecreation r) {
        this.recreation = r;
    }

    /** Whether {@code c}'s policy, not live, is changed by re-creating the endpoint (see {@link EndpointRecreation}). */
    private boolean recreatable(Capability c) {
        EndpointRecreation r = recreation;
        return r != null && c.remote() != Changeability.LIVE && r.handles(this, c.policy());
    }

    @Override
    public String label() {
        return entity.kind() + " " + entity.topic() + " of " + process() + " on " + agent.host();
    }

    @Override
    public boolean isWriter() {
        return entity.kind().equals("writer");
    }

    @Override
    public Guid guid() {
        return guid;
    }

    /** Discovery's announcement; before it arrives, what the agent listed. */
    @Override
    public Qos announcedQos() {
        followRecreation();
        return Tuning.discovery(connection).endpoint(guid).map(EndpointData::qos).orElseGet(this::listedQos);
    }

    /**
     * When the owner re-created this endpoint along with another one (a test's redefinition re-creates all its
     * endpoints), its GUID is gone from discovery: the one new endpoint of the same kind on the same topic in the same
     * participant is it now.
     */
    private void followRecreation() {
        if (recreation == null) {
            return;
        }
        var discovery = Tuning.discovery(connection);
        Guid old = guid;
        if (discovery.endpoint(old).isPresent()) {
            return;
        }
        List<EndpointData> successors = discovery.endpoints(entity.topic(), isWriter()).stream()
                .filter(d -> d.key().prefixHex().equals(old.prefixHex())).toList();
        if (successors.size() == 1) {
            moveTo(successors.get(0).key(), Recreating.moved(entity, successors.get(0).key()));
        }
    }

    /** Now the endpoint with {@code newGuid}, as its agent lists it. */
    synchronized void moveTo(Guid newGuid, AgentEntity listing) {
        entity = listing;
        guid = newGuid;
    }

    private Qos listedQos() {
        Qos q = Qos.EMPTY;
        for (var e : entity.qos().entrySet()) {
            try {
                q = PolicyValues.with(q, AgentQos.toRecord(e.getKey(), e.getValue()));
            } catch (IllegalArgumentException unknown) {
                // a policy this tool does not model (a newer agent's): not shown
            }
        }
        return q;
    }

    @Override
    public Changeability how(Capability c) {
        return recreatable(c) ? Changeability.RECREATE : c.remote();
    }

    @Override
    public boolean locked(Capability c) {
        if (recreatable(c)) {
            return false;
        }
        Changeability how = c.remote();
        return how == Changeability.IMMUTABLE || how == Changeability.NEXT_START && (!overrideFile || !overridable(c.policy()));
    }

    /**
     * For a process the desktop started (a benchmark's agent process): its next-start policies are the desktop's own
     * definition of it, not an override file, so they are locked here with that reason.
     */
    void startedByTheDesktop() {
        overrideFile = false;
    }

    private static boolean overridable(String policy) {
        return OverrideFile.SUPPORTED.contains(policy);
    }

    @Override
    public String reason(Capability c) {
        if (recreatable(c)) {
            return recreation.reason();
        }
        if (c.remote() != Changeability.NEXT_START) {
            return c.reason();
        }
        if (!overrideFile) {
            return c.reason() + Messages.DESKTOP_STARTED_REASON;
        }
        return c.reason() + (overridable(c.policy()) ? String.format(Messages.NEXT_START_REASON, process())
                : Messages.NO_OVERRIDE_REASON);
    }

    @Override
    public Tuning.Preview preview(Qos change) {
        return Tuning.preview(connection, guid, isWriter(), false, change);
    }

    /**
     * The secret the desktop gave the process (it started it), else that of the file chosen for this agent, else the one
     * kept in secure storage for its process name, or null (unsigned: the agent refuses).
     */
    byte[] secret() throws IOException {
        byte[] given = AgentSessions.givenSecret(agent.agent());
        if (given != null) {
            return given;
        }
        Path f = AgentSessions.secretFile(agent.agent());
        return f != null ? RequestSigner.readSecret(f) : AgentSessions.storedSecret(agent.process());
    }

    @Override
    public TuningOutcome apply(Qos change) {
        Qos before = announcedQos();
        Map<String, String> live = new LinkedHashMap<>();
        Map<String, Object> recreate = new LinkedHashMap<>();
        Map<String, PolicyOutcome> done = new LinkedHashMap<>();
        for (var e : change.setPolicies().entrySet()) {
            String policy = e.getKey();
            Object old = PolicyValues.get(before, policy);
            Optional<Capability> cap = Tuning.capabilities().get(isWriter() ? org.ddstuner.qos.TunedKind.WRITER
                    : org.ddstuner.qos.TunedKind.READER, policy);
            if (PolicyValues.same(old, e.getValue())) {
                done.put(policy, new PolicyOutcome(policy, Changeability.LIVE, Status.UNCHANGED, old, e.getValue(), old,
                        true, "already " + PolicyValues.text(old)));
            } else if (cap.isPresent() && cap.get().remote() == Changeability.LIVE) {
                live.put(policy, AgentQos.text(e.getValue()));
            } else if (cap.isPresent() && recreatable(cap.get())) {
                recreate.put(policy, e.getValue());
            } else {
                done.put(policy, new PolicyOutcome(policy, cap.map(Capability::remote).orElse(Changeability.IMMUTABLE),
                        Status.REFUSED, old, e.getValue(), null, false, String.format(Messages.NOT_LIVE, process())));
            }
        }
        if (!recreate.isEmpty()) {
            return applyByRecreating(change, before, live, recreate, done);
        }
        AgentReply reply = null;
        String failure = null;
        Optional<EndpointData> announced = Optional.empty();
        if (!live.isEmpty()) {
            try {
                byte[] secret = secret();
                AgentClient client = AgentSessions.client(connection);
                reply = client.setQos(agent.agent(), entity.id(), QosText.format(live), secret, REPLY);
                if (!reply.ok()) {
                    failure = String.format(Messages.REFUSED, process(), reply.result(), reply.message(),
                            secret == null && reply.result() == AgentResult.NOT_AUTHORIZED ? Messages.UNSIGNED_HINT : "");
                } else {
                    Map<String, Object> expect = new LinkedHashMap<>();
                    live.keySet().forEach(p -> expect.put(p, change.setPolicies().get(p)));
                    announced = Tuning.discovery(connection).awaitEndpoint(guid, q -> expect.entrySet().stream()
                            .allMatch(x -> PolicyValues.holds(q, x.getKey(), x.getValue())), Tuning.CONFIRM_TIMEOUT);
                }
            } catch (IOException | RuntimeException ex) {
                failure = "not sent: " + ex.getMessage();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                failure = "interrupted";
            }
        }
        Qos after = announced.map(EndpointData::qos)
                .orElseGet(() -> Tuning.discovery(connection).endpoint(guid).map(EndpointData::qos).orElse(null));
        List<PolicyOutcome> outcomes = new ArrayList<>();
        for (String policy : change.setPolicies().keySet()) {
            PolicyOutcome o = done.get(policy);
            if (o == null) {
                Object req = change.setPolicies().get(policy);
                Object now = after == null ? null : PolicyValues.get(after, policy);
                if (failure != null) {
                    o = new PolicyOutcome(policy, Changeability.LIVE, Status.FAILED, PolicyValues.get(before, policy), req,
                            now, false, failure);
                } else {
                    boolean ok = announced.isPresent();
                    o = new PolicyOutcome(policy, Changeability.LIVE, Status.APPLIED, PolicyValues.get(before, policy), req,
                            now, ok, "the agent applied it (dds_set_qos in " + process() + ")" + (ok
                                    ? "; discovery announces the new value"
                                    : "; discovery did not announce the new value within "
                                            + Tuning.CONFIRM_TIMEOUT.toMillis() + " ms"));
                }
            }
            outcomes.add(o);
        }
        record(outcomes);
        return new TuningOutcome(null, false, guid, guid, outcomes);
    }

    /**
     * Re-creates the endpoint with {@code recreate}; the live policies go with it when the re-creation carries them
     * (the new endpoint starts from its owner's definition, so a live change to the old one would be lost), else they
     * are refused for this Apply with that reason.
     */
    private TuningOutcome applyByRecreating(Qos change, Qos before, Map<String, String> live, Map<String, Object> recreate,
            Map<String, PolicyOutcome> done) {
        EndpointRecreation r = recreation;
        for (String policy : live.keySet()) {
            Object requested = change.setPolicies().get(policy);
            if (r.handles(this, policy)) {
                recreate.put(policy, requested);
            } else {
                done.put(policy, new PolicyOutcome(policy, Changeability.LIVE, Status.REFUSED,
                        PolicyValues.get(before, policy), requested, null, false, Messages.LIVE_WITH_RECREATE));
            }
        }
        Guid old = guid;
        Recreating.Result res;
        try {
            res = Recreating.apply(this, r, recreate, before);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            res = new Recreating.Result(List.of(), Optional.empty());
        }
        res.announced().ifPresent(d -> moveTo(d.key(), Recreating.listing(this, d.key())));
        Map<String, PolicyOutcome> byPolicy = new LinkedHashMap<>(done);
        res.outcomes().forEach(o -> byPolicy.put(o.policy(), o));
        List<PolicyOutcome> outcomes = new ArrayList<>();
        for (String policy : change.setPolicies().keySet()) {
            PolicyOutcome o = byPolicy.get(policy);
            outcomes.add(o != null ? o : new PolicyOutcome(policy, Changeability.RECREATE, Status.FAILED,
                    PolicyValues.get(before, policy), change.setPolicies().get(policy), null, false, "interrupted"));
        }
        record(outcomes);
        return new TuningOutcome(null, res.announced().isPresent(), old, guid, outcomes);
    }

    private synchronized void record(List<PolicyOutcome> outcomes) {
        for (PolicyOutcome o : outcomes) {
            if (o.status() != Status.APPLIED) {
                continue;
            }
            PolicyOutcome first = changes.get(o.policy());
            changes.put(o.policy(), first == null ? o : new PolicyOutcome(o.policy(), o.how(), o.status(), first.before(),
                    o.requested(), o.after(), o.confirmed(), o.reason()));
        }
    }

    @Override
    public synchronized List<String> changedThisSession() {
        List<String> out = new ArrayList<>();
        notes().forEach((p, t) -> out.add(p + ": " + t));
        return out;
    }

    /** Policy → "old → new" changed this session (for the Details view). */
    synchronized Map<String, String> notes() {
        Map<String, String> m = new LinkedHashMap<>();
        for (PolicyOutcome o : changes.values()) {
            m.put(o.policy(), Tuning.valueText(o.before()) + " → " + Tuning.valueText(o.after() != null ? o.after() : o.requested()));
        }
        return m;
    }

    /** The override file's text for the edited next-start policies of this entity (its topic, its kind). */
    String overrideXml(Map<String, Object> policies) {
        Map<String, Object> mine = isWriter() ? OverrideFile.writerPart(policies) : OverrideFile.readerPart(policies);
        return OverrideFile.write(process(), isWriter() ? mine : null, isWriter() ? null : mine, entity.topic(), null);
    }

    @Override
    public String toString() {
        return entity.kind() + " · " + entity.topic() + " · " + entity.type();
    }
}
