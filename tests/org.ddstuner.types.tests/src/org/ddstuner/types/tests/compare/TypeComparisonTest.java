package org.ddstuner.types.tests.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.compare.ComparisonResult;
import org.ddstuner.types.compare.TypeComparison;
import org.ddstuner.types.compare.TypeDifference;
import org.ddstuner.types.compare.TypeDifference.Kind;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/** Pairs of IDL types: what differs, and whether a reader of one takes data from a writer of the other. */
class TypeComparisonTest {

    private static ComparisonResult compare(String idlA, String idlB, String type) throws IdlParseException {
        TypeLibrary a = IdlParser.parseText(idlA);
        TypeLibrary b = IdlParser.parseText(idlB);
        return TypeComparison.compare(a, type, b, type);
    }

    private static List<Kind> kinds(ComparisonResult r) {
        return r.differences().stream().map(TypeDifference::kind).toList();
    }

    @Test
    void identicalTypesHaveNoDifferencesAndAreAssignableBothWays() throws Exception {
        String idl = """
                module m { enum Kind { A, B }; struct P { double x; double y; };
                  struct T { @key long id; Kind kind; P p; sequence<float> h; string s; }; };
                """;
        ComparisonResult r = compare(idl, idl, "m::T");
        assertTrue(r.identical(), r.differences().toString());
        assertTrue(r.bIntoA().assignable());
        assertTrue(r.aIntoB().assignable());
        assertEquals("", r.bIntoA().reason());
        assertEquals("m::T", r.typeA());
    }

    @Test
    void appendableStructWithAMemberAppendedIsAssignableBothWays() throws Exception {
        ComparisonResult r = compare("@appendable struct T { long a; };",
                "@appendable struct T { long a; string note; };", "T");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(r));
        TypeDifference d = r.differences().get(0);
        assertEquals("note", d.path());
        assertEquals("At 'note': member 'note' (string) is in B only.", d.description());
        assertTrue(r.bIntoA().assignable(), r.bIntoA().reason());
        assertTrue(r.aIntoB().assignable(), r.aIntoB().reason());
    }

    @Test
    void finalStructWithAMemberAppendedIsNotAssignableEitherWay() throws Exception {
        ComparisonResult r = compare("@final struct T { long a; };", "@final struct T { long a; long b; };", "T");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(r));
        assertFalse(r.bIntoA().assignable());
        assertTrue(r.bIntoA().reason().contains("member 'b'") && r.bIntoA().reason().contains("@final"),
                r.bIntoA().reason());
        assertFalse(r.aIntoB().assignable());
        assertTrue(r.aIntoB().reason().contains("ends before member 'b'"), r.aIntoB().reason());
    }

    @Test
    void memberTypeChangeIsNamedAndPrimitivesDoNotWiden() throws Exception {
        ComparisonResult r = compare("@appendable struct T { long a; short b; };",
                "@appendable struct T { long a; long b; };", "T");
        assertEquals(List.of(Kind.TYPE_CHANGED), kinds(r));
        assertEquals("At 'b': the type is short in A, long in B.", r.differences().get(0).description());
        assertFalse(r.bIntoA().assignable());
        assertEquals("At 'b': the reader's type has short, the writer's long: XTypes converts no primitive type "
                + "into another.", r.bIntoA().reason());
    }

    @Test
    void extensibilityChangeIsNeverAssignable() throws Exception {
        ComparisonResult r = compare("@final struct T { long a; };", "@appendable struct T { long a; };", "T");
        assertEquals(List.of(Kind.EXTENSIBILITY_CHANGED), kinds(r));
        assertEquals("", r.differences().get(0).path());
        assertFalse(r.bIntoA().assignable());
        assertTrue(r.bIntoA().reason().contains("@final") && r.bIntoA().reason().contains("@appendable"),
                r.bIntoA().reason());
        assertFalse(r.aIntoB().assignable());
    }

    @Test
    void renamedMemberIsARenameAndBreaksAssignability() throws Exception {
        ComparisonResult r = compare("struct T { long a; double speed; };", "struct T { long a; double velocity; };",
                "T");
        assertEquals(List.of(Kind.MEMBER_RENAMED), kinds(r));
        assertEquals("speed", r.differences().get(0).path());
        assertTrue(r.differences().get(0).description().contains("is called 'velocity' in B"),
                r.differences().get(0).description());
        assertFalse(r.bIntoA().assignable());
        assertTrue(r.bIntoA().reason().contains("'speed'") && r.bIntoA().reason().contains("'velocity'"),
                r.bIntoA().reason());
    }

    @Test
    void mutableStructsMatchByIdWhateverTheOrderAndNeedTheirKeys() throws Exception {
        ComparisonResult reordered = compare("@mutable struct T { @id(1) long a; @id(2) string b; };",
                "@mutable struct T { @id(2) string b; @id(1) long a; @id(3) double extra; };", "T");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(reordered));
        assertTrue(reordered.bIntoA().assignable(), reordered.bIntoA().reason());
        assertTrue(reordered.aIntoB().assignable(), reordered.aIntoB().reason());

        ComparisonResult keyless = compare("@mutable struct T { @key @id(1) long id; @id(2) long v; };",
                "@mutable struct T { @id(2) long v; };", "T");
        assertEquals(List.of(Kind.MEMBER_REMOVED), kinds(keyless));
        assertTrue(keyless.differences().get(0).description().endsWith("It is a key member."));
        assertFalse(keyless.bIntoA().assignable());
        assertTrue(keyless.bIntoA().reason().contains("key member 'id'"), keyless.bIntoA().reason());
        assertFalse(keyless.aIntoB().assignable(), "a key member must appear in both types");
    }

    @Test
    void sequentialIdsShiftWhenAMemberIsRemovedFromAMutableStruct() throws Exception {
        ComparisonResult r = compare("@mutable struct T { @key long id; long v; };", "@mutable struct T { long v; };",
                "T");
        assertEquals(List.of(Kind.MEMBER_REMOVED, Kind.MEMBER_ID_CHANGED), kinds(r));
        assertEquals("At 'v': the member id is 1 in A, 0 in B.", r.differences().get(1).description());
        assertFalse(r.bIntoA().assignable());
        assertEquals("Member id 0 is 'id' in the reader's type but 'v' in the writer's: members with the same id must "
                + "have the same name.", r.bIntoA().reason());
    }

    @Test
    void optionalChangeInAnAppendableStructIsNotAssignable() throws Exception {
        ComparisonResult r = compare("@appendable struct T { long a; @optional long b; };",
                "@appendable struct T { long a; long b; };", "T");
        assertEquals(List.of(Kind.OPTIONAL_CHANGED), kinds(r));
        assertEquals("b", r.differences().get(0).path());
        assertFalse(r.bIntoA().assignable());
        assertTrue(r.bIntoA().reason().contains("@optional"), r.bIntoA().reason());
    }

    @Test
    void optionalMemberOnlyOnOneSideOfAMutableStructIsFine() throws Exception {
        ComparisonResult r = compare("@mutable struct T { @key long id; };",
                "@mutable struct T { @key long id; @optional string note; };", "T");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(r));
        assertTrue(r.bIntoA().assignable(), r.bIntoA().reason());
        assertTrue(r.aIntoB().assignable(), r.aIntoB().reason());
    }

    @Test
    void keyChangeIsReported() throws Exception {
        ComparisonResult r = compare("struct T { @key long id; long v; };", "struct T { long id; long v; };", "T");
        assertEquals(List.of(Kind.KEY_CHANGED), kinds(r));
        assertEquals("At 'id': the member is a key in A but not a key in B: instances are told apart differently.",
                r.differences().get(0).description());
    }

    @Test
    void boundsAreIgnoredExceptOnKeys() throws Exception {
        ComparisonResult plain = compare("@appendable struct T { long a; string<8> s; sequence<long, 4> q; };",
                "@appendable struct T { long a; string<16> s; sequence<long> q; };", "T");
        assertEquals(List.of(Kind.BOUND_CHANGED, Kind.BOUND_CHANGED), kinds(plain));
        assertEquals("At 'q': the sequence is bound 4 in A, unbounded in B.", plain.differences().get(1).description());
        assertTrue(plain.bIntoA().assignable(), plain.bIntoA().reason());
        assertTrue(plain.aIntoB().assignable(), plain.aIntoB().reason());

        ComparisonResult key = compare("@appendable struct T { @key string<8> name; };",
                "@appendable struct T { @key string<16> name; };", "T");
        assertFalse(key.bIntoA().assignable(), "a reader's key bound 8 cannot hold a writer's 16");
        assertTrue(key.bIntoA().reason().contains("key's bound"), key.bIntoA().reason());
        assertTrue(key.aIntoB().assignable(), key.aIntoB().reason());
    }

    @Test
    void enumLiteralsAddedBreakFinalEnumsOnly() throws Exception {
        ComparisonResult fin = compare("enum E { RED, GREEN }; @appendable struct T { long a; E e; };",
                "enum E { RED, GREEN, BLUE }; @appendable struct T { long a; E e; };", "T");
        assertEquals(List.of(Kind.ENUM_LITERALS_CHANGED), kinds(fin));
        assertEquals("e", fin.differences().get(0).path());
        assertEquals("At 'e': enum 'E': literal BLUE (2) is in B only.", fin.differences().get(0).description());
        assertFalse(fin.bIntoA().assignable());
        assertTrue(fin.bIntoA().reason().contains("@final enum 'E'"), fin.bIntoA().reason());

        ComparisonResult app = compare("@appendable enum E { RED, GREEN }; @appendable struct T { long a; E e; };",
                "@appendable enum E { RED, GREEN, BLUE }; @appendable struct T { long a; E e; };", "T");
        assertEquals(List.of(Kind.ENUM_LITERALS_CHANGED), kinds(app));
        assertTrue(app.bIntoA().assignable(), app.bIntoA().reason());

        ComparisonResult renumbered = compare("@appendable enum E { RED, GREEN }; @appendable struct T { E e; };",
                "@appendable enum E { GREEN, RED }; @appendable struct T { E e; };", "T");
        assertEquals(2, renumbered.of(Kind.ENUM_LITERALS_CHANGED).size());
        assertFalse(renumbered.bIntoA().assignable());
        assertTrue(renumbered.bIntoA().reason().contains("enum value 0 is RED"), renumbered.bIntoA().reason());
    }

    @Test
    void unionCasesChangedBreakFinalUnions() throws Exception {
        String a = "union U switch (long) { case 1: long i; case 2: double d; }; @appendable struct T { U u; };";
        String b = "union U switch (long) { case 1: long i; case 2: double d; case 3: string s; };"
                + " @appendable struct T { U u; };";
        ComparisonResult r = compare(a, b, "T");
        assertEquals(List.of(Kind.UNION_CASES_CHANGED), kinds(r));
        assertEquals("u.s", r.differences().get(0).path());
        assertEquals("At 'u.s': case 's' (3) is in B only.", r.differences().get(0).description());
        assertFalse(r.bIntoA().assignable());
        assertFalse(r.aIntoB().assignable());

        ComparisonResult relabeled = compare(
                "@appendable union U switch (long) { case 1: long i; case 2: double d; }; @appendable struct T { U u; };",
                "@appendable union U switch (long) { case 1: long i; case 2: case 4: double d; }; "
                        + "@appendable struct T { U u; };", "T");
        assertEquals(List.of(Kind.UNION_CASES_CHANGED), kinds(relabeled));
        assertEquals("At 'u.d': the case labels are 2 in A, 2, 4 in B.", relabeled.differences().get(0).description());
        assertTrue(relabeled.bIntoA().assignable(), relabeled.bIntoA().reason());

        ComparisonResult disc = compare("union U switch (long) { case 1: long i; }; struct T { U u; };",
                "union U switch (short) { case 1: long i; }; struct T { U u; };", "T");
        assertEquals(List.of(Kind.UNION_CASES_CHANGED), kinds(disc));
        assertFalse(disc.bIntoA().assignable());
        assertTrue(disc.bIntoA().reason().contains("discriminators differ"), disc.bIntoA().reason());
    }

    @Test
    void nestedFinalStructMustBeTheSameInsideAnAppendableOne() throws Exception {
        ComparisonResult r = compare("struct P { double x; double y; }; @appendable struct T { long id; P pos; };",
                "struct P { double x; double y; double z; }; @appendable struct T { long id; P pos; };", "T");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(r));
        assertEquals("pos.z", r.differences().get(0).path());
        assertFalse(r.bIntoA().assignable());
        assertEquals("At 'pos.z': the writer's type has member 'z' (id 2) that the reader's type lacks: @final types "
                + "must have the same members.", r.bIntoA().reason());
        assertFalse(r.aIntoB().assignable());

        ComparisonResult appendableNested = compare(
                "@appendable struct P { double x; double y; }; @appendable struct T { long id; sequence<P> pos; };",
                "@appendable struct P { double x; double y; double z; }; @appendable struct T { long id; sequence<P> pos; };",
                "T");
        assertEquals("pos[].z", appendableNested.differences().get(0).path());
        assertTrue(appendableNested.bIntoA().assignable(), appendableNested.bIntoA().reason());
    }

    @Test
    void typeNamesMayDifferAndTypedefsAreSeenThrough() throws Exception {
        TypeLibrary a = IdlParser.parseText("module v1 { typedef long Id; struct T { Id id; string s; }; };");
        TypeLibrary b = IdlParser.parseText("module v2 { struct T { long id; string s; }; };");
        ComparisonResult r = TypeComparison.compare(a, "v1::T", b, "v2::T", "writer 1", "writer 2");
        assertEquals(List.of(Kind.TYPE_NAME_CHANGED), kinds(r));
        assertEquals("The type is named 'v1::T' in writer 1, 'v2::T' in writer 2.", r.differences().get(0).description());
        assertTrue(r.bIntoA().assignable(), r.bIntoA().reason());
    }

    @Test
    void recursiveTypesEnd() throws Exception {
        String a = "@appendable struct Node { long v; sequence<Node> kids; };";
        String b = "@appendable struct Node { long v; sequence<Node> kids; string label; };";
        ComparisonResult r = compare(a, b, "Node");
        assertEquals(List.of(Kind.MEMBER_ADDED), kinds(r));
        assertTrue(r.bIntoA().assignable(), r.bIntoA().reason());
        assertTrue(compare(a, a, "Node").identical());
    }

    @Test
    void structAgainstUnionIsATypeChange() throws Exception {
        ComparisonResult r = compare("struct X { long a; }; struct T { X x; };",
                "union X switch (long) { case 1: long a; }; struct T { X x; };", "T");
        assertEquals(List.of(Kind.TYPE_CHANGED), kinds(r));
        assertEquals("At 'x': 'X' is a struct in A, 'X' is a union in B.", r.differences().get(0).description());
        assertFalse(r.bIntoA().assignable());
    }

    @Test
    void unknownTypeNameIsAClearError() throws Exception {
        TypeLibrary a = IdlParser.parseText("struct T { long a; };");
        UnknownTypeException e = assertThrows(UnknownTypeException.class,
                () -> TypeComparison.compare(a, "Nope", a, "T"));
        assertTrue(e.getMessage().contains("Nope"), e.getMessage());
    }
}
