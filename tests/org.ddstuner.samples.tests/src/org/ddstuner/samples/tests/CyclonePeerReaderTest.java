package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.types.Enumerator;
import org.junit.jupiter.api.Test;

/**
 * Reading a Cyclone DDS 11 Python application's SensorData (tests/peers/cyclone_peer.py): the type is learned
 * over the wire, the reader QoS derived (partition "sensors", reliable, transient-local, deadline 1 s), and
 * the values decoded are the ones the peer wrote. Domain 209.
 */
class CyclonePeerReaderTest extends Live {

    private static final int DOMAIN = 209;

    @Test
    void learnsDerivesReadsDecodesFiltersAndExports() throws Exception {
        Peers.requireAvailable();
        PeerProcess peer = closeAfterTest(Peers.startCyclonePeer(DOMAIN, "--period-ms", "20"));
        Guid peerGuid = Guid.parse(peer.info("guid").orElseThrow());
        Connection c = connect(DOMAIN);
        SystemSnapshot s = awaitModel(c, "the peer's SensorData writer", x -> count(x, "SensorData", false) == 1);
        Endpoint peerWriter = s.endpoints().stream().filter(e -> e.topicName().equals("SensorData") && !e.isReader())
                .findFirst().orElseThrow();
        assertEquals(peerGuid, peerWriter.participantGuid());

        ResolvedType type = closeAfterTest(new TypeResolver(c, new ImportedTypes()).resolve("SensorData"));
        assertEquals(TypeSource.WIRE, type.source(), type.attempts().toString());
        assertEquals("tuner::SensorReading", type.typeName());
        assertTrue(type.keyed());

        DerivedQos d = QosDeriver.forReader(s, "SensorData");
        assertEquals(List.of("sensors"), d.partitions());
        assertEquals(Qos.DurabilityKind.TRANSIENT_LOCAL, d.qos().durability().kind());
        assertEquals(Duration.ofSeconds(1), d.qos().deadline().period());

        ReaderSession r = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(d).withCapacity(60)));
        ReaderSession plain = closeAfterTest(ReaderSession.open(c, type, ReaderSession.Config.of(
                DerivedQos.defaults(Qos.EMPTY))));
        await("30 samples", () -> r.stats().received() >= 30, () -> r.stats().toString());
        assertEquals(1, r.matchedWriters());
        assertEquals(0, plain.matchedWriters(), "a default-QoS reader sits in the default partition: no writer");

        List<ReceivedSample> got = r.samples();
        String[] units = {null, "degC", "hPa", "%"};
        String[] kinds = {null, "TEMPERATURE", "PRESSURE", "HUMIDITY"};
        for (ReceivedSample x : got) {
            assertTrue(x.validData());
            assertEquals(null, x.decodeError());
            @SuppressWarnings("unchecked")
            Map<String, Object> v = (Map<String, Object>) x.value();
            int id = (Integer) v.get("sensor_id");
            assertEquals(units[id], v.get("unit"), v.toString());
            assertEquals(kinds[id], ((Enumerator) v.get("kind")).name());
            assertEquals(Map.of("x", (double) id, "y", 0.5, "z", -1.0), Map.copyOf((Map<?, ?>) v.get("position")));
            assertEquals(2, ((List<?>) v.get("history")).size());
            assertEquals(peerWriter.guid(), x.writer(), "publication handle → writer GUID");
            assertNotNull(x.latency());
            assertTrue(x.latency().compareTo(Duration.ofSeconds(5)) < 0, x.latency().toString());
            assertTrue(x.field("position.x") instanceof Double);
        }
        List<InstanceView> instances = r.instances();
        assertEquals(Set.of(1, 2, 3), instances.stream().map(i -> (Integer) i.latest().field("sensor_id"))
                .collect(Collectors.toSet()));

        SampleFilter f = SampleFilter.parse("sensor_id == 2 && unit == 'hPa' && position.x >= 2 && kind == \"PRESSURE\"");
        List<ReceivedSample> twos = f.apply(got);
        assertTrue(!twos.isEmpty() && twos.size() < got.size(), twos.size() + " of " + got.size());
        assertTrue(twos.stream().allMatch(x -> x.field("sensor_id").equals(2)));

        SampleColumns cols = r.columns();
        assertEquals(List.of("sensor_id", "kind", "value", "position.x", "position.y", "position.z", "history", "unit"),
                cols.fieldColumns().stream().map(SampleColumns.Column::name).toList());
        assertTrue(cols.fieldColumns().get(0).key());
        String csv = SampleExport.csv(twos, cols);
        assertEquals(twos.size() + 1, csv.split("\r\n").length);
        assertTrue(csv.split("\r\n")[1].contains(",2,PRESSURE,"), csv);

        // JSON export reads back into values of the type, equal to the decoded ones
        List<Object> back = SampleJson.readSamples(type, SampleExport.json(got));
        assertEquals(got.stream().map(ReceivedSample::value).toList(), back);

        // polling by sequence number; the ring keeps 60 and counts what it dropped
        await("ring overflow", () -> r.stats().dropped() > 0, () -> r.stats().toString());
        SampleBatch b = r.poll(0, 1000);
        assertTrue(b.missed() > 0);
        assertTrue(b.samples().size() <= 60);
        SampleBatch next = r.poll(b.nextSeq(), 1000);
        assertTrue(next.samples().isEmpty() || next.samples().get(0).seq() == b.nextSeq());

        r.pause();
        long before = r.stats().pausedDiscarded();
        long retainedSeq = r.poll(0, 1000).nextSeq();
        await("samples discarded while paused", () -> r.stats().pausedDiscarded() > before + 5, () -> r.stats().toString());
        assertEquals(retainedSeq, r.poll(0, 1000).nextSeq(), "nothing stored while paused");
        r.resume();
        await("storing again", () -> r.poll(retainedSeq, 10).samples().size() > 0, () -> r.stats().toString());
        SessionStats st = r.stats();
        assertEquals(0, st.decodeErrors());
        assertTrue(st.maxDrainMillis() >= 0);
    }
}
