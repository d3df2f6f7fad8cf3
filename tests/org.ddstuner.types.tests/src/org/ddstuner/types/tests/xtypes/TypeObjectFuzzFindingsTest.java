package org.ddstuner.types.tests.xtypes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeKinds;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObject;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.XTypesFormatException;
import org.junit.jupiter.api.Test;

/**
 * What the Jazzer targets of bench/fuzz found in the XTypes decoders ({@code resources/xtypes/crashers.txt}),
 * replayed with the targets' oracle: a value, or an {@link XTypesFormatException} with an offset inside the
 * input whose cause, if any, is the type model refusing an impossible type. Plus the limits those findings
 * led to, checked with inputs built here.
 */
class TypeObjectFuzzFindingsTest {
    private static final HexFormat HEX = HexFormat.of();
    /** Where TypeObjectFuzzer files the one object it reads: EK_COMPLETE and 14 zero bytes. */
    private static final TypeIdentifier SELF = new TypeIdentifier.Hashed(TypeKinds.EK_COMPLETE, "00".repeat(14));

    @Test
    void everyFuzzFindingGivesAValueOrAClearFormatError() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(XTypesResources.path("crashers.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                lines.add(line);
            }
        }
        assertFalse(lines.isEmpty());
        for (String line : lines) {
            String[] parts = line.split("\\|", 2);
            String[] f = parts[0].trim().split(" ");
            if (f.length != 2) {
                fail("bad crashers.txt line: " + line);
            }
            byte[] input = HEX.parseHex(f[1]);
            String expected = parts.length > 1 ? parts[1].trim() : null;
            String what = f[0] + " " + f[1].substring(0, Math.min(40, f[1].length())) + "…";
            String outcome = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> replay(f[0], input), what);
            if (expected != null) {
                if (expected.equals("ok")) {
                    assertNull(outcome, what);
                } else {
                    assertTrue(outcome != null && outcome.contains(expected), what + ": expected '" + expected
                            + "' in the error, got " + outcome);
                }
            }
        }
    }

    /** Runs one target's input; returns null for a value, the message of the format error otherwise. */
    private static String replay(String target, byte[] input) {
        try {
            switch (target) {
                case "TypeInformationFuzzer" -> TypeObjectReader.readTypeInformation(tail(input), bigEndian(input));
                case "TypeObjectFuzzer" -> {
                    TypeObject obj = readerStep(input.length, () -> TypeObjectReader.readTypeObject(input));
                    TypeObjectConverter.toLibrary(new TypeMapping(List.of(), List.of(new TypeMapping.Pair(SELF, obj)),
                            List.of()));
                }
                case "TypeMappingFuzzer" -> {
                    TypeMapping m = readerStep(input.length - 1,
                            () -> TypeObjectReader.readTypeMapping(tail(input), bigEndian(input)));
                    TypeObjectConverter.toLibrary(m);
                }
                default -> fail("unknown fuzz target " + target);
            }
            return null;
        } catch (XTypesFormatException e) {
            Throwable c = e.getCause();
            boolean modelRefusal = c == null || c.getClass() == IllegalArgumentException.class
                    || c instanceof UnknownTypeException;
            if (!modelRefusal) {
                throw new AssertionError("a bug surfaced as a format error: " + e.getMessage(), c);
            }
            assertTrue(e.offset() >= -1 && e.offset() <= input.length, e.getMessage());
            return e.getMessage();
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new AssertionError(target + ": " + e, e);
        }
    }

    /** The reader itself may only throw a format error without cause (a cause is a wrapped bug). */
    private static <T> T readerStep(int length, java.util.function.Supplier<T> read) {
        try {
            return read.get();
        } catch (XTypesFormatException e) {
            if (e.getCause() != null) {
                throw new AssertionError("reader bug surfaced as a format error: " + e.getMessage(), e.getCause());
            }
            assertTrue(e.offset() >= -1 && e.offset() <= length, e.getMessage());
            throw e;
        }
    }

    private static boolean bigEndian(byte[] input) {
        return input.length > 0 && (input[0] & 1) != 0;
    }

    private static byte[] tail(byte[] input) {
        return input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    }

    @Test
    void anonymousCollectionsNestOnlyToTheLimit() {
        // a struct H { v } whose member type is anonymous sequence 1, whose element is sequence 2, … n, long
        TypeLibrary three = TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(chain(3)));
        assertEquals("sequence<sequence<sequence<INT32>>>", describe(((StructType) three.get("H")).members().get(0)
                .type()));
        XTypesFormatException x = assertThrows(XTypesFormatException.class,
                () -> TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(chain(5000))));
        assertTrue(x.getMessage().contains("H.v: element types nested more than 100 levels deep"), x.getMessage());
    }

    private static String describe(org.ddstuner.types.DdsType t) {
        return t instanceof SequenceType s ? "sequence<" + describe(s.element()) + ">" : t.toString();
    }

    @Test
    void aLongInheritanceChainConvertsInLinearTime() {
        // D : S1, S1 : S2, …, S(n-1) : Sn, all without members but Sn { long x; }: D's first member has
        // id 1 by sequential numbering, so it needs no @id. The converter used to recurse once per link
        // (StackOverflowError here) and, per struct, walk the chain again looking every step up among all
        // structs (cubic work).
        int n = 3000;
        Out o = new Out();
        int d = o.begin();
        o.i32(0);
        o.end(d);
        d = o.begin();
        o.i32(n + 1);
        o.hashId(0);
        o.align4();
        o.struct("D", 1, "y", 1, () -> o.u8(TypeKinds.TK_INT32));
        for (int i = 1; i <= n; i++) {
            o.hashId(i);
            o.align4();
            if (i < n) {
                o.struct("S" + i, i + 1, null, 0, null);
            } else {
                o.struct("S" + i, -1, "x", 0, () -> o.u8(TypeKinds.TK_INT32));
            }
        }
        o.end(d);
        d = o.begin();
        o.i32(0);
        o.end(d);
        byte[] mapping = o.toByteArray();
        TypeLibrary lib = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> TypeObjectConverter.toLibrary(TypeObjectReader.readTypeMapping(mapping)));
        StructType derived = (StructType) lib.get("D");
        assertEquals("S1", derived.base());
        assertTrue(derived.members().get(0).annotations().stream().noneMatch(a -> a.name().equals("id")),
                derived.members().toString());
    }

    /** A TypeMapping (XCDR2 LE) of struct H { seq1 v; } and n anonymous sequences seq_i of seq_i+1, seq_n of long. */
    private static byte[] chain(int n) {
        Out o = new Out();
        int d = o.begin(); // minimal pairs: none
        o.i32(0);
        o.end(d);
        d = o.begin();
        o.i32(n + 1);
        o.hashId(0);
        o.align4();
        o.struct("H", -1, "v", 0, () -> o.hashId(1)); // struct H { seq1 v; }
        for (int i = 1; i <= n; i++) {
            o.hashId(i);
            o.align4();
            int obj = o.begin();
            o.u8(TypeKinds.EK_COMPLETE).u8(TypeKinds.TK_SEQUENCE).u16(0);
            int header = o.begin();
            o.i32(0);
            o.u8(0); // no detail: anonymous
            o.end(header);
            int element = o.begin();
            o.u16(0);
            if (i < n) {
                o.hashId(i + 1);
            } else {
                o.u8(TypeKinds.TK_INT32);
            }
            o.u8(0).u8(0);
            o.end(element);
            o.end(obj);
        }
        o.end(d);
        d = o.begin(); // complete-to-minimal: none
        o.i32(0);
        o.end(d);
        return o.toByteArray();
    }

    /** Little-endian XCDR2 writer (alignment from the start, capped at 4) for the inputs built here. */
    private static final class Out extends ByteArrayOutputStream {
        Out u8(int v) {
            write(v);
            return this;
        }

        Out u16(int v) {
            align(2);
            write(v & 0xff);
            write(v >>> 8 & 0xff);
            return this;
        }

        Out i32(int v) {
            align4();
            for (int i = 0; i < 4; i++) {
                write(v >>> 8 * i & 0xff);
            }
            return this;
        }

        void align4() {
            align(4);
        }

        private void align(int n) {
            while (size() % n != 0) {
                write(0);
            }
        }

        /** EK_COMPLETE identifier whose 14-byte hash is {@code n} big-endian. */
        Out hashId(int n) {
            u8(TypeKinds.EK_COMPLETE);
            for (int i = 13; i >= 0; i--) {
                write(i < 4 ? n >>> 8 * i & 0xff : 0);
            }
            return this;
        }

        /**
         * A COMPLETE final struct object: base is the hash number of the base struct or -1 for none, then one
         * member (its type written by {@code type}) or none if {@code member} is null.
         */
        void struct(String name, int base, String member, int memberId, Runnable type) {
            int obj = begin();
            u8(TypeKinds.EK_COMPLETE).u8(TypeKinds.TK_STRUCTURE).u16(0);
            int header = begin();
            if (base < 0) {
                u8(TypeKinds.TK_NONE);
            } else {
                hashId(base);
            }
            u8(0).u8(0).string(name); // no builtin or custom annotations
            end(header);
            int seq = begin();
            i32(member == null ? 0 : 1);
            if (member != null) {
                int m = begin();
                i32(memberId);
                u16(0);
                type.run();
                string(member);
                u8(0).u8(0);
                end(m);
            }
            end(seq);
            end(obj);
        }

        Out string(String s) {
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            i32(b.length + 1);
            write(b, 0, b.length);
            write(0);
            return this;
        }

        /** Starts a DHEADER-delimited region; {@link #end} fills in its length. */
        int begin() {
            i32(0);
            return size() - 4;
        }

        void end(int at) {
            int len = size() - at - 4;
            for (int i = 0; i < 4; i++) {
                buf[at + i] = (byte) (len >>> 8 * i);
            }
        }
    }
}
