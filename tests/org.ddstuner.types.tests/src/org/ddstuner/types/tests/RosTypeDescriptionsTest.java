package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.ros.RosMsgException;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.ros.RosNames;
import org.ddstuner.types.ros.RosTypeDescriptions;
import org.ddstuner.types.ros.RosTypeDescriptions.Description;
import org.ddstuner.types.ros.RosTypeDescriptions.Field;
import org.ddstuner.types.ros.RosTypeDescriptions.Individual;
import org.junit.jupiter.api.Test;

/**
 * ROS 2 type descriptions (REP 2011, what a node's ~/get_type_description service sends) become the same DDS structs
 * as the equivalent {@code .msg} files; the bundled GetTypeDescription service types; {@code .srv} parsing.
 */
class RosTypeDescriptionsTest {

    private static final String EVERYTHING = """
            int8 a
            uint8 b
            int16 c
            uint16 d
            int32 e
            uint32 f
            int64 g
            uint64 h
            float32 i
            float64 j
            bool k
            byte l
            string m
            wstring n
            string<=5 o
            wstring<=6 p
            my_msgs/Inner inner
            my_msgs/Inner[3] fixed
            my_msgs/Inner[<=4] bounded
            my_msgs/Inner[] unbounded
            float64[9] covariance
            uint8[] bytes
            string<=10[<=3] names
            """;

    /** The description rosidl makes of EVERYTHING: FieldType ids, capacity, string_capacity, nested type name. */
    private static Description everything() {
        Object[][] fields = {
            {"a", 2}, {"b", 3}, {"c", 4}, {"d", 5}, {"e", 6}, {"f", 7}, {"g", 8}, {"h", 9}, {"i", 10}, {"j", 11},
            {"k", 15}, {"l", 16}, {"m", 17}, {"n", 18}, {"o", 21, 0, 5}, {"p", 22, 0, 6},
            {"inner", 1, 0, 0, "my_msgs/msg/Inner"}, {"fixed", 49, 3, 0, "my_msgs/msg/Inner"},
            {"bounded", 97, 4, 0, "my_msgs/msg/Inner"}, {"unbounded", 145, 0, 0, "my_msgs/msg/Inner"},
            {"covariance", 59, 9}, {"bytes", 147}, {"names", 117, 3, 10},
        };
        List<Field> out = new ArrayList<>();
        for (Object[] f : fields) {
            out.add(new Field((String) f[0], (Integer) f[1], f.length > 2 ? (Integer) f[2] : 0,
                    f.length > 3 ? (Integer) f[3] : 0, f.length > 4 ? (String) f[4] : ""));
        }
        Individual inner = new Individual("my_msgs/msg/Inner", List.of(new Field("x", 11, 0, 0, "")));
        Individual unused = new Individual("my_msgs/msg/Unused", List.of(new Field("y", 6, 0, 0, "")));
        return new Description(new Individual("my_msgs/msg/Everything", out), List.of(unused, inner));
    }

    @Test
    void aDescriptionGivesTheStructsOfTheEquivalentMsgFiles() throws Exception {
        TypeLibrary fromDescription = RosTypeDescriptions.toLibrary(everything());
        TypeLibrary fromMsg = RosMsgLibrary.of(Map.of("my_msgs/Everything", EVERYTHING, "my_msgs/Inner", "float64 x\n"))
                .load("my_msgs/msg/Everything");
        for (String name : List.of("Everything", "Inner")) {
            String dds = RosNames.ddsTypeName("my_msgs", name);
            assertEquals(fromMsg.struct(dds), fromDescription.struct(dds), dds);
        }
        assertEquals(2, fromDescription.types().size(), "only the types the main one uses: " + fromDescription);
        StructType s = fromDescription.struct("my_msgs::msg::dds_::Everything_");
        assertEquals(new StringType(false, 5), s.member("o").orElseThrow().type());
        assertEquals(PrimitiveType.OCTET, s.member("l").orElseThrow().type());
        assertEquals(fromDescription, IdlParser.parseText(IdlPrinter.print(fromDescription)));
    }

    /** Hashes as rosidl writes them in share/<pkg>/msg/<Name>.json of the Kilted wheels (and the nodes announce). */
    @Test
    void typeHashesEqualRosidls() throws Exception {
        for (String[] known : new String[][] {
            {"type_description_interfaces/msg/KeyValue", "string key\nstring value\n",
                "RIHS01_274fe56bf14f33c7512e34c646a37579ee36779f745f049a9760763e817f0c42"},
            {"std_msgs/msg/Empty", null, "RIHS01_20b625256f32d5dbc0d04fee44f43c41e51c70d3502f84b4a08e7a9c26a96312"},
            {"rcl_interfaces/msg/Log", null, "RIHS01_e28ce254ca8abc06abf92773b74602cdbf116ed34fbaf294fb9f81da9f318eac"},
            {"builtin_interfaces/msg/Time", null,
                "RIHS01_b106235e25a4c5ed35098aa0a61a3ee9c9b18d197f398b0e4206cea9acf9c197"},
        }) {
            String[] p = known[0].split("/");
            RosMsgLibrary ros = known[1] == null ? RosMsgLibrary.builtin()
                    : RosMsgLibrary.of(Map.of(p[0] + "/" + p[2], known[1]));
            TypeLibrary lib = ros.load(known[0]);
            String dds = RosNames.ddsTypeName(p[0], p[2]);
            Description d = RosTypeDescriptions.fromLibrary(lib, dds);
            assertEquals(known[2], RosTypeDescriptions.hash(d), known[0]);
            // and back: the description gives the same structs
            TypeLibrary back = RosTypeDescriptions.toLibrary(d);
            assertEquals(lib.struct(dds), back.struct(dds), known[0]);
        }
        // every bundled message can be described, and the description's types are the message's
        for (String n : RosMsgLibrary.BUILTIN) {
            String[] p = n.split("/");
            TypeLibrary lib = RosMsgLibrary.builtin().load(n);
            String dds = RosNames.ddsTypeName(p[0], p[1]);
            TypeLibrary back = RosTypeDescriptions.toLibrary(RosTypeDescriptions.fromLibrary(lib, dds));
            for (var t : back.types()) {
                assertEquals(withoutDefaults(lib.struct(t.name())), back.struct(t.name()), n + ": " + t.name());
            }
        }
    }

    /** Type descriptions carry default values as text only; toLibrary leaves them out. */
    private static StructType withoutDefaults(StructType s) {
        return s.withMembers(s.members().stream().map(m -> m.withAnnotations(List.of())).toList());
    }

    @Test
    void anEmptyMessageGetsRosidlsPlaceholderMember() throws Exception {
        TypeLibrary lib = RosTypeDescriptions.toLibrary(new Description(new Individual("std_msgs/msg/Empty", List.of()),
                List.of()));
        assertEquals(List.of("structure_needs_at_least_one_member"), lib.struct("std_msgs::msg::dds_::Empty_")
                .members().stream().map(Member::name).toList());
        assertEquals(RosMsgLibrary.builtin().load("std_msgs/msg/Empty").struct("std_msgs::msg::dds_::Empty_"),
                lib.struct("std_msgs::msg::dds_::Empty_"));
    }

    @Test
    void badDescriptionsGiveClearErrors() {
        Individual odd = new Individual("my_msgs/msg/Odd", List.of(new Field("z", 200, 0, 0, "")));
        assertEquals("my_msgs/msg/Odd.z: unknown field type id 200", assertThrows(RosMsgException.class,
                () -> RosTypeDescriptions.toLibrary(new Description(odd, List.of()))).getMessage());
        Individual missing = new Individual("my_msgs/msg/Outer", List.of(new Field("in", 1, 0, 0, "my_msgs/msg/In")));
        assertEquals("my_msgs/msg/Outer.in: its type my_msgs/msg/In is not in the description",
                assertThrows(RosMsgException.class, () -> RosTypeDescriptions.toLibrary(new Description(missing,
                        List.of()))).getMessage());
        Individual loop = new Individual("my_msgs/msg/Loop", List.of(new Field("me", 1, 0, 0, "my_msgs/msg/Loop")));
        assertEquals("my_msgs/msg/Loop contains itself", assertThrows(RosMsgException.class,
                () -> RosTypeDescriptions.toLibrary(new Description(loop, List.of()))).getMessage());
        Individual bounded = new Individual("my_msgs/msg/B", List.of(new Field("s", 21, 0, 0, "")));
        assertEquals("my_msgs/msg/B.s: string_capacity 0 is not a positive size", assertThrows(RosMsgException.class,
                () -> RosTypeDescriptions.toLibrary(new Description(bounded, List.of()))).getMessage());
        assertTrue(assertThrows(RosMsgException.class, () -> RosTypeDescriptions.toLibrary(new Description(
                new Individual("Bad Name", List.of()), List.of()))).getMessage().contains("'Bad Name' is not a ROS 2"));
        assertEquals("type_description: expected a struct, got 42", assertThrows(RosMsgException.class,
                () -> RosTypeDescriptions.fromValue(42)).getMessage());
    }

    @Test
    void aDecodedTypeDescriptionValueIsRead() throws Exception {
        Map<String, Object> type = new LinkedHashMap<>();
        type.put("type_id", (short) 145);
        type.put("capacity", java.math.BigInteger.ZERO);
        type.put("string_capacity", java.math.BigInteger.ZERO);
        type.put("nested_type_name", "my_msgs/msg/Inner");
        Map<String, Object> field = Map.of("name", "items", "type", type, "default_value", "");
        Map<String, Object> outer = Map.of("type_name", "my_msgs/msg/Outer", "fields", List.of(field));
        Map<String, Object> inner = Map.of("type_name", "my_msgs/msg/Inner", "fields", List.of());
        Description d = RosTypeDescriptions.fromValue(Map.of("type_description", outer,
                "referenced_type_descriptions", List.of(inner)));
        assertEquals(new Field("items", 145, 0, 0, "my_msgs/msg/Inner"), d.main().fields().get(0));
        assertEquals("my_msgs/msg/Inner", d.referenced().get(0).typeName());
    }

    @Test
    void theBundledServiceTypesAreGetTypeDescriptionsRequestAndResponse() throws Exception {
        TypeLibrary svc = RosTypeDescriptions.serviceTypes();
        assertEquals("type_description_interfaces::srv::dds_::GetTypeDescription_Request_", RosTypeDescriptions.REQUEST);
        assertEquals(List.of("type_name", "type_hash", "include_type_sources"), svc.struct(RosTypeDescriptions.REQUEST)
                .members().stream().map(Member::name).toList());
        assertEquals(List.of("successful", "failure_reason", "type_description", "type_sources", "extra_information"),
                svc.struct(RosTypeDescriptions.RESPONSE).members().stream().map(Member::name).toList());
        assertEquals(new StringType(false, 255), svc.struct("type_description_interfaces::msg::dds_::FieldType_")
                .member("nested_type_name").orElseThrow().type());
        assertTrue(svc.constant("type_description_interfaces::msg::dds_::FieldType_Constants::FIELD_TYPE_NESTED_TYPE_"
                + "UNBOUNDED_SEQUENCE").isPresent());
        assertEquals(svc, IdlParser.parseText(IdlPrinter.print(svc)));
    }

    @Test
    void aServiceFileSplitsIntoRequestAndResponseAndErrorsKeepTheirLines() throws Exception {
        RosMsgLibrary lib = RosMsgLibrary.builtin();
        TypeLibrary add = lib.parseService("example_interfaces", "AddTwoInts", "int64 a\nint64 b\n---\nint64 sum\n");
        assertEquals(List.of("a", "b"), add.struct("example_interfaces::srv::dds_::AddTwoInts_Request_").members()
                .stream().map(Member::name).toList());
        assertEquals(List.of("sum"), add.struct("example_interfaces::srv::dds_::AddTwoInts_Response_").members()
                .stream().map(Member::name).toList());
        assertEquals("example_interfaces/srv/AddTwoInts.srv: no '---' line between request and response",
                assertThrows(RosMsgException.class, () -> lib.parseService("example_interfaces", "AddTwoInts",
                        "int64 a\n")).getMessage());
        assertTrue(assertThrows(RosMsgException.class, () -> lib.parseService("example_interfaces", "AddTwoInts",
                "int64 a\n---\n\nint64 Sum\n")).getMessage().startsWith("example_interfaces/srv/AddTwoInts.srv:4:7: "
                        + "invalid field name 'Sum'"));
    }
}
