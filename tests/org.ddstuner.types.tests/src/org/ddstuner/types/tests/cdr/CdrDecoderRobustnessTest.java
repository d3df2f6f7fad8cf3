package org.ddstuner.types.tests.cdr;

import static org.ddstuner.types.tests.cdr.InteropSamples.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.CdrException;
import org.ddstuner.types.cdr.DecodeNote;
import org.ddstuner.types.cdr.DecodeResult;
import org.ddstuner.types.cdr.XcdrVersion;
import org.junit.jupiter.api.Test;

/** Hostile and evolved data: only CdrException, bounded work, and tolerance where XTypes asks for it. */
class CdrDecoderRobustnessTest {
    private static final TypeLibrary RICH = CdrResources.library("rich.idl");
    private static final HexFormat HEX = HexFormat.of();

    private static void decodeOrCdrException(CdrCodec codec, TypeRef type, byte[] bytes) {
        try {
            codec.decode(type, bytes);
        } catch (CdrException expected) {
            assertTrue(expected.offset() >= 0 && expected.offset() <= bytes.length, expected.getMessage());
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new AssertionError(type.name() + " " + HEX.formatHex(bytes), e);
        }
    }

    @Test
    void everyTruncationAndByteFlipOfRichSamplesFailsCleanly() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef type = new TypeRef("R::Top");
        RandomValues values = new RandomValues(RICH, 7, 2);
        Random random = new Random(11);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (XcdrVersion v : XcdrVersion.values()) {
                for (ByteOrder o : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
                    byte[] bytes = codec.encode(type, values.of(type), v, o);
                    for (int n = 0; n < bytes.length; n += 1 + n / 64) {
                        decodeOrCdrException(codec, type, java.util.Arrays.copyOf(bytes, n));
                    }
                    for (int i = 0; i < 2000; i++) {
                        byte[] b = bytes.clone();
                        b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                        decodeOrCdrException(codec, type, b);
                    }
                }
            }
        });
    }

    @Test
    void hugeSequenceLengthIsRefusedBeforeAllocating() {
        CdrCodec codec = new CdrCodec(RICH);
        // R::Node { long v; sequence<Node> kids; } claiming 2^31-1 kids in 12 bytes
        byte[] bytes = HEX.parseHex("00010000" + "01000000" + "ffffff7f");
        CdrException e = assertThrows(CdrException.class, () -> codec.decode(new TypeRef("R::Node"), bytes));
        assertEquals(8, e.offset());
        assertTrue(e.getMessage().contains("2147483647 elements needs at least"), e.getMessage());
        byte[] tooLong = HEX.parseHex("00010000" + "01000000" + "00000080");
        assertTrue(assertThrows(CdrException.class, () -> codec.decode(new TypeRef("R::Node"), tooLong)).getMessage()
                .contains("larger than any sample"));
    }

    @Test
    void nestingDeeperThanTheLimitIsRefused() {
        Object node = map("v", 0, "kids", List.of());
        for (int i = 1; i < 150; i++) {
            node = map("v", i, "kids", List.of(node));
        }
        TypeRef type = new TypeRef("R::Node");
        byte[] bytes = new CdrCodec(RICH, 1000).encode(type, node, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
        assertEquals(node, new CdrCodec(RICH, 1000).decode(type, bytes).value());
        CdrException e = assertThrows(CdrException.class, () -> new CdrCodec(RICH).decode(type, bytes));
        assertTrue(e.getMessage().contains("deeper than 100 levels"), e.getMessage());
        Object n = node;
        assertThrows(CdrException.class, () -> new CdrCodec(RICH).encode(type, n, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void unknownMutableMembersAreSkippedAndReported() {
        TypeLibrary v1 = CdrGoldenBytesTest.parse("@mutable struct M { long a; @id(9) string c; };");
        TypeLibrary v2 = CdrGoldenBytesTest.parse("@mutable struct M { long a; @id(5) sequence<double> b; @id(9) string c; };");
        for (XcdrVersion v : XcdrVersion.values()) {
            byte[] bytes = new CdrCodec(v2).encode(new TypeRef("M"), map("a", 1, "b", List.of(1.0, 2.0), "c", "x"), v,
                    ByteOrder.BIG_ENDIAN);
            DecodeResult r = new CdrCodec(v1).decode(new TypeRef("M"), bytes);
            assertEquals(map("a", 1, "c", "x"), r.value());
            assertEquals(1, r.notes().size(), r.notes().toString());
            assertEquals(DecodeNote.Kind.UNKNOWN_MEMBER, r.notes().get(0).kind());
            assertTrue(r.notes().get(0).detail().contains("member id 5"), r.notes().toString());
            // the other way round the member the old writer did not know gets its default
            byte[] old = new CdrCodec(v1).encode(new TypeRef("M"), map("a", 1, "c", "x"), v, ByteOrder.BIG_ENDIAN);
            DecodeResult r2 = new CdrCodec(v2).decode(new TypeRef("M"), old);
            assertEquals(map("a", 1, "b", List.of(), "c", "x"), r2.value());
            assertEquals(DecodeNote.Kind.MISSING_MEMBER, r2.notes().get(0).kind());
        }
    }

    @Test
    void appendableToleratesExtraTrailingDataAndMissingTail() {
        TypeLibrary shorter = CdrGoldenBytesTest.parse("@appendable struct A { long a; @appendable struct I { short s; } i; };"
                .replace("@appendable struct I { short s; } i;", "I i;").replace("@appendable struct A", "@appendable struct I { short s; }; @appendable struct A"));
        TypeLibrary longer = CdrGoldenBytesTest.parse("@appendable struct I { short s; string t; }; @appendable struct A { long a; I i; double d; };");
        byte[] bytes = new CdrCodec(longer).encode(new TypeRef("A"), map("a", 1, "i", map("s", (short) 2, "t", "extra"), "d", 3.0),
                XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
        DecodeResult r = new CdrCodec(shorter).decode(new TypeRef("A"), bytes);
        assertEquals(map("a", 1, "i", map("s", (short) 2)), r.value());
        assertEquals(List.of(DecodeNote.Kind.TRAILING_DATA, DecodeNote.Kind.TRAILING_DATA),
                r.notes().stream().map(DecodeNote::kind).toList(), r.notes().toString());
        assertEquals("i", r.notes().get(0).path());
        byte[] old = new CdrCodec(shorter).encode(new TypeRef("A"), map("a", 1, "i", map("s", (short) 2)),
                XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
        DecodeResult r2 = new CdrCodec(longer).decode(new TypeRef("A"), old);
        assertEquals(map("a", 1, "i", map("s", (short) 2, "t", ""), "d", 0.0), r2.value());
        assertEquals(2, r2.notes().size());
        assertTrue(r2.notes().stream().allMatch(n -> n.kind() == DecodeNote.Kind.MISSING_MEMBER));
    }

    @Test
    void encodeErrorsNameTheMemberAndTheProblem() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef strings = new TypeRef("R::Strings");
        Map<String, Object> ok = map("s", "", "bs", "12345", "ws", "", "bws", "abc", "n", "", "ss", List.of(),
                "sws", List.of(), "sa", List.of("", ""));
        codec.encode(strings, ok, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
        expectEncodeError(codec, strings, with(ok, "bs", "123456"), "bs", "exceeds its bound 5");
        expectEncodeError(codec, strings, with(ok, "n", "toolong"), "n", "exceeds its bound 6");
        expectEncodeError(codec, strings, with(ok, "sws", List.of("", "", "")), "sws", "exceeds its bound 2");
        expectEncodeError(codec, strings, with(ok, "sa", List.of("")), "sa", "dimension is 2");
        expectEncodeError(codec, strings, with(ok, "ss", List.of("a\0b")), "ss[0]", "NUL");
        expectEncodeError(codec, strings, with(ok, "s", 5), "s", "string needs String, got Integer 5");
        Map<String, Object> missing = new java.util.LinkedHashMap<>(ok);
        missing.remove("ws");
        expectEncodeError(codec, strings, missing, "ws", "missing");
        expectEncodeError(codec, strings, with(ok, "zz", 1), "", "has no member 'zz'");
        TypeRef prims = new TypeRef("R::Prims");
        Map<String, Object> p = map("b", true, "o", (short) 300, "c", 'c', "wc", 'w', "i8", (byte) 1, "u8", (short) 1,
                "s", (short) 1, "us", 1, "l", 1, "ul", 1L, "ll", 1L, "ull", java.math.BigInteger.ONE, "f", 1f, "d", 1.0,
                "ld", java.math.BigDecimal.ONE);
        expectEncodeError(codec, prims, p, "o", "octet value 300 is outside 0..255");
        expectEncodeError(codec, prims, with(with(p, "o", (short) 1), "c", '\u20ac'), "c", "does not fit in one byte");
        expectEncodeError(codec, new TypeRef("R::FU"), new org.ddstuner.types.UnionValue(1, "b", "x"), "",
                "selects 'a', not 'b'");
    }

    private static Map<String, Object> with(Map<String, Object> m, String k, Object v) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(m);
        out.put(k, v);
        return out;
    }

    private static void expectEncodeError(CdrCodec codec, TypeRef type, Object value, String path, String text) {
        CdrException e = assertThrows(CdrException.class, () -> codec.encode(type, value, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN));
        assertEquals(path, e.path(), e.getMessage());
        assertTrue(e.getMessage().contains(text), e.getMessage());
    }

    @Test
    void malformedBasicsGiveOffsetAndExpectation() {
        CdrCodec codec = new CdrCodec(RICH);
        TypeRef strings = new TypeRef("R::KeyStrLike");
        TypeLibrary lib = CdrGoldenBytesTest.parse("struct S { boolean b; string s; };");
        CdrCodec c = new CdrCodec(lib);
        TypeRef s = new TypeRef("S");
        assertEquals("at byte 4 (b): expected boolean 0 or 1, found 2",
                assertThrows(CdrException.class, () -> c.decode(s, HEX.parseHex("00010000" + "02000000" + "0100000000"))).getMessage());
        assertEquals("at byte 8 (s): string of length 2 is not NUL-terminated",
                assertThrows(CdrException.class, () -> c.decode(s, HEX.parseHex("00010000" + "01000000" + "02000000" + "4141"))).getMessage());
        assertTrue(assertThrows(CdrException.class, () -> c.decode(s, HEX.parseHex("0010000001"))).getMessage()
                .contains("unknown encapsulation identifier 0x0010"));
        assertTrue(assertThrows(CdrException.class, () -> c.decode(s, HEX.parseHex("0001"))).getMessage()
                .contains("4-byte encapsulation header"));
        assertTrue(assertThrows(CdrException.class, () -> codec.decode(strings, HEX.parseHex("00010000")))
                .getMessage().contains("unknown type"));
    }

    @Test
    void fuzzerCrashersOnlyGiveValuesOrCdrException() throws IOException {
        TypeLibrary lib = RICH.merge(CdrResources.library("interop.idl"));
        CdrCodec codec = new CdrCodec(lib);
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(CdrResources.path("crashers.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                lines.add(line);
            }
        }
        assertTrue(!lines.isEmpty());
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            if (f.length != 2) {
                fail("bad crashers.txt line: " + line);
            }
            TypeRef type = new TypeRef(f[0]);
            byte[] bytes = HEX.parseHex(f[1]);
            decodeOrCdrException(codec, type, bytes);
            // the fuzzer's oracle: what decodes and re-encodes must decode to the same value
            DecodeResult r;
            byte[] again;
            try {
                r = codec.decode(type, bytes);
                again = codec.encode(type, r.value(), r.encapsulation().version(), r.encapsulation().byteOrder());
            } catch (CdrException refused) {
                continue;
            }
            assertEquals(r.value(), codec.decode(type, again).value(), line);
        }
    }
}
