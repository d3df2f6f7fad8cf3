package org.ddstuner.system.ui.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;

/**
 * Discovery events of a big system laid out like bench/peers/endpoint_flood: PEERS participants with PER
 * endpoints each, endpoint i on topic i % TOPICS, writers and readers alternating, all reliable and of
 * one type (so with an odd TOPICS every topic has writers and readers that match).
 */
final class SyntheticDiscovery {

    private SyntheticDiscovery() {
    }

    /** Participants first, then each peer's endpoints in creation order. */
    static List<DiscoveryEvent> events(int peers, int per, int topics) {
        List<DiscoveryEvent> out = new ArrayList<>(peers * (per + 1));
        Qos qos = Qos.EMPTY.withReliable();
        for (int p = 1; p <= peers; p++) {
            out.add(new DiscoveryEvent.ParticipantSeen(guid(p, 0, 0), Qos.EMPTY.withEntityName("synthetic" + p)
                    .with(new Qos.Properties(Map.of("__Hostname", "synthetic-host", "__Pid",
                            Integer.toString(1000 + p))))));
        }
        for (int p = 1; p <= peers; p++) {
            Guid pg = guid(p, 0, 0);
            for (int i = 0; i < per; i++) {
                EndpointKind kind = i % 2 == 0 ? EndpointKind.WRITER : EndpointKind.READER;
                out.add(new DiscoveryEvent.EndpointSeen(guid(p, i + 1, kind == EndpointKind.READER ? 0x07 : 0x02),
                        kind, pg, "synthetic" + p + "_" + (i % topics), "Synthetic::Msg", qos, false));
            }
        }
        return out;
    }

    /** A GUID prefix no real participant of the test has (first byte 0x5e), entity id as DDS numbers them. */
    private static Guid guid(int participant, int entity, int kindByte) {
        byte[] b = new byte[16];
        b[0] = 0x5e;
        b[1] = 0x11;
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
