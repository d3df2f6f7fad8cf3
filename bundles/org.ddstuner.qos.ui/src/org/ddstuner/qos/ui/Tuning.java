package org.ddstuner.qos.ui;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.MatchChange;
import org.ddstuner.qos.MatchPreview;
import org.ddstuner.qos.QosCapabilities;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

/**
 * The headless core as the editors use it: the capability table of the loaded libddsc, one discovery
 * confirmer per connection (built-in readers on the connection's own participant, which sees its own
 * endpoints' announcements), the match preview against the connection's discovered peers, and Apply.
 * Called from Jobs: nothing here touches widgets.
 */
public final class Tuning {

    /** How long Apply waits for discovery to announce the new values. */
    public static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(5);

    private static final Map<Connection, DiscoveryConfirm> CONFIRMERS = new ConcurrentHashMap<>();

    private Tuning() {
    }

    public static QosCapabilities capabilities() {
        return CapabilityProbe.forLoadedLibrary();
    }

    public static DiscoveryConfirm discovery(Connection c) {
        return CONFIRMERS.computeIfAbsent(c, k -> new DiscoveryConfirm(k.ownParticipant()));
    }

    /** The endpoint's QoS as discovery announces it (falls back to dds_get_qos before the first announcement). */
    static Qos announcedQos(OwnEndpoint e) {
        Entity entity = e.entity();
        return discovery(e.connection()).endpoint(entity.guid()).map(EndpointData::qos).orElseGet(entity::qos);
    }

    /** A preview and the names of the peers' participants (for people). */
    public record Preview(List<MatchChange> changes, Function<Guid, String> participantNames) {
    }

    /** Matches gained and lost against every discovered peer of the topic if {@code change} were applied. */
    static Preview preview(OwnEndpoint e, Qos change) {
        return preview(e.connection(), e.entity().guid(), e.isWriter(), true, change);
    }

    /**
     * Matches gained and lost against every peer {@code c}'s model knows on the endpoint's topic if {@code change}
     * were applied to endpoint {@code guid} (own: of this tool; else of another process the model discovered).
     */
    public static Preview preview(Connection c, Guid guid, boolean writer, boolean own, Qos change) {
        EndpointKind kind = writer ? EndpointKind.WRITER : EndpointKind.READER;
        SystemSnapshot snapshot = c.model().snapshot(true);
        List<Endpoint> peers = snapshot.endpoints();
        Optional<Endpoint> modelled = peers.stream().filter(p -> p.guid().equals(guid)).findFirst();
        Endpoint self = modelled.orElseGet(() -> discovery(c).endpoint(guid)
                .map(d -> MatchPreview.endpoint(d, kind, own))
                .orElseThrow(() -> new IllegalStateException("discovery has not announced " + guid + " yet")));
        return new Preview(MatchPreview.preview(self, change, peers),
                g -> snapshot.participant(g).map(Participant::name).orElse(null));
    }

    /** A policy value as the editor's cells show it ("100ms", "KEEP_LAST 10", "\"text\""). */
    public static String valueText(Object v) {
        return PolicyText.format(v);
    }

    static TuningOutcome apply(OwnEndpoint e, Qos change) {
        QosTuner tuner = new QosTuner(capabilities(), discovery(e.connection()), CONFIRM_TIMEOUT);
        TuningOutcome out = tuner.apply(e.entity(), change, e.recreator());
        e.record(out.policies(), out.guidNotice());
        return out;
    }
}
