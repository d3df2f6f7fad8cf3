package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The built-in topics: who is there, with what properties, and who left (with their key). */
class DiscoveryTest {

    private static final int DOMAIN = 64;

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    @Test
    void secondParticipantIsDiscoveredWithItsProperties() {
        try (Participant observer = domain.createParticipant();
                Participant other = domain.createParticipant(Qos.EMPTY.withEntityName("other one")
                        .with(new Qos.UserData("hello".getBytes())))) {
            BuiltinReader<ParticipantData> parts = BuiltinReader.participants(observer);
            Sample<ParticipantData> s = Poll.takeUntil(parts, x -> x.data().key().equals(other.guid()));
            assertNotNull(s, "other participant discovered");
            assertTrue(s.info().validData() && s.info().isAlive());
            Qos q = s.data().qos();
            assertEquals("other one", q.entityName().name());
            assertEquals("hello", new String(q.userData().value()));
            Map<String, String> props = q.properties().values();
            assertEquals(String.valueOf(ProcessHandle.current().pid()), props.get("__Pid"), props.toString());
            assertFalse(props.getOrDefault("__Hostname", "").isEmpty(), props.toString());
            assertTrue(props.containsKey("__ProcessName") && props.containsKey("__NetworkAddresses"), props.toString());
            assertEquals(0x0110, s.data().key().vendorId(), "Cyclone's vendor id");
        }
    }

    @Test
    void closedParticipantIsSeenAsNotAliveWithItsKey() {
        try (Participant observer = domain.createParticipant()) {
            BuiltinReader<ParticipantData> parts = BuiltinReader.participants(observer);
            Participant leaving = domain.createParticipant();
            Guid key = leaving.guid();
            assertNotNull(Poll.takeUntil(parts, x -> x.data().key().equals(key)), "seen alive first");
            leaving.close();
            Sample<ParticipantData> gone = Poll.takeUntil(parts, x -> !x.info().validData());
            assertNotNull(gone, "its disappearance is reported");
            assertNotEquals(InstanceState.ALIVE, gone.info().instanceState());
            assertEquals(key, gone.data().key(), "the key of an invalid sample is the participant's GUID");
        }
    }

    @Test
    void deletedEndpointsAreSeenAsNotAliveWithTheirKeys() {
        try (Participant observer = domain.createParticipant(); Participant p = domain.createParticipant()) {
            BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
            BuiltinReader<EndpointData> subs = BuiltinReader.subscriptions(observer);
            var t = p.createTopic("Leaving", RoundTripTest.ALL_KINDS, null);
            Writer w = p.createWriter(t, null);
            Reader r = p.createReader(t, null);
            Guid wk = w.guid();
            Guid rk = r.guid();
            assertEquals(p.guid().prefixHex(), wk.prefixHex(), "entities share the participant's GUID prefix");
            assertNotNull(Poll.takeUntil(pubs, x -> x.data().key().equals(wk) && x.info().validData()));
            assertNotNull(Poll.takeUntil(subs, x -> x.data().key().equals(rk) && x.info().validData()));
            w.close();
            r.close();
            Sample<EndpointData> wg = Poll.takeUntil(pubs, x -> !x.info().validData());
            Sample<EndpointData> rg = Poll.takeUntil(subs, x -> !x.info().validData());
            assertNotNull(wg, "writer deletion seen");
            assertNotNull(rg, "reader deletion seen");
            assertEquals(wk, wg.data().key());
            assertEquals(rk, rg.data().key());
        }
    }

    @Test
    void ownEndpointsCarryParticipantHandleAndNames() {
        try (Participant p = domain.createParticipant()) {
            BuiltinReader<EndpointData> pubs = BuiltinReader.publications(p);
            Writer w = p.createWriter(p.createTopic("Mine", RoundTripTest.ALL_KINDS, null), null);
            Sample<EndpointData> s = Poll.takeUntil(pubs, x -> x.data().key().equals(w.guid()));
            assertNotNull(s);
            assertEquals(p.instanceHandle(), s.data().participantInstanceHandle());
            assertEquals(p.guid(), s.data().participantKey());
            assertEquals("Mine", s.data().topicName());
        }
    }

    /** The loopback config lets participants in separate processes (here: Cyclone's ddsperf) find each other. */
    @Test
    void participantsInOtherProcessesAreFoundWithTheLoopbackConfig() throws Exception {
        Path ddsperf = findOnPath("ddsperf");
        Assumptions.assumeTrue(ddsperf != null, "ddsperf (Debian package cyclonedds-tools) is not installed");
        List<Process> peers = new ArrayList<>();
        try (Participant observer = domain.createParticipant()) {
            BuiltinReader<ParticipantData> parts = BuiltinReader.participants(observer);
            for (int i = 0; i < 3; i++) {
                ProcessBuilder pb = new ProcessBuilder(ddsperf.toString(), "-D", "20", "-i", String.valueOf(DOMAIN), "sub");
                pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
                pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
                peers.add(pb.start());
            }
            Set<Long> expected = new HashSet<>();
            peers.forEach(pr -> expected.add(pr.pid()));
            Set<Long> seen = new HashSet<>();
            assertTrue(Poll.until(() -> {
                for (Sample<ParticipantData> s : parts.take(64)) {
                    var props = s.data().qos().properties();
                    if (s.info().validData() && props != null && props.values().containsKey("__Pid")) {
                        seen.add(Long.parseLong(props.values().get("__Pid")));
                    }
                }
                return seen.containsAll(expected);
            }), "all ddsperf participants found; expected pids " + expected + ", seen " + seen);
        } finally {
            for (Process pr : peers) {
                pr.destroy();
            }
            for (Process pr : peers) {
                pr.waitFor();
            }
        }
    }

    /**
     * DCPSTopic, fed by a peer with topic discovery on. Cyclone keys topic definitions by XTypes type id,
     * so only topics whose type carries type information are announced: ddsperf's (idlc-generated) are,
     * our run-time {@link org.ddstuner.dds.StructType} topics (no type information yet) are not.
     */
    @Test
    void topicsOfAPeerWithTopicDiscoveryAreSeenOnDcpsTopic() throws Exception {
        Assumptions.assumeTrue(org.ddstuner.dds.DdsLibrary.get().features().topicDiscovery(),
                "this libddsc is built without topic discovery");
        Path ddsperf = findOnPath("ddsperf");
        Assumptions.assumeTrue(ddsperf != null, "ddsperf (Debian package cyclonedds-tools) is not installed");
        int id = DOMAIN + 10;
        ProcessBuilder pb = new ProcessBuilder(ddsperf.toString(), "-D", "20", "-i", String.valueOf(id), "pub", "1Hz");
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly(true));
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process peer = pb.start();
        try (Domain withTopics = Domain.create(id, CycloneConfig.loopbackOnly(true));
                Participant observer = withTopics.createParticipant()) {
            BuiltinReader<org.ddstuner.dds.BuiltinTopicData> topics = BuiltinReader.topics(observer);
            Sample<org.ddstuner.dds.BuiltinTopicData> s = Poll.takeUntil(topics,
                    x -> x.data().topicName().startsWith("DDSPerfRData"));
            assertNotNull(s, "ddsperf's data topic on DCPSTopic");
            assertEquals("KeyedSeq", s.data().typeName(), "ddsperf's KS topic type");
            assertNotNull(s.data().qos().reliability(), "topic QoS decoded");
        } finally {
            peer.destroy();
            peer.waitFor();
        }
    }

    /** ddsperf's types were generated by idlc with type information: we get it as XCDR2 TypeInformation bytes. */
    @Test
    void typeInformationOfAForeignWriterIsSerialized() throws Exception {
        Path ddsperf = findOnPath("ddsperf");
        Assumptions.assumeTrue(ddsperf != null, "ddsperf (Debian package cyclonedds-tools) is not installed");
        ProcessBuilder pb = new ProcessBuilder(ddsperf.toString(), "-D", "20", "-i", String.valueOf(DOMAIN), "pub", "1Hz");
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process peer = pb.start();
        try (Participant observer = domain.createParticipant()) {
            BuiltinReader<EndpointData> pubs = BuiltinReader.publications(observer);
            Sample<EndpointData> s = Poll.takeUntil(pubs, x -> x.info().validData()
                    && x.data().topicName().startsWith("DDSPerfRData"));
            assertNotNull(s, "ddsperf's data writer discovered");
            byte[] ti = s.data().typeInformation();
            assertNotNull(ti, "type information present");
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(ti).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            assertEquals(ti.length - 4, b.getInt(0), "DHEADER covers the rest");
            assertEquals(0x40001001, b.getInt(4), "EMHEADER of 'minimal' (id 0x1001, length in NEXTINT)");
            int minimalLength = b.getInt(8);
            assertEquals(0xf1, ti[20] & 0xff, "minimal type id is EK_MINIMAL");
            assertEquals(0x40001002, b.getInt(12 + minimalLength), "EMHEADER of 'complete'");
            assertEquals(0xf2, ti[12 + minimalLength + 8 + 8] & 0xff, "complete type id is EK_COMPLETE");
            // no dependent types: 100 bytes, the same shape as idlc's TYPE_INFO_CDR for a flat struct
            assertEquals(100, ti.length, java.util.HexFormat.of().formatHex(ti));
        } finally {
            peer.destroy();
            peer.waitFor();
        }
    }

    private static void assertNotEquals(Object unexpected, Object actual) {
        org.junit.jupiter.api.Assertions.assertNotEquals(unexpected, actual);
    }

    static Path findOnPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir, exe);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
