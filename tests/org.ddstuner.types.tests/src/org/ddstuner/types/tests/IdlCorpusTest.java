package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.AliasType;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.idl.IdlResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The valid IDL corpus parses, and printing then re-parsing gives an equal library. */
class IdlCorpusTest {

    static Stream<Path> validFiles() {
        return TestResources.idlFiles("idl/valid").stream();
    }

    static Stream<Path> rosidlFiles() throws java.io.IOException {
        return java.nio.file.Files.walk(TestResources.path("ros/share")).filter(p -> p.toString().endsWith(".idl"))
                .sorted();
    }

    private static IdlResult parse(String name) throws IdlParseException {
        return new IdlParser(List.of(TestResources.path("idl/valid/include"))).parse(TestResources.path("idl/valid/" + name));
    }

    @ParameterizedTest
    @MethodSource("validFiles")
    void parsesAndRoundTrips(Path file) throws Exception {
        IdlResult r = new IdlParser(List.of(TestResources.path("idl/valid/include"))).parse(file);
        assertFalse(r.library().types().isEmpty(), "no types in " + file);
        assertTrue(r.library().validate().isEmpty());
        String printed = IdlPrinter.print(r.library());
        TypeLibrary again = IdlParser.parseText(printed);
        assertEquals(r.library(), again, "round trip of " + file + " through:\n" + printed);
    }

    @ParameterizedTest
    @MethodSource("rosidlFiles")
    void rosidlGeneratedIdlParsesAndRoundTrips(Path file) throws Exception {
        IdlResult r = new IdlParser(List.of(TestResources.path("ros/share"))).parse(file);
        assertEquals(r.library(), IdlParser.parseText(IdlPrinter.print(r.library())));
    }

    @Test
    void helloWorldKey() throws Exception {
        StructType msg = parse("HelloWorldData.idl").library().struct("HelloWorldData::Msg");
        assertEquals(List.of("userID", "message"), msg.members().stream().map(Member::name).toList());
        assertTrue(msg.member("userID").orElseThrow().key());
        assertEquals(PrimitiveType.INT32, msg.member("userID").orElseThrow().type());
        assertEquals(StringType.STRING, msg.member("message").orElseThrow().type());
        assertEquals(Extensibility.FINAL, msg.extensibility());
    }

    @Test
    void pragmaKeylistIncludesAndGuards() throws Exception {
        TypeLibrary lib = parse("opensplice_keylist.idl").library();
        StructType chat = lib.struct("Chat::ChatMessage");
        assertEquals(List.of(true, true, false), chat.members().stream().map(Member::key).toList());
        StructType ns = lib.struct("Chat::NameService");
        assertEquals(new TypeRef("Chat::nameType"), ns.member("name").orElseThrow().type());
        assertEquals(new StringType(false, 32), lib.unalias(ns.member("name").orElseThrow().type()));
        assertEquals(new TypeRef("common::Position"), ns.member("where").orElseThrow().type());
        assertEquals(1, lib.types().stream().filter(t -> t.name().equals("common::Position")).count());
    }

    @Test
    void richConstantsAndTypes() throws Exception {
        TypeLibrary lib = parse("rich.idl").library();
        assertEquals(BigInteger.valueOf(10), lib.constant("rich::N").orElseThrow().value());
        assertEquals(BigInteger.valueOf((1L << 20) | (0x0F & 0xFF ^ 3)), lib.constant("rich::BIG").orElseThrow().value());
        assertEquals(BigInteger.valueOf(0777), lib.constant("rich::US").orElseThrow().value());
        assertEquals("hello, world\n", lib.constant("rich::GREETING").orElseThrow().value());
        assertEquals('A', lib.constant("rich::LETTER").orElseThrow().value());
        assertEquals(true, lib.constant("rich::YES").orElseThrow().value());
        assertEquals(new Enumerator("GREEN", 1), lib.constant("rich::FAVOURITE").orElseThrow().value());

        EnumType small = (EnumType) lib.get("rich::Small");
        assertEquals(16, small.bitBound());
        assertEquals(List.of(1, 5, 6), small.enumerators().stream().map(Enumerator::value).toList());
        BitmaskType perms = (BitmaskType) lib.get("rich::Permissions");
        assertEquals(8, perms.bitBound());
        assertEquals(7, perms.flags().get(2).position());

        AliasType matrix = (AliasType) lib.get("rich::Matrix");
        assertEquals(new ArrayType(PrimitiveType.INT32, 3, 3), matrix.target());
        assertEquals(new SequenceType(PrimitiveType.OCTET, 16), lib.unalias(new TypeRef("rich::Blob2")));

        StructType every = lib.struct("rich::Everything");
        assertEquals(new StringType(false, 10), every.member("bounded").orElseThrow().type());
        assertEquals(new ArrayType(PrimitiveType.INT32, 2, 10), every.member("grid").orElseThrow().type());
        assertEquals(new SequenceType(new SequenceType(new TypeRef("rich::inner::Point"), 0), 0),
                every.member("nested").orElseThrow().type());
        Member annotated = every.member("annotated").orElseThrow();
        assertEquals(BigInteger.valueOf(7), annotated.declaredDefault().orElseThrow());
        assertEquals(new Annotation("unit", java.util.Map.of("value", "m")), annotated.annotation("unit").orElseThrow());

        StructType derived = lib.struct("rich::Derived");
        assertEquals("rich::Base", derived.base());
        assertEquals(Extensibility.MUTABLE, derived.extensibility());
        assertEquals(1, derived.member("note").orElseThrow().id(), "numbering continues after the base's members");
        assertTrue(derived.member("note").orElseThrow().optional());
        assertEquals(100, derived.member("counter").orElseThrow().id());
        assertEquals(MemberIds.hashId("hashed"), derived.member("hashed").orElseThrow().id());
        assertEquals(MemberIds.hashId("other"), derived.member("renamed").orElseThrow().id());
        assertEquals(List.of("base_id", "note", "counter", "hashed", "renamed"),
                lib.allMembers(derived).stream().map(Member::name).toList());

        StructType hashed = lib.struct("rich::Hashed");
        assertEquals(AutoId.HASH, hashed.autoId());
        assertEquals(MemberIds.hashId("b"), hashed.member("b").orElseThrow().id());

        UnionType value = (UnionType) lib.get("rich::Value");
        assertEquals(List.of(0L, 1L), value.cases().get(0).labels());
        assertEquals("other", value.caseFor(3).orElseThrow().member().name());
        UnionType byInt = (UnionType) lib.get("rich::ByInt");
        assertEquals(List.of(1L, 10L), byInt.cases().get(0).labels());
        assertEquals(List.of(-1L), byInt.cases().get(1).labels());
        assertEquals(List.of((long) 'a'), ((UnionType) lib.get("rich::ByChar")).cases().get(0).labels());
        assertEquals(List.of(1L), ((UnionType) lib.get("rich::ByBool")).cases().get(0).labels());
        assertTrue(lib.struct("rich::inner::Hidden").nested());
        assertTrue(lib.struct("rich::Base").topic());
    }

    @Test
    void recursiveTypesThroughForwardDeclarations() throws Exception {
        TypeLibrary lib = parse("recursive.idl").library();
        StructType node = lib.struct("tree::Node");
        assertEquals(new SequenceType(new TypeRef("tree::Node"), 0), node.member("children").orElseThrow().type());
        assertEquals(new SequenceType(new TypeRef("tree::Payload"), 2), node.member("payload").orElseThrow().type());
        assertInstanceOf(UnionType.class, lib.get("tree::Payload"));
        String printed = IdlPrinter.print(lib);
        assertTrue(printed.contains("struct Node;"), printed);
    }

    @Test
    void ros2GeneratedHeader() throws Exception {
        TypeLibrary lib = parse("ros2_std_msgs_Header.idl").library();
        StructType header = lib.struct("std_msgs::msg::Header");
        assertEquals(new TypeRef("builtin_interfaces::msg::Time"), header.member("stamp").orElseThrow().type());
        assertEquals(PrimitiveType.UINT32, lib.struct("builtin_interfaces::msg::Time").member("nanosec").orElseThrow().type());
        Annotation verbatim = header.annotation("verbatim").orElseThrow();
        assertEquals("comment", verbatim.parameters().get("language"));
        assertTrue(((String) verbatim.parameters().get("text")).startsWith("Standard metadata"));
    }

    @Test
    void unknownAnnotationsAreKeptWithWarnings() throws Exception {
        IdlResult r = parse("unknown_annotations.idl");
        StructType tagged = r.library().struct("annotated::Tagged");
        Annotation vendor = tagged.annotation("vendor_specific").orElseThrow();
        assertEquals(BigInteger.valueOf(3), vendor.parameters().get("level"));
        assertEquals("x", vendor.parameters().get("name"));
        assertEquals(3, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(1).toString().contains("unknown_annotations.idl:4:3: unknown annotation '@vendor_specific'"),
                r.warnings().toString());
    }

    @Test
    void wideTypesAndNestedTemplates() throws Exception {
        TypeLibrary lib = parse("xtypes_extras.idl").library();
        StructType wide = lib.struct("extras::Wide");
        assertEquals(PrimitiveType.CHAR16, wide.member("wc").orElseThrow().type());
        assertEquals(new StringType(true, 8), wide.member("bws").orElseThrow().type());
        assertEquals(PrimitiveType.FLOAT128, wide.member("ld").orElseThrow().type());
        assertEquals(new SequenceType(new SequenceType(PrimitiveType.INT32, 3), 0),
                wide.member("nested_bounded").orElseThrow().type());
        assertEquals("wide", lib.constant("extras::WIDE_TEXT").orElseThrow().value());
        assertEquals(BigInteger.ONE.shiftLeft(40), lib.constant("extras::SHIFTED").orElseThrow().value());
    }

    @Test
    void macrosModulesReopenedAndScopedLookup() throws Exception {
        TypeLibrary lib = IdlParser.parseText("""
                #define LEN 3
                module a { struct T { long x; }; };
                module b { struct T { short y; }; };
                module a { module c { struct U { T t; ::b::T bt; long arr[LEN]; }; }; };
                """);
        StructType u = lib.struct("a::c::U");
        assertEquals(new TypeRef("a::T"), u.member("t").orElseThrow().type());
        assertEquals(new TypeRef("b::T"), u.member("bt").orElseThrow().type());
        assertEquals(new ArrayType(PrimitiveType.INT32, 3), u.member("arr").orElseThrow().type());
        assertEquals(lib, IdlParser.parseText(IdlPrinter.print(lib)));
    }
}
