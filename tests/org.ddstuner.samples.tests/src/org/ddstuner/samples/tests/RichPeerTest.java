package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.cdr.XcdrVersion;
import org.junit.jupiter.api.Test;

/**
 * The peer's tuner::RichReading (@mutable with @optional members, an @appendable nested struct, a union, an
 * array, a bounded string, a sequence of structs): learned over the wire, decoded to what cyclone_peer.py
 * rich_samples() writes; then a WriterSession injects a sample the peer prints back with the values it
 * decoded. Domain 210.
 */
class RichPeerTest extends Live {

    private static final int DOMAIN = 210;

    @SuppressWarnings("unchecked")
    @Test
    void decodesRichTypesAndThePeerReceivesWhatWeInject() throws Exception {
        Peers.requireAvailable();
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(DOMAIN, "--rich", "--period-ms", "50"));
        Connection c = connect(DOMAIN);
        SystemSnapshot s = awaitModel(c, "RichData writer and reader",
                x -> count(x, "RichData", false) == 1 && count(x, "RichData", true) == 1);
        ResolvedType type = closeAfterTest(new TypeResolver(c, new ImportedTypes()).resolve("RichData"));
        assertEquals(TypeSource.WIRE, type.source(), type.attempts().toString());
        assertEquals(Extensibility.MUTABLE, type.struct().orElseThrow().extensibility());
        assertTrue(type.needsXcdr2());

        ReaderSession r = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(QosDeriver.forReader(s,
                "RichData"))));
        await("samples of both instances", () -> r.instances().size() == 2, () -> r.stats().toString());
        Map<Integer, Map<String, Object>> byId = new java.util.HashMap<>();
        for (var i : r.instances()) {
            Map<String, Object> v = (Map<String, Object>) i.latest().value();
            byId.put((Integer) v.get("id"), v);
        }
        Map<String, Object> a = byId.get(1);
        assertEquals("alpha", a.get("name"));
        assertEquals(new Enumerator("RUN", 1), a.get("mode"));
        assertEquals(List.of(Map.of("x", 1.0f, "y", 2.0f), Map.of("x", 3.0f, "y", 4.0f)), a.get("points"));
        assertEquals(List.of((short) 1, (short) -2, (short) 3), a.get("matrix"));
        assertEquals(new UnionValue(1, "radius", 2.5), a.get("shape"));
        assertEquals("peer", ((Map<?, ?>) a.get("meta")).get("source"));
        assertEquals("hello", a.get("note"));
        assertNull(a.get("limit"));
        Map<String, Object> b = byId.get(2);
        assertEquals("beta", b.get("name"));
        assertEquals(new Enumerator("FAULT", 2), b.get("mode"));
        assertEquals(List.of(), b.get("points"));
        assertEquals(new UnionValue(2, "label", "tag"), b.get("shape"));
        assertNull(b.get("note"));
        assertEquals(9.5, b.get("limit"));
        for (ReceivedSample x : r.samples()) {
            assertNull(x.decodeError());
            assertEquals(0x000b, x.encapsulation(), "PL_CDR2_LE from the peer");
        }

        // injection: refused until confirmed, then what we write reaches the peer's reader
        DerivedQos wq = QosDeriver.forWriter(c.model().snapshot(true), "RichData", type);
        assertEquals(List.of("rich"), wq.partitions());
        assertEquals(List.of(Qos.XCDR2), wq.qos().dataRepresentation().ids(), "a mutable type needs XCDR2");
        InjectionGuard guard = InjectionGuard.of(c);
        assertThrows(IllegalStateException.class, () -> WriterSession.open(c, type, wq));
        assertTrue(guard.ensureConfirmed((label, topic) -> topic.equals("RichData"), "RichData"));
        Object value = SampleJson.fromJson(type.library(), type.type().orElseThrow(), """
                {"id": 100, "name": "injected", "mode": "IDLE", "points": [{"x": 5, "y": 6}], "matrix": [7, 8, 9],
                 "shape": {"label": "from-tuner"}, "meta": {"seq": 1, "source": "tuner"}, "limit": 1.25}
                """);
        WriterSession w = closeAfterTest(WriterSession.open(c, type, wq));
        assertEquals(XcdrVersion.XCDR2, w.representation());
        await("our writer matched the peer's reader", () -> w.matchedReaders() >= 1, () -> "matched " + w.matchedReaders());
        w.write(value);
        await("the peer echoes the injected sample", () -> peer.stdout().contains("ECHO RichData RichReading(id=100, "
                + "name='injected', mode=<Mode.IDLE: 0>, points=[Point2(x=5.0, y=6.0)], matrix=[7, 8, 9]"),
                peer::stdout);
        assertTrue(peer.stdout().contains("note=None, limit=1.25)"), peer.stdout());
        await("our own reader sees it too", () -> r.samples().stream().anyMatch(x -> Integer.valueOf(100).equals(x.field("id"))),
                () -> r.stats().toString());
    }
}
