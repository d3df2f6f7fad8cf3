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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The built-in topics: who is there, with what properties, and who left (with their key). */
class DiscoveryTest {

    private static final int DOMAIN = 64;
    private static Domain domain;

    @BeforeAll
    static void open() {
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
    }

    @AfterAll
    static void close() {
        domain.close();
    }

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
