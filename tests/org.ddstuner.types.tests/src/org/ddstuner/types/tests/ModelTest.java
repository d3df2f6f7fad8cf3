package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.DefaultValues;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.FieldPath;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Test;

/** Library lookups and the helpers editors and tables use. */
class ModelTest {
    private static final String IDL = """
            module geo {
              struct Point { double x; double y; double z; };
              struct Id { @key long site; @key long local; string label; };
              enum Mode { @value(3) IDLE, @default_literal RUN };
              union Choice switch (short) { case 1: long a; default: string b; };
              struct Pose {
                @key Id id;
                Point position;
                Point corners[2];
                long grid[2][2];
                sequence<double> ranges;
                double big[100];
                @optional string note;
                @default(5) short level;
                Mode mode;
                Choice choice;
                unsigned long long counter;
              };
              struct Wrapper { @key Point p; long n; };
            };
            """;

    @Test
    void flattenForTableColumns() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        List<String> paths = FieldPaths.flatten(lib, lib.struct("geo::Pose")).stream().map(FieldPath::path).toList();
        assertEquals(List.of("id.site", "id.local", "id.label", "position.x", "position.y", "position.z",
                "corners[0].x", "corners[0].y", "corners[0].z", "corners[1].x", "corners[1].y", "corners[1].z",
                "grid[0][0]", "grid[0][1]", "grid[1][0]", "grid[1][1]", "ranges", "big", "note", "level", "mode",
                "choice", "counter"), paths);
    }

    @Test
    void keysFollowNestedKeys() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        assertEquals(List.of("id.site", "id.local"),
                FieldPaths.keys(lib, lib.struct("geo::Pose")).stream().map(FieldPath::path).toList());
        assertEquals(List.of("p.x", "p.y", "p.z"),
                FieldPaths.keys(lib, lib.struct("geo::Wrapper")).stream().map(FieldPath::path).toList());
        assertEquals(List.of("id"), FieldPaths.keyMembers(lib, lib.struct("geo::Pose")).stream().map(m -> m.name()).toList());
    }

    @Test
    @SuppressWarnings("unchecked")
    void defaultValuesForEditors() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        Map<String, Object> v = (Map<String, Object>) DefaultValues.of(lib, lib.struct("geo::Pose"));
        assertEquals(Map.of("site", 0, "local", 0, "label", ""), v.get("id"));
        assertEquals(List.of(List.of(0, 0), List.of(0, 0)), v.get("grid"));
        assertEquals(List.of(), v.get("ranges"));
        assertNull(v.get("note"));
        assertTrue(v.containsKey("note"));
        assertEquals((short) 5, v.get("level"));
        assertEquals(new Enumerator("RUN", 4), v.get("mode"));
        assertEquals(new UnionValue(0, "b", ""), v.get("choice"));
        assertEquals(BigInteger.ZERO, v.get("counter"));
        assertEquals(0.0, FieldPaths.get(v, "corners[1].z"));
        assertEquals(0, FieldPaths.get(v, "grid[1][0]"));
        assertEquals("", FieldPaths.get(v, "choice.b"));
        assertNull(FieldPaths.get(v, "choice.a"));
        assertNull(FieldPaths.get(v, "ranges[3]"));
        assertEquals((short) 0, DefaultValues.zero(PrimitiveType.OCTET));
    }

    @Test
    void lookupAndResolution() throws Exception {
        TypeLibrary lib = IdlParser.parseText(IDL);
        assertEquals("geo::Point", lib.lookup("Point", "geo").orElseThrow().name());
        assertEquals("geo::Point", lib.lookup("::geo::Point", "elsewhere").orElseThrow().name());
        assertTrue(lib.lookup("Point", "").isEmpty());
        assertThrows(UnknownTypeException.class, () -> lib.get("geo::Nope"));
        assertThrows(UnknownTypeException.class, () -> lib.struct("geo::Mode"));
        assertEquals(2, ((EnumType) lib.get("geo::Mode")).enumerators().size());
        TypeLibrary merged = lib.merge(TypeLibrary.of(StructType.of("x::Y", List.of())));
        assertTrue(merged.find("x::Y").isPresent());
        assertTrue(merged.find("geo::Pose").isPresent());
    }

    @Test
    void hashIdIsMd5LittleEndianMasked() {
        // MD5("color") = 70dda5df…: bytes 70 dd a5 df, little endian 0xdfa5dd70, masked to 28 bits
        assertEquals(0x0fa5dd70L, MemberIds.hashId("color"));
    }

    @Test
    void closureOfATypeHoldsWhatItUsesAndTheConstantsOfItsScopes() throws Exception {
        TypeLibrary lib = IdlParser.parseText("""
                module other { struct Unrelated { long x; }; const long OTHER_MAX = 3; };
                module base { struct Stamp { long sec; }; typedef sequence<Stamp, 4> Stamps; enum Level { LOW, HIGH }; };
                module app {
                  const short MAX_NAME = 16;
                  struct Parent { base::Level level; };
                  union Choice switch (base::Level) { case base::LOW: base::Stamp at; case base::HIGH: string<MAX_NAME> name; };
                  struct Log : Parent { base::Stamps stamps; Choice choice[2]; };
                  struct NotUsed { long y; };
                };
                """);
        TypeLibrary closure = lib.closureOf("::app::Log");
        assertEquals(List.of("base::Stamp", "base::Stamps", "base::Level", "app::Parent", "app::Choice", "app::Log"),
                closure.types().stream().map(t -> t.name()).toList(), "declaration order, nothing unrelated");
        assertEquals(List.of("app::MAX_NAME"), closure.constants().stream().map(c -> c.name()).toList());
        assertTrue(closure.validate().isEmpty(), closure.validate().toString());
        assertTrue(lib.closureOf("app::Missing").types().isEmpty());
    }
}
