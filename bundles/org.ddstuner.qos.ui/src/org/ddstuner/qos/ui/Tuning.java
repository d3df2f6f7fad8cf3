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
 * The headless core as the editor uses it: the capability table of the loaded libddsc, one discovery
 * confirmer per connection (built-in readers on the connection's own participant, which sees its own
 * endpoints' announcements), the match preview against the connection's discovered peers, and Apply.
 * Called from Jobs: nothing here touches widgets.
 */
final class Tuning {

    /** How long Apply waits for discovery to announce the new values. */
    static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(5);

    private static final Map<Connection, DiscoveryConfirm> CONFIRMERS = new ConcurrentHashMap<>();

    private Tuning() {
    }

    static QosCapabilities capabilities() {
        return CapabilityProbe.forLoadedLibrary();
    }

    static DiscoveryConfirm discovery(Connection c) {
        return CONFIRMERS.computeIfAbsent(c, k -> new DiscoveryConfirm(k.ownParticipant()));
    }

    /** The endpoint's QoS as discovery announces it (falls back to dds_get_qos before the first announcement). */
    static Qos announcedQos(OwnEndpoint e) {
        Entity entity = e.entity();
        return discovery(e.connection()).endpoint(entity.guid()).map(EndpointData::qos).orElseGet(entity::qos);
    }

    /** A preview and the names of the peers' participants (for people). */
    record Preview(List<MatchChange> changes, Function<Guid, String> participantNames) {
    }

    /** Matches gained and lost against every discovered peer of the topic if {@code change} were applied. */
    static Preview preview(OwnEndpoint e, Qos change) {
        Entity entity = e.entity();
        EndpointKind kind = e.isWriter() ? EndpointKind.WRITER : EndpointKind.READER;
        SystemSnapshot snapshot = e.connection().model().snapshot(true);
        List<Endpoint> peers = snapshot.endpoints();
        Optional<Endpoint> modelled = peers.stream().filter(p -> p.guid().equals(entity.guid())).findFirst();
        Endpoint own = modelled.orElseGet(() -> discovery(e.connection()).endpoint(entity.guid())
                .map(d -> MatchPreview.endpoint(d, kind, true))
                .orElseThrow(() -> new IllegalStateException("discovery has not announced " + entity.guid() + " yet")));
        return new Preview(MatchPreview.preview(own, change, peers),
                g -> snapshot.participant(g).map(Participant::name).orElse(null));
    }

    static TuningOutcome apply(OwnEndpoint e, Qos change) {
        QosTuner tuner = new QosTuner(capabilities(), discovery(e.connection()), CONFIRM_TIMEOUT);
        TuningOutcome out = tuner.apply(e.entity(), change, e.recreator());
        e.record(out.policies(), out.guidNotice());
        return out;
    }
}
