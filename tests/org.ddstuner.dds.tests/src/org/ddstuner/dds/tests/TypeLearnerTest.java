package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.Sample;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.dds.Writer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Learning a type over the wire from another process (a C program built with idlc against the same
 * libddsc 0.10.2, so the TypeLookup request and reply really cross the network stack), then reading its
 * samples raw. The peer writes fixed values, so the raw bytes are known exactly. Domain 79.
 *
 * <p>One participant for the whole class, which has discovered both writers before any test runs. A CI run
 * once missed the LearnFinal writer for 15 s in a participant created right after another one had been
 * created and deleted while discovery of the peer was still going on; one long-lived participant is also
 * what the product uses.
 */
class TypeLearnerTest {

    private static final int DOMAIN = 79;
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final Duration DISCOVERY_WAIT = Duration.ofSeconds(40);
    private static final String IDL = """
            module learn {
              enum Mood { CALM, BUSY };
              @final struct Flat { @key long id; double v; };
              @appendable struct Reading { @key long id; double v; Mood mood; string note; };
            };
            """;
    private static final String MAIN = """
            #include <stdio.h>
            #include <stdlib.h>
            #include "dds/dds.h"
            #include "L.h"
            int main(int argc, char **argv) {
              dds_entity_t pp = dds_create_participant(atoi(argv[1]), NULL, NULL);
              if (pp < 0) { fprintf(stderr, "participant: %s\\n", dds_strretcode(pp)); return 1; }
              dds_qos_t *q = dds_create_qos();
              dds_qset_reliability(q, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
              dds_qset_durability(q, DDS_DURABILITY_TRANSIENT_LOCAL);
              dds_qset_history(q, DDS_HISTORY_KEEP_LAST, 5);
              dds_entity_t wf = dds_create_writer(pp, dds_create_topic(pp, &learn_Flat_desc, "LearnFinal", q, NULL), q, NULL);
              dds_entity_t wa = dds_create_writer(pp, dds_create_topic(pp, &learn_Reading_desc, "LearnAppendable", q, NULL), q, NULL);
              if (wf < 0 || wa < 0) { fprintf(stderr, "writers: %d %d\\n", wf, wa); return 1; }
              printf("READY\\n"); fflush(stdout);
              for (int i = 0; i < 4500; i++) { /* 90 s at most: the test kills us earlier */
                learn_Flat f = { .id = 7, .v = 2.5 };
                dds_write(wf, &f);
                learn_Reading r = { .id = 42, .v = 1.25, .mood = learn_BUSY, .note = "hi" };
                dds_write(wa, &r);
                dds_sleepfor(DDS_MSECS(20));
              }
              dds_delete(pp);
              return 0;
            }
            """;

    private static Path work;
    private static Process peer;
    private static Domain domain;
    private static Participant participant;
    private static EndpointData finalWriter;
    private static EndpointData appendableWriter;

    @BeforeAll
    static void startPeer() throws Exception {
        Path cc = NativeTools.requireCcAndHeaders();
        Path idlc = DiscoveryTest.findOnPath("idlc");
        Assumptions.assumeTrue(idlc != null, "idlc (Debian package cyclonedds-tools) is not installed");
        work = Files.createTempDirectory("type-learner");
        Files.writeString(work.resolve("L.idl"), IDL);
        Files.writeString(work.resolve("main.c"), MAIN);
        NativeTools.run(work, List.of(idlc.toString(), "L.idl"));
        NativeTools.run(work, List.of(cc.toString(), "-o", "writer", "main.c", "L.c", "-lddsc"));
        ProcessBuilder pb = new ProcessBuilder(work.resolve("writer").toString(), String.valueOf(DOMAIN))
                .redirectErrorStream(true);
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
        peer = pb.start();
        String first = new String(peer.getInputStream().readNBytes(6));
        assertEquals("READY\n", first, "the C writer starts");
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        participant = domain.createParticipant();
        List<EndpointData> writers = awaitWriters(participant, List.of("LearnFinal", "LearnAppendable"));
        finalWriter = writers.get(0);
        appendableWriter = writers.get(1);
    }

    @AfterAll
    static void stopPeer() throws IOException {
        if (participant != null) {
            participant.close();
        }
        if (domain != null) {
            domain.close();
        }
        if (peer != null) {
            peer.destroy();
        }
        if (work != null) {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** The discovered writers on these topics, in this order; fails naming what was seen instead. */
    private static List<EndpointData> awaitWriters(Participant p, List<String> topics) throws InterruptedException {
        EndpointData[] found = new EndpointData[topics.size()];
        List<String> seen = new ArrayList<>();
        try (BuiltinReader<EndpointData> pubs = BuiltinReader.publications(p)) {
            long deadline = System.nanoTime() + DISCOVERY_WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                for (Sample<EndpointData> s : pubs.take(100)) {
                    if (s.info().validData()) {
                        seen.add(s.data().topicName());
                        int i = topics.indexOf(s.data().topicName());
                        if (i >= 0) {
                            found[i] = s.data();
                        }
                    }
                }
                if (Stream.of(found).allMatch(java.util.Objects::nonNull)) {
                    return List.of(found);
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("writers on " + topics + " not all discovered in " + DISCOVERY_WAIT.toSeconds()
                + " s; publications seen: " + seen);
    }

    private static List<RawSample> receive(RawReader r, int count) {
        List<RawSample> out = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (out.size() < count && System.nanoTime() < deadline) {
            r.waitForData(Duration.ofMillis(200));
            out.addAll(r.take(20).stream().filter(s -> s.info().validData()).toList());
        }
        assertTrue(out.size() >= count, "received " + out.size() + " samples");
        return out;
    }

    @Test
    void finalTypeIsLearnedAndReadAsXcdr1Bytes() throws Exception {
        Participant p = participant;
        EndpointData w = finalWriter;
        try (TopicDescriptor d = TypeLearner.learn(p, w, WAIT)) {
            assertEquals("learn::Flat", d.typeName());
            assertEquals(1, d.keyCount());
            // the descriptor's type information is the one discovery carried (same identifiers/hashes);
            // only the typeobject_serialized_size fields differ: 0 in what discovery hands out
            // (dds_builtintopic_get_endpoint_type_info in 0.10.2), the real sizes in the descriptor
            byte[] discovered = w.typeInformation();
            byte[] described = d.typeInformation();
            assertEquals(discovered.length, described.length);
            for (int i = 0; i < discovered.length; i++) {
                assertTrue(discovered[i] == described[i] || discovered[i] == 0, "type information byte " + i);
            }
            assertTrue(d.typeMapping().length > 100, "type mapping with the COMPLETE type objects");
            assertTrue(new String(d.typeMapping(), java.nio.charset.StandardCharsets.ISO_8859_1).contains("learn::Flat"));
            try (RawTopic t = RawTopic.create(p, "LearnFinal", d, null);
                    RawReader r = RawReader.create(p, t, Qos.EMPTY.withReliable()
                            .withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL).withKeepLast(5))) {
                for (RawSample s : receive(r, 3)) {
                    assertEquals(RawSample.CDR_LE, s.encapsulation());
                    assertEquals(1, s.xcdrVersion());
                    // XCDR1 LE: header, id 7, 4 padding bytes (Cyclone leaves them unset), 2.5 aligned to 8
                    assertEquals(20, s.size());
                    ByteBuffer b = ByteBuffer.wrap(s.data()).order(ByteOrder.LITTLE_ENDIAN);
                    assertEquals(0, b.getShort(2), "encapsulation options");
                    assertEquals(7, b.getInt(4));
                    assertEquals(2.5, b.getDouble(12));
                }
            }
        }
    }

    @Test
    void appendableTypeComesAsXcdr2WithDheader() throws Exception {
        Participant p = participant;
        EndpointData w = appendableWriter;
        try (TopicDescriptor d = TypeLearner.learn(p, w.key(), WAIT)) {
            assertEquals("learn::Reading", d.typeName());
            try (RawTopic t = RawTopic.create(p, "LearnAppendable", d, null);
                    RawReader r = RawReader.create(p, t, Qos.EMPTY.withReliable()
                            .withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL).withKeepLast(5))) {
                for (RawSample s : receive(r, 3)) {
                    assertEquals(RawSample.D_CDR2_LE, s.encapsulation());
                    ByteBuffer b = ByteBuffer.wrap(s.data()).order(ByteOrder.LITTLE_ENDIAN);
                    int dheader = b.getInt(4);
                    assertTrue(dheader > 0 && 8 + dheader <= s.size(), "DHEADER " + dheader + " in " + s.size());
                    assertEquals(42, b.getInt(8));
                    assertEquals(1.25, b.getDouble(12));
                    assertEquals(1, b.getInt(20), "mood BUSY");
                    assertEquals(3, b.getInt(24), "string length incl. NUL");
                    assertEquals("hi", new String(s.data(), 28, 2));
                }
            }
        }
    }

    @Test
    void endpointWithoutTypeInformationOrUnknownGivesAClearError() {
        try (Participant p = domain.createParticipant()) {
            StructType type = StructType.builder("plain::NoInfo").key("id", MemberKind.INT32).build();
            Topic topic = p.createTopic("NoInfo", type, null);
            Writer writer = p.createWriter(topic, null);
            Guid g = writer.guid();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> TypeLearner.learn(p, g, Duration.ofSeconds(1)));
            assertTrue(e.getMessage().contains("sent no XTypes type information"), e.getMessage());
            Guid unknown = Guid.parse("01100000:00000000:00000000:00000102");
            e = assertThrows(IllegalArgumentException.class, () -> TypeLearner.learn(p, unknown, Duration.ofSeconds(1)));
            assertTrue(e.getMessage().contains("not (or no longer) known"), e.getMessage());
        }
    }
}
