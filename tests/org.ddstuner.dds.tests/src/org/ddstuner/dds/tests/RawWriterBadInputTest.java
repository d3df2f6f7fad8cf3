package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.TopicDescriptor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Malformed serialized samples give an IllegalArgumentException and never reach dds_stream_read (which
 * trusts its input): every truncation of a valid sample, random garbage behind valid headers, lying
 * lengths, wrong and unknown encapsulations. The writer keeps working afterwards and nothing bad was
 * published. Domain 199.
 */
class RawWriterBadInputTest {

    private static final int DOMAIN = 199;
    private static final Qos QOS = Qos.EMPTY.withReliable().withKeepLast(64);
    private static final byte[] GOOD = ShapeType.shape(ByteOrder.LITTLE_ENDIAN, 1, "red", 7, 42, 2.5, "hi",
            new byte[] {1, 2, 3});

    @RegisterExtension
    static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);

    private static TopicDescriptor descriptor;
    private static RawWriter writer;
    private static RawReader reader;

    @BeforeAll
    static void open() {
        descriptor = TopicDescriptor.fromSpec(ShapeType.shape());
        Participant p = domain.createParticipant();
        RawTopic t = RawTopic.create(p, "BadShapes", descriptor, null);
        writer = RawWriter.create(p, t, QOS);
        reader = RawReader.create(p, t, QOS);
        assertTrue(Poll.until(() -> writer.publicationMatched().currentCount() == 1));
    }

    @AfterAll
    static void close() {
        domain.close(); // its topic goes before the descriptor it was made from
        if (descriptor != null) {
            descriptor.close();
        }
    }

    private static IllegalArgumentException rejected(byte[] bytes) {
        return assertThrows(IllegalArgumentException.class, () -> writer.write(bytes), () -> "accepted "
                + java.util.HexFormat.of().formatHex(bytes));
    }

    @Test
    void everyTruncationIsRejected() {
        for (int n = 0; n < GOOD.length; n++) {
            byte[] cut = Arrays.copyOf(GOOD, n);
            rejected(cut);
            assertThrows(IllegalArgumentException.class, () -> writer.dispose(cut));
            assertThrows(IllegalArgumentException.class, () -> writer.unregister(cut));
        }
        assertEquals("a serialized sample starts with a 4-byte encapsulation header; got only 3 bytes",
                rejected(Arrays.copyOf(GOOD, 3)).getMessage());
        assertTrue(rejected(Arrays.copyOf(GOOD, 20)).getMessage().contains("not a valid CDR_LE serialization of demo::Shape"));
        assertThrows(IllegalArgumentException.class, () -> writer.write(null));
    }

    @Test
    void lyingLengthsAreRejected() {
        byte[] hugeString = GOOD.clone();
        hugeString[4] = (byte) 0xff; // color length 0x7fffffff
        hugeString[5] = (byte) 0xff;
        hugeString[6] = (byte) 0xff;
        hugeString[7] = 0x7f;
        rejected(hugeString);
        byte[] noTerminator = GOOD.clone();
        noTerminator[11] = 'x'; // "red\0" -> "redx"
        rejected(noTerminator);
        byte[] hugeSequence = GOOD.clone();
        int seqLength = GOOD.length - 1 - 3 - 4; // before the 3 blob bytes and the padding byte
        hugeSequence[seqLength] = 100;
        rejected(hugeSequence);
        byte[] morePadding = GOOD.clone();
        morePadding[3] = 3; // says 3 bytes of padding: the blob loses its last two bytes
        rejected(morePadding);
    }

    @Test
    void wrongEncapsulationsAreRejectedWithTheirName() {
        byte[] delimited = GOOD.clone();
        delimited[1] = 0x09;
        assertTrue(rejected(delimited).getMessage().contains("D_CDR2_LE is for appendable types, but demo::Shape is @final"));
        byte[] pl = GOOD.clone();
        pl[1] = 0x03;
        assertTrue(rejected(pl).getMessage().contains("PL_CDR_LE (XCDR1 parameter list) is not supported"));
        byte[] unknown = GOOD.clone();
        unknown[0] = 0x12;
        unknown[1] = 0x34;
        assertTrue(rejected(unknown).getMessage().contains("unknown encapsulation identifier 0x1234"));
        byte[] bigEndianHeader = GOOD.clone();
        bigEndianHeader[1] = 0x00; // CDR_BE on little-endian data: the string length reads as 0x04000000
        rejected(bigEndianHeader);
    }

    @Test
    void randomGarbageNeverCrashes() {
        Random random = new Random(20261122);
        int rejected = 0;
        int tries = 2000;
        for (int i = 0; i < tries; i++) {
            byte[] b = new byte[random.nextInt(80)];
            random.nextBytes(b);
            if (b.length >= 2 && random.nextBoolean()) {
                b[0] = 0;
                b[1] = (byte) (random.nextBoolean() ? 0x01 : 0x07); // a valid header, garbage body
            }
            if (random.nextInt(4) == 0) { // a valid sample with a few bytes flipped
                b = GOOD.clone();
                for (int k = 0; k < 3; k++) {
                    b[4 + random.nextInt(b.length - 4)] = (byte) random.nextInt(256);
                }
            }
            try {
                writer.write(b);
            } catch (IllegalArgumentException expected) {
                rejected++;
            }
        }
        assertTrue(rejected > tries / 2, rejected + " of " + tries + " garbage samples rejected");
        // the writer still works; what garbage passed validation was re-serialized by Cyclone, well-formed
        writer.write(GOOD);
        boolean seen = false;
        long end = System.nanoTime() + Poll.TIMEOUT.toNanos();
        while (!seen && System.nanoTime() < end) {
            reader.waitForData(java.time.Duration.ofMillis(100));
            for (RawSample s : reader.take(1000)) {
                assertEquals(RawSample.CDR_LE, s.encapsulation());
                seen |= Arrays.equals(GOOD, s.data());
            }
        }
        assertTrue(seen, "the good sample after the garbage arrived");
    }

    @Test
    void untypedTopicsCannotBeWritten() {
        try (TopicDescriptor u = TopicDescriptor.untyped("demo::Shape", true); Participant p = domain.createParticipant()) {
            RawTopic t = RawTopic.create(p, "BadShapesUntyped", u, null);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RawWriter.create(p, t, QOS));
            assertTrue(e.getMessage().contains("untyped"), e.getMessage());
        }
    }
}
