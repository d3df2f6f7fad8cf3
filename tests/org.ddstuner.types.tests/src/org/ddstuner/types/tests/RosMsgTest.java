package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.FieldPath;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.ros.RosMsgException;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.ros.RosNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** ROS 2 .msg definitions become the DDS types ROS 2 puts on the wire. */
class RosMsgTest {

    @Test
    void builtinStringHasTheWireTypeName() throws Exception {
        TypeLibrary lib = RosMsgLibrary.builtin().load("std_msgs/msg/String");
        StructType s = lib.struct("std_msgs::msg::dds_::String_");
        assertEquals(List.of(Member.of("data", StringType.STRING)), s.members());
        assertEquals("std_msgs/msg/String", RosNames.rosName(s.name()));
    }

    @Test
    void laserScanResolvesHeaderAndTime() throws Exception {
        TypeLibrary lib = RosMsgLibrary.builtin().load("sensor_msgs", "LaserScan");
        StructType scan = lib.struct("sensor_msgs::msg::dds_::LaserScan_");
        assertEquals(new TypeRef("std_msgs::msg::dds_::Header_"), scan.member("header").orElseThrow().type());
        assertEquals(new SequenceType(PrimitiveType.FLOAT32, 0), scan.member("ranges").orElseThrow().type());
        List<String> paths = FieldPaths.flatten(lib, scan).stream().map(FieldPath::path).toList();
        assertEquals(List.of("header.stamp.sec", "header.stamp.nanosec", "header.frame_id", "angle_min", "angle_max",
                "angle_increment", "time_increment", "scan_time", "range_min", "range_max", "ranges", "intensities"), paths);
        assertEquals(List.of(0L, 1L), lib.struct("std_msgs::msg::dds_::Header_").members().stream()
                .map(Member::id).toList());
    }

    @Test
    void everyBuiltinLoadsAndPrintsAsIdl() throws Exception {
        TypeLibrary all = RosMsgLibrary.builtinTypes();
        assertEquals(RosMsgLibrary.BUILTIN.size(), all.types().size());
        assertEquals(all, IdlParser.parseText(IdlPrinter.print(all)));
        StructType q = all.struct("geometry_msgs::msg::dds_::Quaternion_");
        assertEquals(1.0, q.member("w").orElseThrow().declaredDefault().orElseThrow());
        StructType pose = all.struct("geometry_msgs::msg::dds_::Pose_");
        assertEquals(new TypeRef("geometry_msgs::msg::dds_::Point_"), pose.member("position").orElseThrow().type());
    }

    @Test
    void arraysBoundsConstantsDefaultsAndComments() throws Exception {
        TypeLibrary lib = RosMsgLibrary.of(Map.of("my_msgs/Sample", """
                # a comment line
                int32 MAX=10   # constant
                string GREETING="hi # not a comment"
                float64[3] fixed
                uint8[] unbounded
                int16[<=5] bounded
                string<=8 short_text
                string<=4[<=2] short_texts
                bool flag true
                byte raw
                char letter
                geometry_msgs/Point where
                int32[] numbers [1, 2, 3]
                """)).load("my_msgs/msg/Sample");
        StructType s = lib.struct("my_msgs::msg::dds_::Sample_");
        assertEquals(new ArrayType(PrimitiveType.FLOAT64, 3), s.member("fixed").orElseThrow().type());
        assertEquals(new SequenceType(PrimitiveType.UINT8, 0), s.member("unbounded").orElseThrow().type());
        assertEquals(new SequenceType(PrimitiveType.INT16, 5), s.member("bounded").orElseThrow().type());
        assertEquals(new StringType(false, 8), s.member("short_text").orElseThrow().type());
        assertEquals(new SequenceType(new StringType(false, 4), 2), s.member("short_texts").orElseThrow().type());
        assertEquals(true, s.member("flag").orElseThrow().declaredDefault().orElseThrow());
        assertEquals(PrimitiveType.OCTET, s.member("raw").orElseThrow().type());
        assertEquals(PrimitiveType.UINT8, s.member("letter").orElseThrow().type());
        assertEquals("[1, 2, 3]", s.member("numbers").orElseThrow().declaredDefault().orElseThrow());
        assertTrue(lib.find("geometry_msgs::msg::dds_::Point_").isPresent());
        assertEquals(BigInteger.TEN, lib.constant("my_msgs::msg::dds_::Sample_Constants::MAX").orElseThrow().value());
        assertEquals("hi # not a comment",
                lib.constant("my_msgs::msg::dds_::Sample_Constants::GREETING").orElseThrow().value());
        assertEquals(lib, IdlParser.parseText(IdlPrinter.print(lib)));
    }

    @Test
    void emptyMessageGetsThePlaceholderMember() throws Exception {
        StructType s = RosMsgLibrary.of(Map.of("my_msgs/Empty", "# nothing\n")).load("my_msgs/Empty")
                .struct("my_msgs::msg::dds_::Empty_");
        assertEquals(List.of("structure_needs_at_least_one_member"), s.members().stream().map(Member::name).toList());
    }

    @Test
    void errorsNameFileLineAndColumn() {
        RosMsgLibrary lib = RosMsgLibrary.of(Map.of(
                "my_msgs/BadType", "int32 ok\nfoo/Bar thing\n",
                "my_msgs/BadName", "int32 ok\nint32 Bad-Name\n",
                "my_msgs/BadSize", "int32[x] a\n",
                "my_msgs/Range", "uint8 X=300\n",
                "my_msgs/A", "B b\n",
                "my_msgs/B", "A a\n"));
        assertEquals("my_msgs/msg/BadType.msg:2:1: unknown message type 'foo/Bar' (no foo/msg/Bar.msg found)",
                assertThrows(RosMsgException.class, () -> lib.load("my_msgs/BadType")).getMessage());
        assertTrue(assertThrows(RosMsgException.class, () -> lib.load("my_msgs/BadName")).getMessage()
                .startsWith("my_msgs/msg/BadName.msg:2:7: invalid field name 'Bad-Name'"));
        assertTrue(assertThrows(RosMsgException.class, () -> lib.load("my_msgs/BadSize")).getMessage()
                .startsWith("my_msgs/msg/BadSize.msg:1:7: array size must be a positive integer"));
        assertTrue(assertThrows(RosMsgException.class, () -> lib.load("my_msgs/Range")).getMessage()
                .contains("value 300 is out of range for uint8"));
        assertTrue(assertThrows(RosMsgException.class, () -> lib.load("my_msgs/A")).getMessage()
                .contains("cycle"));
    }

    static Stream<Path> realMessages() throws Exception {
        return Files.walk(TestResources.path("ros/share")).filter(p -> p.toString().endsWith(".msg")).sorted();
    }

    /** The .msg and the IDL rosidl generated from it describe the same members. */
    @ParameterizedTest
    @MethodSource("realMessages")
    void realMessageMatchesRosidlIdl(Path msg) throws Exception {
        Path share = TestResources.path("ros/share");
        String pkg = msg.getParent().getParent().getFileName().toString();
        String name = msg.getFileName().toString().replace(".msg", "");
        TypeLibrary fromMsg = RosMsgLibrary.fromDirectory(share).load(pkg, name);
        TypeLibrary fromIdl = new IdlParser(List.of(share)).parse(msg.resolveSibling(name + ".idl")).library();
        StructType a = fromMsg.struct(RosNames.ddsTypeName(pkg, name));
        StructType b = fromIdl.struct(pkg + "::msg::" + name);
        assertEquals(a.members().stream().map(Member::name).toList(), b.members().stream().map(Member::name).toList());
        for (int i = 0; i < a.members().size(); i++) {
            assertEquals(shape(fromMsg, a.members().get(i).type()), shape(fromIdl, b.members().get(i).type()),
                    msg + " member " + a.members().get(i).name());
        }
        assertEquals(fromMsg, IdlParser.parseText(IdlPrinter.print(fromMsg)));
    }

    /** A type's structure with the naming scheme (dds_ / trailing _) taken out. */
    private static String shape(TypeLibrary lib, DdsType type) {
        DdsType t = lib.unalias(type);
        return switch (t) {
            case SequenceType s -> "seq<" + shape(lib, s.element()) + "," + s.bound() + ">";
            case ArrayType a -> "arr<" + shape(lib, a.element()) + "," + a.dimensions() + ">";
            case StructType s -> "struct " + s.name().replace("::dds_::", "::").replaceAll("_$", "");
            default -> t.toString();
        };
    }
}
