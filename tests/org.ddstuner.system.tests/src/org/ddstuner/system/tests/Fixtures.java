package org.ddstuner.system.tests;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.ModelOptions;
import org.ddstuner.system.SystemModel;

/** Builders for GUIDs, QoS and discovery events used across the tests. */
final class Fixtures {

    private Fixtures() {
    }

    /** A participant GUID: vendor id, a host/process-ish number, entity id 0x1c1. */
    static Guid participant(int vendorId, int n) {
        byte[] b = new byte[16];
        b[0] = (byte) (vendorId >> 8);
        b[1] = (byte) vendorId;
        b[4] = (byte) (n >> 24);
        b[5] = (byte) (n >> 16);
        b[6] = (byte) (n >> 8);
        b[7] = (byte) n;
        b[14] = 1;
        b[15] = (byte) 0xc1;
        return new Guid(b);
    }

    static Guid participant(int n) {
        return participant(0x0110, n);
    }

    /** An endpoint GUID under the participant: entity key n, kind byte for reader (0x07) or writer (0x02). */
    static Guid endpoint(Guid participant, int n, EndpointKind kind) {
        byte[] b = participant.bytes();
        b[12] = (byte) (n >> 16);
        b[13] = (byte) (n >> 8);
        b[14] = (byte) n;
        b[15] = (byte) (kind == EndpointKind.READER ? 0x07 : 0x02);
        return new Guid(b);
    }

    static DiscoveryEvent.ParticipantSeen participantSeen(Guid g, String name, Map<String, String> props) {
        return new DiscoveryEvent.ParticipantSeen(g,
                Qos.EMPTY.withEntityName(name).with(new Qos.Properties(props)));
    }

    static DiscoveryEvent.EndpointSeen reader(Guid guid, Guid participant, String topic, String type, Qos qos) {
        return new DiscoveryEvent.EndpointSeen(guid, EndpointKind.READER, participant, topic, type, qos, true);
    }

    static DiscoveryEvent.EndpointSeen writer(Guid guid, Guid participant, String topic, String type, Qos qos) {
        return new DiscoveryEvent.EndpointSeen(guid, EndpointKind.WRITER, participant, topic, type, qos, true);
    }

    /** A detached endpoint value for rule tests (no model involved). */
    static Endpoint endpoint(EndpointKind kind, String topic, String type, Qos qos) {
        SystemModel m = new SystemModel();
        Guid p = participant(1);
        Guid g = endpoint(p, 1, kind);
        m.apply(new DiscoveryEvent.EndpointSeen(g, kind, p, topic, type, qos, false));
        return m.snapshot(true).endpoint(g).orElseThrow();
    }

    static Endpoint reader(Qos qos) {
        return endpoint(EndpointKind.READER, "T", "M::T", qos);
    }

    static Endpoint writer(Qos qos) {
        return endpoint(EndpointKind.WRITER, "T", "M::T", qos);
    }

    /** A clock the test moves by hand. */
    static final class ManualClock implements InstantSource {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }
    }

    static ModelOptions options(ManualClock clock) {
        return ModelOptions.defaults().withClock(clock);
    }
}
