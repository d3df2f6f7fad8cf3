package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;

import org.ddstuner.samples.RawGuess;
import org.ddstuner.samples.RawGuess.Field;
import org.ddstuner.samples.RawGuess.Kind;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/** Best-effort values of untyped bytes: on bytes our codec wrote for a known type, and on garbage. */
class RawGuessTest {

    @Test
    void guessesStringsDoublesFloatsAndIntegersAtCdrAlignment() throws Exception {
        TypeLibrary lib = IdlParser.parseText("""
                @final struct S { long id; double d; string name; float f; long small; double one; };
                """);
        CdrCodec codec = new CdrCodec(lib);
        java.util.Map<String, Object> v = java.util.Map.of("id", 7, "d", 21.25, "name", "degC", "f", 3.5f, "small", -2,
                "one", 1.0);
        byte[] x1 = codec.encode(new TypeRef("S"), v, XcdrVersion.XCDR1, ByteOrder.LITTLE_ENDIAN);
        assertEquals(List.of(new Field(4, Kind.INT32, 7), new Field(8, Kind.INT32, 0), new Field(12, Kind.FLOAT64, 21.25),
                new Field(20, Kind.STRING, "degC"), new Field(32, Kind.FLOAT32, 3.5f), new Field(36, Kind.INT32, -2),
                new Field(44, Kind.FLOAT64, 1.0)).subList(0, 6), RawGuess.fields(x1).subList(0, 6), RawGuess.describe(x1));
        assertEquals(new Field(44, Kind.FLOAT64, 1.0), RawGuess.fields(x1).getLast(), RawGuess.describe(x1));
        assertTrue(RawGuess.describe(x1).startsWith("CDR_LE: @4 int32 7, @8 int32 0, @12 float64 21.25, @20 string \"degC\""),
                RawGuess.describe(x1));

        byte[] x2be = codec.encode(new TypeRef("S"), v, XcdrVersion.XCDR2, ByteOrder.BIG_ENDIAN);
        List<Field> be = RawGuess.fields(x2be);
        assertEquals(List.of(new Field(4, Kind.INT32, 7), new Field(8, Kind.FLOAT64, 21.25), new Field(16, Kind.STRING, "degC")),
                be.subList(0, 3), RawGuess.describe(x2be));
        assertEquals("CDR2_BE", RawGuess.encapsulation(x2be));
    }

    @Test
    void shortOddAndRandomBytesNeverThrow() {
        assertEquals(List.of(), RawGuess.fields(new byte[0]));
        assertEquals(List.of(), RawGuess.fields(new byte[] {0, 1, 0, 0}));
        assertEquals(List.of(new Field(4, Kind.BYTES, "0a0b")), RawGuess.fields(new byte[] {0, 1, 0, 0, 10, 11}));
        assertEquals("(no header):", RawGuess.describe(new byte[1]));
        byte[] lying = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(0x0100).putInt(0x7fffffff).putInt(3)
                .array();
        assertEquals(new Field(4, Kind.INT32, 0x7fffffff), RawGuess.fields(lying).get(0), "a string length past the end");
        Random rnd = new Random(42);
        for (int i = 0; i < 5_000; i++) {
            byte[] b = new byte[rnd.nextInt(300)];
            rnd.nextBytes(b);
            List<Field> f = RawGuess.fields(b);
            assertTrue(f.size() <= RawGuess.MAX_FIELDS);
            RawGuess.hexDump(b, 64);
        }
        String dump = RawGuess.hexDump("0123456789abcdefXY".getBytes(), 17);
        String[] lines = dump.split("\n");
        assertEquals("000000  30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66  0123456789abcdef", lines[0]);
        assertEquals("000010  58" + " ".repeat(15 * 3 + 2) + "X", lines[1]);
        assertEquals("… 1 more bytes", lines[2]);
    }
}
