package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.ddstuner.dds.Qos;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.remote.internal.QosJson;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The frame decoder against what a hostile or broken peer sends: bad lengths, random bytes and mutations of a valid
 * frame (a bounded, seeded fuzz loop — Jazzer is not on Maven Central's OSGi side, so this stands in for it) must
 * only ever give a {@link ProtocolException} with a code; and the QoS codec must carry every policy losslessly.
 */
class FrameDecoderTest {

    private static Frames reading(byte[] wire) {
        return new Frames(new ByteArrayInputStream(wire), new ByteArrayOutputStream(), 1 << 16);
    }

    private static byte[] withLength(int length, byte[] body) {
        byte[] w = new byte[4 + body.length];
        w[0] = (byte) (length >>> 24);
        w[1] = (byte) (length >>> 16);
        w[2] = (byte) (length >>> 8);
        w[3] = (byte) length;
        System.arraycopy(body, 0, w, 4, body.length);
        return w;
    }

    @Test
    void badLengthsAreRefusedBeforeReadingTheBody() {
        ProtocolException big = assertThrows(ProtocolException.class, () -> reading(withLength(Integer.MAX_VALUE,
                new byte[0])).read());
        assertEquals(Protocol.FRAME_TOO_LARGE, big.code());
        assertTrue(big.reason().contains("2147483647 bytes is larger than the maximum of 65536"), big.reason());
        assertEquals(Protocol.MALFORMED_FRAME, assertThrows(ProtocolException.class, () -> reading(withLength(0,
                new byte[0])).read()).code());
        assertEquals(Protocol.MALFORMED_FRAME, assertThrows(ProtocolException.class, () -> reading(withLength(-5,
                new byte[0])).read()).code());
    }

    @Test
    void aFrameRoundTrips() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Frames w = new Frames(new ByteArrayInputStream(new byte[0]), out, 1 << 16);
        ObjectNode f = Frames.frame(Protocol.HELLO);
        f.put("token", "é✓");
        w.write(f);
        Frames r = reading(out.toByteArray());
        assertEquals(f, r.read());
        assertEquals(null, r.read(), "clean end between frames");
    }

    @Test
    void randomAndMutatedInputOnlyEverGivesProtocolErrors() {
        Random random = new Random(15);
        byte[] valid = "{\"type\":\"hello\",\"protocol\":1,\"token\":\"abc\",\"resume\":{\"epoch\":\"e\",\"seq\":4}}"
                .getBytes(StandardCharsets.UTF_8);
        int accepted = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] body;
            if (i % 2 == 0) {
                body = new byte[1 + random.nextInt(64)];
                random.nextBytes(body);
            } else {
                body = valid.clone();
                for (int m = 0; m < 1 + random.nextInt(4); m++) {
                    body[random.nextInt(body.length)] = (byte) random.nextInt(256);
                }
                if (random.nextInt(4) == 0) {
                    body = java.util.Arrays.copyOf(body, random.nextInt(body.length) + 1);
                }
            }
            try {
                Frames.parse(body);
                accepted++;
            } catch (ProtocolException e) {
                assertEquals(Protocol.MALFORMED_FRAME, e.code());
            } catch (RuntimeException e) {
                fail("input " + java.util.HexFormat.of().formatHex(body) + " threw " + e, e);
            }
        }
        assertTrue(accepted > 0 && accepted < 10_000, "some mutations stay valid JSON objects: " + accepted);
        String deep = "{\"type\":\"x\",\"a\":" + "[".repeat(100) + "]".repeat(100) + "}";
        assertEquals(Protocol.MALFORMED_FRAME, assertThrows(ProtocolException.class, () -> Frames.parse(deep.getBytes(
                StandardCharsets.UTF_8))).code());
    }

    @Test
    void everyQosPolicyTravelsLosslessly() {
        Qos q = new Qos(new Qos.Durability(Qos.DurabilityKind.TRANSIENT_LOCAL),
                new Qos.DurabilityService(Duration.ofMillis(5), Qos.HistoryKind.KEEP_LAST, 3, 10, 20, 30),
                new Qos.Deadline(Qos.INFINITE), new Qos.LatencyBudget(Duration.ofNanos(7)),
                new Qos.Liveliness(Qos.LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(2)),
                new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(100)),
                new Qos.DestinationOrder(Qos.DestinationOrderKind.BY_SOURCE_TIMESTAMP),
                new Qos.History(Qos.HistoryKind.KEEP_ALL, -1), new Qos.ResourceLimits(1, 2, 3),
                new Qos.Presentation(Qos.AccessScope.GROUP, true, false), new Qos.Lifespan(Duration.ofMinutes(1)),
                new Qos.Ownership(Qos.OwnershipKind.EXCLUSIVE), new Qos.OwnershipStrength(9),
                new Qos.Partition(List.of("a", "b*")), new Qos.TimeBasedFilter(Duration.ZERO),
                new Qos.TransportPriority(4), new Qos.WriterDataLifecycle(false),
                new Qos.ReaderDataLifecycle(Qos.INFINITE, Duration.ofSeconds(1)),
                new Qos.UserData(new byte[] { 0, 1, (byte) 255 }), new Qos.TopicData(new byte[0]),
                new Qos.GroupData(new byte[] { 42 }), new Qos.DataRepresentation(List.of((short) 0, (short) 2)),
                new Qos.TypeConsistency(Qos.TypeConsistencyKind.ALLOW_TYPE_COERCION, true, false, true, false, true),
                new Qos.EntityName("Ω name"), new Qos.IgnoreLocal(Qos.IgnoreLocalKind.PROCESS),
                new Qos.Properties(Map.of("__Hostname", "h", "k", "v")),
                new Qos.BinaryProperties(Map.of("bin", new byte[] { 1, 2 })));
        ObjectNode json = QosJson.encode(q);
        assertEquals(Qos.NAMES.size(), json.size(), "every policy written");
        Qos back = QosJson.decode(json);
        assertEquals(json, QosJson.encode(back));
        assertEquals(q.reliability(), back.reliability());
        assertEquals(Qos.INFINITE, back.deadline().period());
        assertEquals(QosJson.encode(Qos.EMPTY), QosJson.encode(QosJson.decode(QosJson.encode(Qos.EMPTY))));
        ObjectNode unknown = json.deepCopy();
        unknown.putObject("no_such_policy");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> QosJson.decode(unknown)).getMessage().contains(
                "no_such_policy"));
    }
}
