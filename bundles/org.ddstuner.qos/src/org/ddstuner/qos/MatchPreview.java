package org.ddstuner.qos;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.MatchExplainer;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.system.match.SpecDefaults;

/**
 * Before a QoS change is applied: the matches it gains and loses against every discovered peer of the topic,
 * by the same rules the System view uses ({@link MatchExplainer}, {@code QosRules}), each with its reasons.
 */
public final class MatchPreview {

    private MatchPreview() {
    }

    /**
     * @param own   the own endpoint as discovery announces it now (its QoS includes the publisher's/subscriber's
     *              partition and group data)
     * @param change the policies to change (set ones only)
     * @param peers discovered endpoints; those of the other kind on the same topic, alive and not {@code own} count
     */
    public static List<MatchChange> preview(Endpoint own, Qos change, Collection<Endpoint> peers) {
        Endpoint changed = withQos(own, own.qos().merge(change));
        List<MatchChange> out = new ArrayList<>();
        for (Endpoint peer : peers) {
            if (peer.kind() == own.kind() || !peer.alive() || !peer.topicName().equals(own.topicName())
                    || peer.guid().equals(own.guid())) {
                continue;
            }
            List<MismatchReason> before = explain(own, peer);
            List<MismatchReason> after = explain(changed, peer);
            MatchChange.Effect effect = before.isEmpty()
                    ? after.isEmpty() ? MatchChange.Effect.KEPT : MatchChange.Effect.LOST
                    : after.isEmpty() ? MatchChange.Effect.GAINED : MatchChange.Effect.STILL_UNMATCHED;
            out.add(new MatchChange(peer, effect, before, after));
        }
        return out;
    }

    private static List<MismatchReason> explain(Endpoint a, Endpoint b) {
        return a.isReader() ? MatchExplainer.explain(a, b) : MatchExplainer.explain(b, a);
    }

    /** A system-model endpoint from a discovery sample (for callers without a {@code SystemModel}). */
    public static Endpoint endpoint(EndpointData d, EndpointKind kind, boolean own) {
        return new Endpoint(d.key(), kind, d.participantKey(), d.topicName(), d.typeName(), d.typeInformation() != null,
                SpecDefaults.partitions(d.qos()), SpecDefaults.dataRepresentation(d.qos()), d.qos(), own, own,
                Instant.now(), null);
    }

    private static Endpoint withQos(Endpoint e, Qos q) {
        return new Endpoint(e.guid(), e.kind(), e.participantGuid(), e.topicName(), e.typeName(), e.hasTypeInformation(),
                SpecDefaults.partitions(q), SpecDefaults.dataRepresentation(q), q, e.own(), e.tool(), e.firstSeen(),
                e.goneSince());
    }
}
