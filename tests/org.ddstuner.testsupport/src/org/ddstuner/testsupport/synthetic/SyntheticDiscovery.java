package org.ddstuner.testsupport.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;

/**
 * Discovery events of a big system laid out like bench/peers/endpoint_flood: PEERS participants with PER
 * endpoints each, endpoint i on topic i % TOPICS of its participant, writers and readers alternating, all
 * reliable and of one type (so with an odd TOPICS every topic has writers and readers that match).
 *
 * <p>Used by the UI tests and by the in-process benchmarks, which compile this file with theirs (see
 * bench/README.md): plain Java on dds and system, no OSGi, no JUnit.
 */
public final class SyntheticDiscovery {

    /** A vendor id no real participant has: the events can go into a model that also sees real ones. */
    public static final int UNKNOWN_VENDOR = 0x5e11;
    /** Eclipse Cyclone DDS's vendor id, as endpoint_flood (a Cyclone program) announces. */
    public static final int CYCLONE_VENDOR = 0x0110;

    private SyntheticDiscovery() {
    }

    /**
     * Participants first, then each participant's endpoints in creation order. Participant p (1-based) is
     * named {@code name + p} on host {@code name + "-host"} with pid 1000 + p; its topics are
     * {@code name + p + "_" + k}; the type is {@code Name::Msg} ({@code name} capitalised).
     */
    public static List<DiscoveryEvent> events(String name, int vendorId, int peers, int per, int topics) {
        List<DiscoveryEvent> out = new ArrayList<>(peers * (per + 1));
        Qos qos = Qos.EMPTY.withReliable();
        String type = typeName(name);
        for (int p = 1; p <= peers; p++) {
            out.add(new DiscoveryEvent.ParticipantSeen(guid(vendorId, p, 0, 0), Qos.EMPTY.withEntityName(name + p)
                    .with(new Qos.Properties(Map.of("__Hostname", name + "-host", "__Pid",
                            Integer.toString(1000 + p))))));
        }
        for (int p = 1; p <= peers; p++) {
            Guid pg = guid(vendorId, p, 0, 0);
            for (int i = 0; i < per; i++) {
                EndpointKind kind = i % 2 == 0 ? EndpointKind.WRITER : EndpointKind.READER;
                out.add(new DiscoveryEvent.EndpointSeen(guid(vendorId, p, i + 1, kind == EndpointKind.READER ? 0x07 : 0x02),
                        kind, pg, name + p + "_" + (i % topics), type, qos, false));
            }
        }
        return out;
    }

    /** The type all endpoints of {@link #events} have: {@code name} capitalised, then {@code ::Msg}. */
    public static String typeName(String name) {
        return name.isEmpty() ? "Msg" : Character.toUpperCase(name.charAt(0)) + name.substring(1) + "::Msg";
    }

    /**
     * The GUID of participant {@code participant} (entity 0) or of its endpoint number {@code entity},
     * numbered as DDS numbers them: {@code kindByte} 0x02 for a writer, 0x07 for a reader.
     */
    public static Guid guid(int vendorId, int participant, int entity, int kindByte) {
        byte[] b = new byte[16];
        b[0] = (byte) (vendorId >> 8);
        b[1] = (byte) vendorId;
        b[4] = (byte) (participant >> 8);
        b[5] = (byte) participant;
        if (entity == 0) {
            b[14] = 0x01;
            b[15] = (byte) 0xc1; // the participant's own entity id
        } else {
            b[12] = (byte) (entity >> 16);
            b[13] = (byte) (entity >> 8);
            b[14] = (byte) entity;
            b[15] = (byte) kindByte;
        }
        return new Guid(b);
    }
}
