package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.ddstuner.cli.Main;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.json.StrictJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI against a real demo system on loopback-only domain 160, in this JVM (the CLI joins the
 * already open domain). The product smoke test runs the same commands from the built archive.
 */
class CliTest {

    private static final int DOMAIN = 160;
    private static Domain domain;
    private static DemoSystem demo;

    record Result(int code, String out, String err) { }

    @BeforeAll
    static void startDemo() {
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        demo = DemoSystem.start(domain);
    }

    @AfterAll
    static void stopDemo() {
        demo.close();
        domain.close();
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lsListsDemoParticipantsEndpointsTopicsPartitionsAndProblems() {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "10", "--expect-topic", DemoSystem.SENSORS,
                "--expect-topic", DemoSystem.ALARMS, "--expect-participant", "Logger");
        assertEquals(0, r.code(), r.err());
        for (String s : List.of("PARTICIPANTS", "SensorHub", "Eclipse Cyclone DDS", "demo::SensorReading",
                "partitions=[sens*]", "reliability=RELIABLE", "TOPICS", "PARTITIONS", "sensors", "PROBLEMS",
                "reader requests TRANSIENT_LOCAL durability, writer offers VOLATILE: give the writer TRANSIENT_LOCAL "
                        + "durability or higher, or the reader VOLATILE",
                // the pairs that do not match: who, the reasons in few words, then each in full
                "MISMATCHES (2)", "SensorHub writer → Logger reader on \"" + DemoSystem.SENSORS
                        + "\": durability: reader TRANSIENT_LOCAL > writer VOLATILE\n      reader requests",
                "Actuator writer → Dashboard reader on \"" + DemoSystem.ALARMS + "\": partition: reader \"sensors\" ≠ "
                        + "writer \"control\"\n      no common partition: reader is in \"sensors\", writer in \"control\"")) {
            assertTrue(r.out().contains(s), "missing \"" + s + "\" in:\n" + r.out());
        }
        assertTrue(!r.out().contains("DDS Tuner "), "own participant hidden by default:\n" + r.out());
    }

    /** What {@code ls --json} says about the demo, parsed: see {@link LsJsonAssertions}. */
    @Test
    void jsonOutputDescribesTheDemoExactly() throws Exception {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "3", "--json");
        assertEquals(0, r.code(), r.err());
        LsJsonAssertions.assertDemo(r.out(), ProcessHandle.current().pid());
    }

    @Test
    void psGroupsByHostAndProcess() {
        Result r = run("ps", "--domain", "" + DOMAIN, "--wait", "3");
        assertEquals(0, r.code(), r.err());
        long pid = ProcessHandle.current().pid();
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).matches("\\S.* \\(1 process, \\d+ participants\\)"), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("  java \\(pid " + pid + "\\)  \\d+ participants, \\d+ endpoints")),
                r.out());
        for (Map.Entry<String, String> e : Map.of("SensorHub", "1 endpoint", "Dashboard", "4 endpoints", "Controller",
                "2 endpoints", "Actuator", "3 endpoints", "Logger", "1 endpoint", "Radar", "1 endpoint").entrySet()) {
            assertTrue(lines.stream().anyMatch(l -> l.matches("    " + e.getKey() + " +Eclipse Cyclone DDS +[0-9a-f:]+  "
                    + e.getValue())), e + " in:\n" + r.out());
        }
    }

    @Test
    void psJsonIsHostsProcessesParticipants() throws Exception {
        Result r = run("ps", "--domain", "" + DOMAIN, "--wait", "3", "--json");
        assertEquals(0, r.code(), r.err());
        LsJsonAssertions.assertDemoProcesses(r.out(), ProcessHandle.current().pid());
    }

    @Test
    void textSaysOneEndpointNotOneEndpoints() {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().matches("(?s).*\\n  sens\\* +declared by 1 endpoint, reached by \\d+\\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\n  control +declared by 3 endpoints, reached by \\d+\\n.*"), r.out());
        assertTrue(!r.out().contains(" 1 endpoints"), r.out());
    }

    @Test
    void unmetExpectationExitsOneAndSaysWhat() {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "0.5", "--expect-topic", "NoSuchTopic");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("topic NoSuchTopic"), r.err());
    }

    @Test
    void filterKeepsOnlyMatchingNames() {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "5", "--expect-topic", DemoSystem.COMMANDS, "--filter",
                "^Comm", "--regex");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Commands"), r.out());
        assertTrue(!r.out().contains("SensorReadings"), r.out());
        Result bad = run("ls", "--domain", "" + DOMAIN, "--wait", "0", "--filter", "([", "--regex");
        assertEquals(2, bad.code(), bad.out());
        assertTrue(bad.err().contains("(["), bad.err());
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonFilterKeepsOnlyMatchingNames() {
        Result r = run("ls", "--domain", "" + DOMAIN, "--wait", "3", "--json", "--filter", "^Comm", "--regex");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> root = StrictJson.parseMap(r.out().strip());
        assertEquals(List.of(), root.get("participants"), "no participant name starts with Comm");
        List<Map<String, Object>> endpoints = (List<Map<String, Object>>) root.get("endpoints");
        assertEquals(List.of("reader", "writer"), endpoints.stream().map(e -> (String) e.get("kind")).sorted().toList());
        assertTrue(endpoints.stream().allMatch(e -> e.get("topic").equals(DemoSystem.COMMANDS)), endpoints.toString());
        assertEquals(List.of(DemoSystem.COMMANDS), ((List<Map<String, Object>>) root.get("topics")).stream()
                .map(t -> t.get("name")).toList());
        List<Map<String, Object>> matches = (List<Map<String, Object>>) root.get("matches");
        assertEquals(1, matches.size(), matches.toString());
        assertEquals(true, matches.get(0).get("matched"));
        assertEquals(DemoSystem.COMMANDS, matches.get(0).get("topic"));
    }

    @Test
    void badInputGivesClearErrorsAndExitCodes(@TempDir Path dir) throws Exception {
        assertEquals(2, run("ls", "--bogus").code());
        Result noValue = run("ls", "--domain");
        assertEquals(2, noValue.code());
        assertTrue(noValue.err().contains("--domain needs a value"), noValue.err());
        Result range = run("ls", "--domain", "999");
        assertEquals(2, range.code());
        assertTrue(range.err().contains("0 to 232"), range.err());
        Path bad = dir.resolve("bad.xml");
        Files.writeString(bad, "<CycloneDDS>\n  <Domain>\n</CycloneDDS>\n");
        Result xml = run("ls", "--domain", "161", "--config", bad.toString(), "--wait", "0");
        assertEquals(3, xml.code());
        assertTrue(xml.err().contains("line 3") && xml.err().contains(bad.toString()), "names the file: " + xml.err());
        Result missing = run("ls", "--domain", "161", "--config", dir.resolve("nope.xml").toString());
        assertEquals(3, missing.code());
        assertTrue(missing.err().contains("nope.xml"), missing.err());
        assertEquals(2, run("frobnicate").code());
    }

    /**
     * The demo runs in this JVM, and libddsc announces no XTypes type information for endpoints in the same
     * process (from another process it does, see {@link DemoTypeOverTheWireTest}): typeof says so per endpoint and
     * uses the imported IDL; subscribe with that IDL matches the keyed demo writer and prints the values it writes.
     */
    @Test
    void typeofAndSubscribeWithImportedIdl(@TempDir Path dir) throws Exception {
        Path idl = dir.resolve("demo.idl");
        Files.writeString(idl, """
                module demo {
                  struct SensorReading { @key long sensor_id; double value; string unit; long long seq; };
                };
                """);
        Result t = run("typeof", DemoSystem.SENSORS, "--idl", idl.toString(), "--domain", "" + DOMAIN, "--wait", "10");
        assertEquals(0, t.code(), t.err());
        assertTrue(t.out().contains("// source: imported IDL"), t.out());
        assertTrue(t.out().contains("sent no XTypes type information"), t.out());
        assertTrue(t.out().contains("@key long sensor_id;"), t.out());

        Result s = run("subscribe", DemoSystem.SENSORS, "--idl", idl.toString(), "--count", "8", "--timeout", "20",
                "--domain", "" + DOMAIN, "--wait", "10");
        assertEquals(0, s.code(), s.err());
        List<String> lines = s.out().lines().toList();
        assertEquals(8, lines.size(), s.out());
        for (String line : lines) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(" sensor_id=(\\d) value=([-\\d.E]+) "
                    + "unit=\"degC\" seq=\\d+$").matcher(line);
            assertTrue(m.find(), line);
            int id = Integer.parseInt(m.group(1));
            double v = Double.parseDouble(m.group(2));
            assertTrue(id >= 1 && id <= 4 && Math.abs(v - (20 + id)) <= 2.0001, line); // 20 + id + 2 sin(…)
        }
    }

    @Test
    void versionNamesLibddsc() {
        Result r = run("version");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().matches("(?s).*libddsc \\d+\\.\\d+\\.\\d+ at /.*"), r.out());
        // the product's version with its build qualifier (a development build shows the literal "qualifier")
        assertTrue(r.out().matches("(?s)DDS Tuner \\d+\\.\\d+\\.\\d+\\.\\w+\n.*"), r.out());
    }
}
