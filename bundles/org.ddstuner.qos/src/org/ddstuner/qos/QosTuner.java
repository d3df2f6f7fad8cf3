package org.ddstuner.qos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.dds.DdsException;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Writer;
import org.ddstuner.qos.PolicyOutcome.Status;

/**
 * Changes the QoS of the tool's own readers and writers: the policies the capability table calls live go
 * through dds_set_qos, the others re-create the entity with the new QoS (same parent and topic). Then it
 * confirms from discovery: it waits until its own endpoint's DCPSPublication/DCPSSubscription announcement
 * carries every requested value, and reports old → new per policy.
 */
public final class QosTuner {

    private final QosCapabilities capabilities;
    private final DiscoveryConfirm discovery;
    private final Duration timeout;

    /**
     * @param discovery a confirmer on a participant of the entity's domain (the tool's own participant will do)
     * @param timeout   how long to wait for the announcement before reporting "not confirmed"
     */
    public QosTuner(QosCapabilities capabilities, DiscoveryConfirm discovery, Duration timeout) {
        this.capabilities = capabilities;
        this.discovery = discovery;
        this.timeout = timeout;
    }

    /** Which way each policy set in {@code change} would go for {@code endpoint} (for a preview before Apply). */
    public Map<String, Capability> plan(Entity endpoint, Qos change) {
        TunedKind kind = kindOf(endpoint);
        Map<String, Capability> plan = new LinkedHashMap<>();
        for (String policy : change.setPolicies().keySet()) {
            plan.put(policy, capabilities.get(kind, policy).orElse(null));
        }
        return plan;
    }

    /**
     * Applies the policies set in {@code change} to {@code endpoint} (a {@link Writer} or {@link Reader} of this
     * process). When one needs re-creating, the returned outcome's entity is the new one and the old is closed.
     */
    public TuningOutcome apply(Entity endpoint, Qos change) {
        return apply(endpoint, change, QosTuner::recreate);
    }

    /**
     * Makes the replacement of a reader or writer whose owner must swap it in (a session keeping its samples,
     * listener and counters): creates it with {@code qos} (the old entity's QoS with the change merged) and
     * returns it; the tuner closes {@code old} afterwards if the owner has not.
     */
    @FunctionalInterface
    public interface Recreator {
        Entity recreate(Entity old, Qos qos);
    }

    /** As {@link #apply(Entity, Qos)}, with the owner's own way of re-creating the entity. */
    public TuningOutcome apply(Entity endpoint, Qos change, Recreator recreator) {
        TunedKind kind = kindOf(endpoint);
        Guid oldGuid = endpoint.guid();
        Qos before = discovery.endpoint(oldGuid).map(EndpointData::qos).orElseGet(endpoint::qos);
        Map<String, Object> requested = change.setPolicies();
        Map<String, Changeability> how = new LinkedHashMap<>();
        Map<String, PolicyOutcome> done = new LinkedHashMap<>();
        Qos live = Qos.EMPTY;
        boolean recreate = false;
        for (var e : requested.entrySet()) {
            String policy = e.getKey();
            Optional<Capability> cap = capabilities.get(kind, policy);
            Object old = PolicyValues.get(before, policy);
            if (cap.isEmpty()) {
                done.put(policy, new PolicyOutcome(policy, Changeability.IMMUTABLE, Status.REFUSED, old, e.getValue(), null,
                        false, policy + " is not a policy of a " + kind.jsonName()));
            } else if (PolicyValues.same(old, e.getValue())) {
                done.put(policy, new PolicyOutcome(policy, cap.get().own(), Status.UNCHANGED, old, e.getValue(), old, true,
                        "already " + PolicyValues.text(old)));
            } else if (cap.get().own() == Changeability.LIVE) {
                how.put(policy, Changeability.LIVE);
                live = PolicyValues.with(live, e.getValue());
            } else if (cap.get().own() == Changeability.RECREATE) {
                how.put(policy, Changeability.RECREATE);
                recreate = true;
            } else {
                done.put(policy, new PolicyOutcome(policy, cap.get().own(), Status.REFUSED, old, e.getValue(), null, false,
                        cap.get().reason()));
            }
        }
        String liveError = null;
        if (!live.setPolicies().isEmpty()) {
            try {
                endpoint.setQos(live);
            } catch (DdsException ex) {
                // the library refused what its probe accepted (another library?): re-create instead
                liveError = ex.getMessage();
                how.replaceAll((p, h) -> Changeability.RECREATE);
                recreate = true;
            }
        }
        Entity current = endpoint;
        String recreateError = null;
        if (recreate) {
            try {
                current = recreator.recreate(endpoint, endpoint.qos().merge(onlyPolicies(change, how.keySet())));
                if (!endpoint.isClosed()) {
                    endpoint.close();
                }
            } catch (DdsException ex) {
                recreateError = ex.getMessage();
            }
        }
        Guid newGuid = current.guid();
        Qos want = onlyPolicies(change, how.keySet());
        Optional<EndpointData> announced = how.isEmpty() ? Optional.empty()
                : discovery.awaitEndpoint(newGuid, q -> holdsAll(q, want), timeout);
        Qos after = announced.map(EndpointData::qos).orElseGet(() -> discovery.endpoint(newGuid).map(EndpointData::qos)
                .orElse(null));
        List<PolicyOutcome> outcomes = new ArrayList<>();
        for (String policy : requested.keySet()) {
            PolicyOutcome o = done.get(policy);
            if (o == null) {
                Changeability h = how.get(policy);
                Object req = requested.get(policy);
                Object now = after == null ? null : PolicyValues.get(after, policy);
                String error = h == Changeability.RECREATE ? recreateError : null;
                if (error != null) {
                    o = new PolicyOutcome(policy, h, Status.FAILED, PolicyValues.get(before, policy), req, now, false, error);
                } else {
                    boolean ok = after != null && PolicyValues.holds(after, policy, req);
                    String note = h == Changeability.RECREATE
                            ? "re-created the " + kind.jsonName() + (liveError != null ? " (dds_set_qos failed: " + liveError + ")" : "")
                            : "dds_set_qos";
                    o = new PolicyOutcome(policy, h, Status.APPLIED, PolicyValues.get(before, policy), req, now, ok,
                            ok ? note + "; discovery announces the new value" : note + "; discovery did not announce the new value within "
                                    + timeout.toMillis() + " ms");
                }
            }
            outcomes.add(o);
        }
        boolean recreated = current != endpoint;
        return new TuningOutcome(current, recreated, oldGuid, newGuid, outcomes);
    }

    private static Entity recreate(Entity old, Qos qos) {
        Entity parent = old.parent();
        if (old instanceof RawWriter w) {
            return RawWriter.create(parent, w.topic(), qos);
        }
        if (old instanceof RawReader r) {
            return RawReader.create(parent, r.topic(), qos);
        }
        if (old instanceof Writer w) {
            return parent instanceof Publisher p ? p.createWriter(w.topic(), qos)
                    : ((Participant) parent).createWriter(w.topic(), qos);
        }
        Reader r = (Reader) old;
        return parent instanceof Subscriber s ? s.createReader(r.topic(), qos)
                : ((Participant) parent).createReader(r.topic(), qos);
    }

    private static Qos onlyPolicies(Qos q, java.util.Set<String> names) {
        Qos out = Qos.EMPTY;
        for (String n : names) {
            Object v = PolicyValues.get(q, n);
            if (v != null) {
                out = PolicyValues.with(out, v);
            }
        }
        return out;
    }

    private static boolean holdsAll(Qos actual, Qos want) {
        return want.setPolicies().entrySet().stream().allMatch(e -> PolicyValues.holds(actual, e.getKey(), e.getValue()));
    }

    static TunedKind kindOf(Entity e) {
        if (e instanceof Writer || e instanceof RawWriter) {
            return TunedKind.WRITER;
        }
        if (e instanceof Reader || e instanceof RawReader) {
            return TunedKind.READER;
        }
        throw new IllegalArgumentException("QosTuner changes the tool's own readers and writers, not a "
                + e.getClass().getSimpleName());
    }
}
