package org.ddstuner.types.tests.xtypes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.ddstuner.types.NamedType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeKinds;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObject;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.TypeObjectWriteException;
import org.ddstuner.types.xtypes.TypeObjectWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link TypeObjectWriter} against its oracle: for every IDL file of {@code resources/typeobject} (and the
 * reader's {@code resources/xtypes/corpus.idl}) idlc 0.10.2 generates C, gcc compiles it with a main that
 * prints each topic descriptor's type_information and type_mapping, and our writer must produce the same
 * bytes for the type our IDL parser reads from the same file. The bytes also go back through
 * {@link TypeObjectConverter#learn} and must give the parsed type (less what type objects cannot carry,
 * {@link AsTypeObjectsCarryIt}).
 */
class TypeObjectWriterTest {

    private static final HexFormat HEX = HexFormat.of();

    static List<Path> corpus() throws IOException {
        try (Stream<Path> files = Files.list(typeObjectDir())) {
            List<Path> idl = files.filter(p -> p.toString().endsWith(".idl")).sorted().toList();
            return Stream.concat(idl.stream(), Stream.of(XTypesResources.path("corpus.idl"))).toList();
        }
    }

    static Path typeObjectDir() {
        return XTypesResources.path("corpus.idl").getParent().resolveSibling("typeobject");
    }

    static TypeLibrary parse(Path idl) {
        try {
            return new IdlParser(List.of(idl.getParent())).parse(idl).library();
        } catch (IdlParseException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @TestFactory
    Stream<DynamicContainer> byteExactWithIdlcAndLibddsc() throws IOException {
        String missing = IdlcDescriptorOracle.unavailableReason();
        Assumptions.assumeTrue(missing == null, () -> "oracle unavailable: " + missing);
        return corpus().stream().map(idl -> DynamicContainer.dynamicContainer(idl.getFileName().toString(),
                oracleTests(idl)));
    }

    private static Stream<DynamicTest> oracleTests(Path idl) {
        List<IdlcDescriptorOracle.Descriptor> descriptors;
        try {
            descriptors = IdlcDescriptorOracle.descriptors(idl, List.of());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError("idlc/cc failed for " + idl + ": " + e.getMessage(), e);
        }
        TypeLibrary parsed = parse(idl);
        DynamicTest coverage = DynamicTest.dynamicTest("one descriptor per topic type", () -> assertEquals(
                topicTypes(parsed), new TreeSet<>(descriptors.stream().map(IdlcDescriptorOracle.Descriptor::typeName)
                        .toList())));
        return Stream.concat(Stream.of(coverage), descriptors.stream().map(d -> DynamicTest.dynamicTest(d.typeName(),
                () -> assertSameAsIdlc(parsed, d))));
    }

    /** What idlc 0.10.2 makes a topic descriptor for: every struct and union, except @nested and empty ones. */
    private static Set<String> topicTypes(TypeLibrary parsed) {
        Set<String> names = new TreeSet<>();
        for (NamedType t : parsed.types()) {
            boolean nested = t.annotation("nested").isPresent();
            boolean topic = t instanceof StructType s && !parsed.allMembers(s).isEmpty() || t instanceof UnionType;
            if (topic && !nested) {
                names.add(t.name());
            }
        }
        return names;
    }

    static void assertSameAsIdlc(TypeLibrary parsed, IdlcDescriptorOracle.Descriptor d) {
        GeneratedTypeInfo g = TypeObjectWriter.generate(parsed, d.typeName());
        // hex strings so that a failure shows where the bytes part
        assertEquals(HEX.formatHex(d.typeInformation()), HEX.formatHex(g.typeInformation()),
                d.typeName() + " TypeInformation");
        assertEquals(HEX.formatHex(d.typeMapping()), HEX.formatHex(g.typeMapping()), d.typeName() + " TypeMapping");
        TypeInformation info = TypeObjectReader.readTypeInformation(d.typeInformation());
        assertEquals(info.minimalTypeId(), g.minimal(), d.typeName());
        assertEquals(info.completeTypeId(), g.complete(), d.typeName());
        assertRoundTrip(parsed, d.typeName(), g);
    }

    /** learn(our bytes) gives back every type the topic type uses, as type objects can carry it. */
    static void assertRoundTrip(TypeLibrary parsed, String typeName, GeneratedTypeInfo g) {
        LearnedType learned = TypeObjectConverter.learn(g.typeInformation(), g.typeMapping());
        assertEquals(typeName, learned.typeName());
        assertEquals(List.of(), learned.library().validate(), typeName);
        for (NamedType t : learned.library().types()) {
            assertEquals(AsTypeObjectsCarryIt.expected(parsed, t.name()), t, typeName + " uses " + t.name());
        }
    }

    // ---- without idlc: the reader's committed idlc bytes, structure, errors ----

    @Test
    void matchesTheCommittedIdlcBytesOfTheReaderCorpus() {
        TypeLibrary parsed = XTypesResources.parseIdl("corpus.idl");
        List<IdlcTypeObjects.Entry> committed = IdlcTypeObjects.committed();
        assertEquals(23, committed.size());
        for (IdlcTypeObjects.Entry e : committed) {
            GeneratedTypeInfo g = TypeObjectWriter.generate(parsed, e.typeName());
            assertArrayEquals(e.typeInformation(), g.typeInformation(), e.typeName());
            assertArrayEquals(e.typeMapping(), g.typeMapping(), e.typeName());
            assertRoundTrip(parsed, e.typeName(), g);
        }
    }

    @Test
    void typeInformationListsEveryDependencyOnceWithItsSize() {
        TypeLibrary lib = parse(typeObjectDir().resolve("ros2.idl"));
        GeneratedTypeInfo g = TypeObjectWriter.generate(lib, "sensor_msgs::msg::Imu");
        TypeInformation info = TypeObjectReader.readTypeInformation(g.typeInformation());
        TypeMapping map = TypeObjectReader.readTypeMapping(g.typeMapping());
        // Imu -> Header -> Time, Quaternion, double__9, Vector3: depth first, in declaration order
        List<String> names = map.complete().stream().map(p -> switch (p.object()) {
            case TypeObject.StructObject s -> s.detail().name();
            case TypeObject.AliasObject a -> a.detail().name();
            default -> p.object().toString();
        }).toList();
        assertEquals(List.of("sensor_msgs::msg::Imu", "std_msgs::msg::Header", "builtin_interfaces::msg::Time",
                "geometry_msgs::msg::Quaternion", "sensor_msgs::msg::double__9", "geometry_msgs::msg::Vector3"), names);
        assertEquals(5, info.complete().dependentTypeIdCount());
        assertEquals(5, info.minimal().dependentTypeIds().size());
        assertEquals(g.complete(), info.completeTypeId());
        assertEquals(TypeKinds.EK_MINIMAL, ((TypeIdentifier.Hashed) g.minimal()).equivalenceKind());
        assertEquals(28, ((TypeIdentifier.Hashed) g.complete()).hash().length(), "14-byte hash");
        for (TypeInformation.WithSize w : info.complete().dependentTypeIds()) {
            assertTrue(w.serializedSize() > 8, w.toString());
            assertTrue(map.completeObjects().containsKey(w.typeId()));
        }
        // double__9 is an alias of a plain array of a fully descriptive element: EK_BOTH header
        var alias = (TypeObject.AliasObject) map.completeObjects()
                .get(info.complete().dependentTypeIds().get(3).typeId());
        var array = assertInstanceOf(TypeIdentifier.PlainArray.class, alias.related());
        assertEquals(TypeKinds.EK_BOTH, array.equivalenceKind());
        assertEquals(List.of(9L), array.dimensions());
    }

    @Test
    void sameTypeSameBytesAndDifferentTypesDifferentHashes() {
        TypeLibrary lib = parse(typeObjectDir().resolve("structs.idl"));
        GeneratedTypeInfo a = TypeObjectWriter.generate(lib, "S::Plain");
        assertEquals(a, TypeObjectWriter.generate(lib, "S::Plain"));
        GeneratedTypeInfo b = TypeObjectWriter.generate(lib, "S::Fin");
        assertFalse(a.complete().equals(b.complete()));
        assertFalse(a.minimal().equals(b.minimal()));
    }

    @Test
    void recursiveTypesAreRefusedWithTheCycle() throws IdlParseException {
        TypeLibrary lib = IdlParser.parseText(
                "module M { struct Node; struct Node { long v; sequence<Node> kids; }; };");
        TypeObjectWriteException e = assertThrows(TypeObjectWriteException.class,
                () -> TypeObjectWriter.generate(lib, "M::Node"));
        assertTrue(e.getMessage().contains("M::Node -> M::Node"), e.getMessage());
    }

    @Test
    void onlyStructsAndUnionsAreTopicTypes() throws IdlParseException {
        TypeLibrary lib = IdlParser.parseText("enum E { A }; typedef long L; struct S { E e; };");
        assertThrows(TypeObjectWriteException.class, () -> TypeObjectWriter.generate(lib, "E"));
        assertThrows(TypeObjectWriteException.class, () -> TypeObjectWriter.generate(lib, "L"));
        assertThrows(UnknownTypeException.class, () -> TypeObjectWriter.generate(lib, "Missing"));
        assertEquals("S", TypeObjectConverter.learn(TypeObjectWriter.generate(lib, "S").typeInformation(),
                TypeObjectWriter.generate(lib, "S").typeMapping()).typeName());
    }

    @Test
    void namesTooLongForATypeObjectAreRefused() throws IdlParseException {
        String longName = "m".repeat(300);
        TypeLibrary lib = IdlParser.parseText("struct S { long " + longName + "; };");
        TypeObjectWriteException e = assertThrows(TypeObjectWriteException.class,
                () -> TypeObjectWriter.generate(lib, "S"));
        assertTrue(e.getMessage().contains("255"), e.getMessage());
    }

    @Test
    void caseLabelsBeyond32BitsAreRefused() throws IdlParseException {
        TypeLibrary lib = IdlParser.parseText("union U switch (long long) { case 5000000000: long a; };");
        TypeObjectWriteException e = assertThrows(TypeObjectWriteException.class,
                () -> TypeObjectWriter.generate(lib, "U"));
        assertTrue(e.getMessage().contains("U.a"), e.getMessage());
    }
}
