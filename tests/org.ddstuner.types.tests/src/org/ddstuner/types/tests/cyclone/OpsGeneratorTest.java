package org.ddstuner.types.tests.cyclone;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.cyclone.CLayout;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.cyclone.UnsupportedTypeException;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/**
 * Descriptors checked against values idlc 0.10.2 generated (copied from its output, so these run without
 * idlc), the C layout, and bad input: what libddsc 0.10.2 cannot represent gets a clear exception.
 */
class OpsGeneratorTest {

    private static TypeLibrary idl(String text) throws Exception {
        return IdlParser.parseText(text);
    }

    @Test
    void keyedStructAsIdlcGeneratesIt() throws Exception {
        // idlc 0.10.2: M_Inner_ops / M_Inner_keys / M_Inner_desc
        CycloneDescriptor d = OpsGenerator.generate(idl("module M { struct Inner { @key long x; double d; }; };"),
                "M::Inner");
        assertEquals("M::Inner", d.typeName());
        assertEquals(16, d.size());
        assertEquals(8, d.align());
        assertEquals(0x72, d.flags()); // FIXED_KEY | FIXED_SIZE | FIXED_KEY_XCDR2 | XTYPES_METADATA
        assertEquals(0x32, d.flagsWithoutTypeInformation());
        assertArrayEquals(new int[] { 0x0103000d, 0, 0x01040002, 8, 0, 0x07000001, 0 }, d.ops());
        assertEquals(List.of(new CycloneDescriptor.Key("x", 5, 0)), d.keys());
        assertEquals(3, d.instructionCount());
    }

    @Test
    void mutableStructWithOptionalNestedStruct() throws Exception {
        TypeLibrary lib = idl("module M { struct Inner { @key long x; double d; };"
                + " @mutable struct Mu { @key long x; @optional Inner y; string z; }; };");
        CycloneDescriptor d = OpsGenerator.generate(lib, "M::Mu");
        assertArrayEquals(new int[] { 0x05000000, 0x06000007, 0, 0x06000008, 1, 0x0600000b, 2, 0,
                0x0103000d, 0, 0, 0x018d0020, 8, 0x00040008, 16, 0, 0x01050000, 16, 0,
                0x0103000d, 0, 0x01040002, 8, 0, 0x07000001, 8 }, d.ops());
        assertEquals(List.of(new CycloneDescriptor.Key("x", 24, 0)), d.keys());
        assertEquals(24, d.size());
        assertEquals(11, d.instructionCount());
    }

    @Test
    void unionWithDefaultCase() throws Exception {
        TypeLibrary lib = idl("module M { union U switch (long) { case 1: long a; case 2: case 3: string b;"
                + " default: double c; }; };");
        CycloneDescriptor d = OpsGenerator.generate(lib, "M::U");
        assertArrayEquals(new int[] { 0x0109030e, 0, 4, 0x00140004, 0x08030000, 1, 8, 0, 0x08050000, 2, 8, 0,
                0x08050000, 3, 8, 0, 0x08040000, 0, 8, 0, 0 }, d.ops());
        assertEquals(16, d.size());
        assertEquals(CycloneDescriptor.FLAG_CONTAINS_UNION | CycloneDescriptor.FLAG_XTYPES_METADATA, d.flags());
    }

    @Test
    void cLayoutOfUnionsOptionalsAndBoundedStrings() throws Exception {
        TypeLibrary lib = idl("union UC switch (char) { case 'a': long a; case 'b': double arr[2]; };"
                + " struct S { char c; UC u; @optional char o; string<5> bs; sequence<long> s; };");
        CLayout layout = new CLayout(lib);
        var s = lib.struct("S");
        assertEquals(new CLayout.Layout(24, 8), layout.of(lib.get("UC"), "UC"));
        assertEquals(8, layout.unionBodyOffset((org.ddstuner.types.UnionType) lib.get("UC")));
        assertEquals(List.of(0, 8, 32, 40, 48), layout.memberOffsets(s));
        assertEquals(new CLayout.Layout(72, 8), layout.of(s, "S"));
    }

    @Test
    void opsArrayIsNotShared() throws Exception {
        CycloneDescriptor d = OpsGenerator.generate(idl("struct T { long a; };"), "T");
        d.ops()[0] = 42;
        assertEquals(0x01030004, d.ops()[0]);
    }

    private static UnsupportedTypeException unsupported(String idl, String type) {
        return assertThrows(UnsupportedTypeException.class, () -> OpsGenerator.generate(idl(idl), type));
    }

    private static void assertMessage(UnsupportedTypeException e, String path, String reason) {
        assertEquals(path, e.memberPath(), e.getMessage());
        assertTrue(e.getMessage().startsWith(path + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void longDoubleIsRejectedWithItsPath() {
        assertMessage(unsupported("module M { struct In { long double ld; }; struct T { long a; In in; }; };",
                "M::T"), "M::In.ld", "long double");
    }

    @Test
    void wideCharactersAreRejected() {
        assertMessage(unsupported("struct T { wchar w; };", "T"), "T.w", "wchar");
        assertMessage(unsupported("struct T { sequence<wstring> ws; };", "T"), "T.ws[]", "wstring");
    }

    @Test
    void mutableUnionIsRejected() {
        assertMessage(unsupported("@mutable union U switch (long) { case 1: long a; }; struct T { U u; };", "T"),
                "U", "@mutable unions");
    }

    @Test
    void recursiveTypeIsRejectedWithoutHanging() {
        // idlc 0.10.2 itself loops forever on this type
        UnsupportedTypeException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> unsupported("struct Node { long v; sequence<Node> kids; };", "Node"));
        assertMessage(e, "Node.kids[]", "recursive type 'Node'");
    }

    @Test
    void keysLibddscCannotHandleAreRejected() {
        assertMessage(unsupported("struct T { @key sequence<long> s; };", "T"), "T.s", "using a sequence as (part of) the key");
        assertMessage(unsupported("union U switch (long) { case 1: long a; }; struct T { @key U u; };", "T"),
                "T.u", "using a union");
        assertMessage(unsupported("struct T { @key string names[2]; };", "T"), "T.names", "an array of strings");
        assertMessage(unsupported("struct P { long a; }; struct T { @key P ps[2]; };", "T"), "T.ps",
                "an array of structs");
        assertMessage(unsupported("struct P { sequence<long> s; }; struct T { @key P p; };", "T"), "T.p.s",
                "using a sequence");
    }

    @Test
    void unknownOrNonAggregateTypeNames() {
        assertMessage(unsupported("enum E { A, B };", "E"), "E", "must be a struct or a union");
        UnsupportedTypeException e = unsupported("struct T { long a; };", "Nope");
        assertEquals("Nope", e.memberPath());
    }
}
