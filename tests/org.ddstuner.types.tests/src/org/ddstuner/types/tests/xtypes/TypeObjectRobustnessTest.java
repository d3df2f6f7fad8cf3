package org.ddstuner.types.tests.xtypes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.XTypesFormatException;
import org.junit.jupiter.api.Test;

/** Malformed type representation bytes end in an {@link XTypesFormatException} with an offset, never worse. */
class TypeObjectRobustnessTest {

    private static IdlcTypeObjects.Entry entry(String name) {
        return IdlcTypeObjects.committed().stream().filter(e -> e.typeName().equals(name)).findFirst().orElseThrow();
    }

    /** Reads and converts; returns normally or throws XTypesFormatException, anything else fails the test. */
    private static void readAndConvert(byte[] info, byte[] map) {
        try {
            TypeObjectReader.readTypeInformation(info);
        } catch (XTypesFormatException expected) {
            assertTrue(expected.offset() >= -1 && expected.offset() <= info.length, expected.getMessage());
        }
        try {
            TypeMapping m = TypeObjectReader.readTypeMapping(map);
            TypeObjectConverter.toLibrary(m);
        } catch (XTypesFormatException expected) {
            assertTrue(expected.offset() >= -1 && expected.offset() <= map.length, expected.getMessage());
        }
    }

    @Test
    void everyTruncationIsRejectedWithItsOffset() {
        for (String name : new String[] {"R::MutAll", "R::FU", "R::Enums"}) {
            IdlcTypeObjects.Entry e = entry(name);
            for (int n = 0; n < e.typeMapping().length; n++) {
                byte[] cut = Arrays.copyOf(e.typeMapping(), n);
                XTypesFormatException x = assertThrows(XTypesFormatException.class,
                        () -> TypeObjectReader.readTypeMapping(cut), name + " cut at " + n);
                assertTrue(x.offset() <= n, x.getMessage());
            }
            for (int n = 0; n < e.typeInformation().length; n++) {
                byte[] cut = Arrays.copyOf(e.typeInformation(), n);
                assertThrows(XTypesFormatException.class, () -> TypeObjectReader.readTypeInformation(cut),
                        name + " info cut at " + n);
            }
        }
    }

    @Test
    void randomCorruptionNeverCrashesOrHangs() {
        Random random = new Random(20261123);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (IdlcTypeObjects.Entry e : IdlcTypeObjects.committed()) {
                for (int round = 0; round < 150; round++) {
                    byte[] map = e.typeMapping().clone();
                    byte[] info = e.typeInformation().clone();
                    int flips = 1 + random.nextInt(4);
                    for (int i = 0; i < flips; i++) {
                        map[random.nextInt(map.length)] = (byte) random.nextInt(256);
                        info[random.nextInt(info.length)] = (byte) random.nextInt(256);
                    }
                    try {
                        readAndConvert(info, map);
                    } catch (RuntimeException | StackOverflowError | OutOfMemoryError unexpected) {
                        fail(e.typeName() + " round " + round + ": " + unexpected, unexpected);
                    }
                }
            }
        });
    }

    @Test
    void hugeCountsAreRefusedBeforeAllocating() {
        // TypeMapping: DHEADER 8, count 0x7fffffff
        byte[] b = {8, 0, 0, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f, 0, 0, 0, 0};
        XTypesFormatException x = assertThrows(XTypesFormatException.class, () -> TypeObjectReader.readTypeMapping(b));
        assertEquals(4, x.offset());
        assertTrue(x.getMessage().contains("2147483647 elements"), x.getMessage());
        // DHEADER beyond the end
        byte[] c = {(byte) 0xff, (byte) 0xff, 0, 0};
        assertTrue(assertThrows(XTypesFormatException.class, () -> TypeObjectReader.readTypeMapping(c))
                .getMessage().contains("DHEADER"));
    }

    @Test
    void deeplyNestedIdentifiersStopAtTheDepthLimit() {
        Out out = new Out();
        for (int i = 0; i < 5000; i++) {
            out.u8(0x80).u8(0xF2).u16(0).u8(0); // plain sequence of plain sequence of …
        }
        out.u8(0x04);
        XTypesFormatException x = assertThrows(XTypesFormatException.class,
                () -> TypeObjectReader.readTypeIdentifier(out.toByteArray()));
        assertTrue(x.getMessage().contains("nested more than"), x.getMessage());
        Out shallow = new Out();
        for (int i = 0; i < 3; i++) {
            shallow.u8(0x80).u8(0xF2).u16(0).u8(i + 1);
        }
        shallow.u8(0x04);
        TypeIdentifier t = TypeObjectReader.readTypeIdentifier(shallow.toByteArray());
        assertEquals("sequence<sequence<sequence<TK_INT32, 3>, 2>, 1>", describe(t));
    }

    @Test
    void unknownIdentifierKindAndBadStringsAreNamed() {
        XTypesFormatException x = assertThrows(XTypesFormatException.class,
                () -> TypeObjectReader.readTypeIdentifier(new byte[] {0x55}));
        assertEquals(0, x.offset());
        assertTrue(x.getMessage().contains("unknown TypeIdentifier kind 0x55"), x.getMessage());
        assertThrows(XTypesFormatException.class, () -> TypeObjectReader.readTypeIdentifier(new byte[0]));
    }

    private static String describe(TypeIdentifier t) {
        return switch (t) {
            case TypeIdentifier.PlainSequence s -> "sequence<" + describe(s.element()) + (s.bound() > 0 ? ", " + s.bound() : "") + ">";
            case TypeIdentifier.Primitive p -> org.ddstuner.types.xtypes.TypeKinds.name(p.kind());
            default -> t.toString();
        };
    }

    /** Little-endian XCDR2 writer for hand-made inputs (alignment from the start, capped at 4). */
    private static final class Out extends ByteArrayOutputStream {
        Out u8(int v) {
            write(v);
            return this;
        }

        Out u16(int v) {
            while (size() % 2 != 0) {
                write(0);
            }
            write(v & 0xff);
            write(v >>> 8 & 0xff);
            return this;
        }
    }
}
