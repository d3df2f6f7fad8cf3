package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.ros.RosNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bundled ROS 2 message (the upstream {@code .msg} files under the types bundle's {@code ros/msg}, listed in
 * its {@code index.txt}) parses, and its IDL printout parses back to the same types.
 */
class RosMsgCorpusTest {

    /** The bundled folder in the source tree (Tycho runs tests with tests/org.ddstuner.types.tests as working dir). */
    private static final Path SOURCE = Path.of(System.getProperty("ddstuner.types.bundle",
            "../../bundles/org.ddstuner.types")).resolve("src/org/ddstuner/types/ros/msg");

    static List<String> bundled() {
        return RosMsgLibrary.BUILTIN;
    }

    @ParameterizedTest
    @MethodSource("bundled")
    void bundledMessageParsesAndItsIdlRoundTrips(String rosName) throws Exception {
        TypeLibrary lib = RosMsgLibrary.builtin().load(rosName);
        String[] p = rosName.split("/");
        StructType s = lib.struct(RosNames.ddsTypeName(p[0], p[1]));
        assertTrue(!s.members().isEmpty(), rosName);
        assertEquals(lib, IdlParser.parseText(IdlPrinter.print(lib)), rosName);
        assertEquals("bundled ROS 2 message " + p[0] + "/msg/" + p[1] + " (" + RosMsgLibrary.RELEASE + ")",
                RosMsgLibrary.builtin().describe(rosName));
    }

    @Test
    void indexListsExactlyTheBundledFilesAndNamesTheRelease() throws IOException {
        assertTrue(Files.isDirectory(SOURCE), "the types bundle's msg folder at " + SOURCE.toAbsolutePath());
        List<String> files;
        try (Stream<Path> s = Files.walk(SOURCE)) {
            files = s.filter(f -> f.toString().endsWith(".msg")).map(f -> SOURCE.relativize(f).toString()
                    .replace('\\', '/').replace(".msg", "")).sorted().toList();
        }
        assertEquals(String.join("\n", files), String.join("\n", RosMsgLibrary.BUILTIN.stream().sorted().toList()),
                "msg/index.txt must list every bundled .msg (paste the expected lines into it)");
        assertEquals("ROS 2 Kilted Kaiju", RosMsgLibrary.RELEASE);
        for (String common : List.of("rcl_interfaces/Log", "std_msgs/ColorRGBA", "tf2_msgs/TFMessage",
                "nav_msgs/Odometry", "sensor_msgs/JointState", "sensor_msgs/Imu", "visualization_msgs/MarkerArray")) {
            assertTrue(RosMsgLibrary.BUILTIN.contains(common), common);
        }
    }

    /** A user's ROS 2 folder overrides a bundled message of the same name; the rest still comes from the bundle. */
    @Test
    void userFoldersOverrideBundledMessagesAndDescribeSaysWhich() throws Exception {
        Path share = Files.createTempDirectory("ros-share");
        Path header = share.resolve("std_msgs/msg/Header.msg");
        Files.createDirectories(header.getParent());
        Files.writeString(header, "builtin_interfaces/Time stamp\nstring frame_id\nuint32 seq\n");
        RosMsgLibrary lib = RosMsgLibrary.fromDirectories(List.of(share));
        TypeLibrary scan = lib.load("sensor_msgs/msg/LaserScan");
        assertEquals(List.of("stamp", "frame_id", "seq"), scan.struct("std_msgs::msg::dds_::Header_").members()
                .stream().map(m -> m.name()).toList(), "the user's Header");
        assertEquals(List.of("sec", "nanosec"), scan.struct("builtin_interfaces::msg::dds_::Time_").members().stream()
                .map(m -> m.name()).toList(), "the bundled Time");
        assertEquals("ROS 2 message std_msgs/msg/Header from " + header, lib.describe("std_msgs/msg/Header"));
        assertEquals("bundled ROS 2 message sensor_msgs/msg/LaserScan (ROS 2 Kilted Kaiju)",
                lib.describe("sensor_msgs/LaserScan"));
    }

    @Test
    void everyBundledMessageLoadsIntoOneLibrary() throws Exception {
        TypeLibrary all = RosMsgLibrary.builtinTypes();
        assertEquals(RosMsgLibrary.BUILTIN.size(), all.types().size());
        assertEquals(all, IdlParser.parseText(IdlPrinter.print(all)));
    }
}
