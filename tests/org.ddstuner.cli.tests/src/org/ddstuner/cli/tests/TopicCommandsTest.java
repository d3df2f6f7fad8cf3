package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code typeof}, {@code subscribe} and {@code publish} against a foreign Cyclone DDS 11 Python application
 * (tests/peers/cyclone_peer.py --rich, in the private network namespace) on domain 162: the CLI learns its
 * types over the wire, prints the values it wrote, and the peer echoes what the CLI publishes.
 */
class TopicCommandsTest {

    static final int DOMAIN = 162;
    private static PeerProcess peer;

    @BeforeAll
    static void startPeer() {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        peer = Peers.startCyclonePeer(DOMAIN, "--rich", "--period-ms", "50");
    }

    @AfterAll
    static void stopPeer() {
        if (peer != null) {
            peer.close();
        }
    }

    static Result run(String... args) {
        return CliTest.run(withDomain(args));
    }

    static String[] withDomain(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        all[args.length] = "--domain";
        all[args.length + 1] = "" + DOMAIN;
        all[args.length + 2] = "--wait";
        all[args.length + 3] = "10";
        return all;
    }

    @Test
    void typeofPrintsTheTypeLearnedOverTheWireAsIdl() {
        Result r = run("typeof", "RichData");
        assertEquals(0, r.code(), r.err());
        for (String s : List.of("// topic RichData: tuner::RichReading", "// source: over the wire", "WIRE ok: learned",
                "module tuner {", "@mutable", "struct RichReading {", "@key long id;", "string<16> name;",
                "sequence<Point2> points;", "short matrix[3];", "union Shape switch (long)", "@appendable",
                "@optional string note;", "@optional double limit;", "enum Mode {")) {
            assertTrue(r.out().contains(s), "missing \"" + s + "\" in:\n" + r.out());
        }
        assertTrue(!r.out().contains("SensorReading"), "only the topic type and what it uses:\n" + r.out());

        Result json = run("typeof", "SensorData", "--json");
        assertEquals(0, json.code(), json.err());
        String j = json.out().strip();
        assertTrue(j.startsWith("{\"topic\":\"SensorData\",\"type\":\"tuner::SensorReading\",\"source\":\"WIRE\""), j);
        assertTrue(j.contains("@key long sensor_id;\\n") && j.contains("sequence<float> history;"), j);
    }

    @Test
    void typeofUsesImportedIdlAndSaysWhyTheWireFailed(@TempDir Path dir) throws Exception {
        Path idl = dir.resolve("plan.idl");
        Files.writeString(idl, "module plan {\n  struct Step { @key long n; string what; };\n};\n");
        Result r = run("typeof", "NobodyHere", "--idl", idl.toString(), "--type", "plan::Step");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("// source: imported IDL"), r.out());
        assertTrue(r.out().contains("WIRE failed: no other writer or reader of plan::Step"), r.out());
        assertTrue(r.out().contains("struct Step {") && r.out().contains("@key long n;"), r.out());

        Path bad = dir.resolve("bad.idl");
        Files.writeString(bad, "module m {\n  struct S { long x };\n};\n");
        Result b = run("typeof", "RichData", "--idl", bad.toString());
        assertEquals(2, b.code(), b.out());
        assertTrue(b.err().contains("bad.idl:2:"), b.err());
    }

    @Test
    void subscribeJsonPrintsTheValuesThePeerSent() {
        Result r = run("subscribe", "SensorData", "--json", "--count", "3", "--timeout", "20");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("subscribed to 'SensorData' (tuner::SensorReading"), r.err());
        assertTrue(r.err().contains("partitions=[sensors]"), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r.out());
        String[] units = {null, "degC", "hPa", "%"};
        String[] kinds = {null, "TEMPERATURE", "PRESSURE", "HUMIDITY"};
        Pattern value = Pattern.compile("\"value\":\\{\"sensor_id\":(\\d),\"kind\":\"(\\w+)\",\"value\":([\\d.]+),"
                + "\"position\":\\{\"x\":([\\d.]+),\"y\":0\\.5,\"z\":-1\\.0\\},\"history\":\\[[\\d.]+,[\\d.]+\\],"
                + "\"unit\":\"([^\"]+)\"\\}\\}");
        for (String line : lines) {
            assertTrue(line.startsWith("{\"seq\":") && line.contains("\"valid\":true"), line);
            assertTrue(line.contains("\"writer\":\"" + peerGuidPrefix()), line);
            Matcher m = value.matcher(line);
            assertTrue(m.find(), line);
            int id = Integer.parseInt(m.group(1));
            assertEquals(kinds[id], m.group(2), line);
            assertEquals(units[id], m.group(5), line);
            assertEquals((double) id, Double.parseDouble(m.group(4)), line);
            double v = Double.parseDouble(m.group(3));
            assertTrue(v >= 20 + id && v < 21 + id, line); // 20 + id + (round % 10) * 0.1
        }
    }

    @Test
    void subscribeTextFiltersOnFields() {
        Result r = run("subscribe", "SensorData", "--count", "2", "--filter", "sensor_id == 2 && unit == 'hPa'",
                "--timeout", "20");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.out());
        for (String line : lines) {
            assertTrue(line.matches("\\d{4}-\\d\\d-\\d\\dT\\S+ " + Pattern.quote(peerGuidPrefix()) + "\\S+ sensor_id=2 "
                    + "kind=PRESSURE value=22\\.\\d+ position\\.x=2\\.0 position\\.y=0\\.5 position\\.z=-1\\.0 "
                    + "history=\\[\\d\\.0, \\d\\.0\\] unit=\"hPa\""), line);
        }
        assertTrue(r.err().contains("printed 2 (filter: sensor_id == 2 && unit == 'hPa')"), r.err());

        Result none = run("subscribe", "SensorData", "--count", "1", "--filter", "sensor_id == 99", "--timeout", "1");
        assertEquals(1, none.code(), none.err());
        assertTrue(none.err().contains("only 0 of 1 samples within --timeout"), none.err());

        Result bad = run("subscribe", "SensorData", "--filter", "sensor_id ==");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--filter: at column"), bad.err());
    }

    @Test
    void publishReachesThePeersReaderWithTheValuesGiven() {
        Result r = run("publish", "RichData", "--json", """
                {"id": 4242, "name": "from-cli", "mode": "RUN", "points": [{"x": 1.5, "y": -2}], "matrix": [4, 5, 6],
                 "shape": {"radius": 0.25}, "meta": {"seq": 9, "source": "cli"}, "note": "hi"}
                """);
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("publish: write 1 sample to topic 'RichData'"), r.out());
        assertTrue(r.out().contains("XCDR2, partitions [rich]"), r.out());
        assertTrue(r.out().contains("readers matched: 1 of 1 discovered"), r.out());
        assertTrue(r.out().contains("value {\"id\":4242,\"name\":\"from-cli\",\"mode\":\"RUN\""), r.out());
        assertTrue(r.err().contains("wrote 1 sample to 'RichData'"), r.err());
        awaitEcho("ECHO RichData RichReading(id=4242, name='from-cli', mode=<Mode.RUN: 1>, points=[Point2(x=1.5, "
                + "y=-2.0)], matrix=[4, 5, 6], shape=Shape[Union](1, 0.25), meta=Meta(seq=9, source='cli'), "
                + "note='hi', limit=None)");

        Result many = run("publish", "RichData", "--json", "[{\"id\": 4300, \"name\": \"a\"}, {\"id\": 4301}]",
                "--count", "4", "--rate", "50");
        assertEquals(0, many.code(), many.err() + many.out());
        assertTrue(many.err().contains("wrote 4 samples"), many.err());
        awaitEcho("ECHO RichData RichReading(id=4300, name='a', mode=<Mode.IDLE: 0>");
        awaitEcho("ECHO RichData RichReading(id=4301, name='', mode=<Mode.IDLE: 0>");
    }

    @Test
    void badJsonExitsTwoNamingTheJsonPath(@TempDir Path dir) throws Exception {
        Result r = run("publish", "RichData", "--json", "{\"id\": 1, \"points\": [{\"x\": 1}, {\"x\": \"far\"}]}");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("at $.points[1].x: expected a number"), r.err());
        Result unknown = run("publish", "RichData", "--json", "{\"id\": 1, \"colour\": 3}");
        assertEquals(2, unknown.code(), unknown.err());
        assertTrue(unknown.err().contains("at $.colour: struct tuner::RichReading has no member 'colour'"), unknown.err());
        Result range = run("publish", "RichData", "--json", "{\"id\": 1, \"matrix\": [1, 2, 70000]}");
        assertEquals(2, range.code(), range.err());
        assertTrue(range.err().contains("$.matrix[2]"), range.err());
        Result malformed = run("publish", "RichData", "--json", "{\"id\": ");
        assertEquals(2, malformed.code(), malformed.err());
        Path f = dir.resolve("s.json");
        Files.writeString(f, "[{\"id\": 1}, {\"id\": 2, \"name\": \"much longer than sixteen\"}]");
        Result file = run("publish", "RichData", "--json-file", f.toString());
        assertEquals(2, file.code(), file.err());
        assertTrue(file.err().contains("$[1].name"), file.err());
        assertEquals(2, run("publish", "RichData").code(), "no --json");
        assertEquals(2, run("subscribe").code(), "no topic");
        assertEquals(2, run("typeof", "RichData", "--rate", "3").code(), "an option of another command");
    }

    @Test
    void unknownTopicExitsOneForEveryCommand() {
        for (String cmd : List.of("typeof", "subscribe", "publish")) {
            Result r = CliTest.run(cmd, "NoSuchTopic", "--json", cmd.equals("publish") ? "{}" : "--json", "--domain",
                    "" + DOMAIN, "--wait", "1");
            assertEquals(1, r.code(), cmd + ": " + r.err());
            assertTrue(r.err().contains("topic 'NoSuchTopic' not seen within 1.0 s on domain " + DOMAIN), r.err());
            assertTrue(r.err().contains("RichData"), "names the topics it saw: " + r.err());
        }
    }

    /**
     * subscribe (in a child process: one connection per domain per process) → publish → publish --dispose: the
     * CLI's reader gets the value and the dispose; the first writer leaving does not dispose what it wrote.
     */
    @Test
    void subscribeSeesWhatPublishWritesAndDisposes() throws Exception {
        try (CliProcess sub = CliProcess.start(withDomain("subscribe", "RichData", "--json", "--count", "2", "--timeout",
                "120", "--filter", "(id == 4400 && @valid) || @instance_state == \"NOT_ALIVE_DISPOSED\""))) {
            // readiness, not speed: a child JVM that starts, discovers and learns the type can take long on a loaded box
            assertTrue(sub.awaitStderr("subscribed to", 90), sub.stderr());
            Result w = run("publish", "RichData", "--json", "{\"id\": 4400, \"name\": \"round trip\", \"limit\": 2.5}");
            assertEquals(0, w.code(), w.err());
            assertTrue(w.out().contains("readers matched: 2 of 2 discovered (1 of another DDS Tuner)"),
                    "the peer's and the other CLI's (another DDS Tuner: it gets the samples too):\n" + w.out());
            Result d = run("publish", "RichData", "--json", "{\"id\": 4400}", "--dispose");
            assertEquals(0, d.code(), d.err());
            assertTrue(d.err().contains("disposed 1 sample"), d.err());
            String first = sub.out.readLine();
            String second = sub.out.readLine();
            assertTrue(sub.process.waitFor(10, TimeUnit.SECONDS), sub.stderr());
            assertEquals(0, sub.process.exitValue(), sub.stderr());
            // the instance state is the one at take time: ALIVE, or NO_WRITERS if the first publish process
            // had already exited by then; never DISPOSED (a writer leaving does not dispose what it wrote)
            assertTrue(first != null && (first.contains("\"instance_state\":\"ALIVE\",\"valid\":true,\"value\":{")
                    || first.contains("\"instance_state\":\"NOT_ALIVE_NO_WRITERS\",\"valid\":true,\"value\":{"))
                    && first.contains("\"id\":4400,\"name\":\"round trip\",\"mode\":\"IDLE\""), first);
            assertTrue(first.contains("\"limit\":2.5}"), first);
            assertTrue(second != null && second.contains("\"instance_state\":\"NOT_ALIVE_DISPOSED\",\"valid\":false"),
                    second);
        }
    }

    private static void awaitEcho(String text) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!peer.stdout().contains(text)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the peer did not echo \"" + text + "\"; its stdout:\n" + peer.stdout());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The peer's GUID prefix as our GUIDs print it (participant GUID without its entity id). */
    private static String peerGuidPrefix() {
        String g = peer.info("guid").orElseThrow();
        return org.ddstuner.dds.Guid.parse(g).toString().substring(0, 26);
    }
}
