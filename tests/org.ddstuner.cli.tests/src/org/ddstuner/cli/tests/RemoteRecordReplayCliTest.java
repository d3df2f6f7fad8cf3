package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.ddstuner.record.ChannelMeta;
import org.ddstuner.record.RecordedTopic;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.samples.SampleExport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code record --remote} and {@code replay --remote} through {@code ddstuner serve} as processes, next to
 * {@code ddstuner demo} on a loopback-only domain (run inside netns-run.sh): a recording through the agent holds the
 * same samples — writer, source time and CDR bytes — as a local {@code record} of the same traffic over the time both
 * ran, with the same schema and the writers' GUIDs and QoS on the channels; replayed through an agent that allows
 * write, a local subscriber of the agent's domain receives every sample with the recorded values; an agent without
 * {@code --allow write} refuses with exit 4 and audits it; malformed {@code write-raw} requests are answered with their
 * codes, and a writer a client left open is deleted when the client goes.
 */
class RemoteRecordReplayCliTest {

    private static final String DOMAIN = "124";
    private static final String TOPIC = "SensorReadings";
    private static final Pattern READY = Pattern.compile(
            "READY serving domain 124 on 127\\.0\\.0\\.1:(\\d+), fingerprint (SHA256:\\S+), token file (\\S+).*");
    private static final Pattern COUNTS = Pattern.compile("received (\\d+), written (\\d+), dropped (\\d+)");

    @TempDir
    Path dir;

    private CliProcess serve(String identity, String... allow) throws IOException {
        List<String> args = new ArrayList<>(List.of("serve", "--listen", "127.0.0.1:0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve(identity).toString(), "--audit-log",
                dir.resolve(identity + "-audit.log").toString(), "--domain", DOMAIN));
        args.addAll(List.of(allow));
        return CliProcess.start(args.toArray(String[]::new));
    }

    private static String port(CliProcess agent) throws IOException {
        Matcher m = READY.matcher(agent.awaitLine("READY"));
        assertTrue(m.matches(), m.toString());
        return m.group(1);
    }

    private String[] remote(String port, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(more));
        args.addAll(List.of("--remote", "127.0.0.1:" + port, "--token-file", dir.resolve("token").toString(),
                "--known-agents", dir.resolve("known-agents").toString()));
        return args.toArray(String[]::new);
    }

    /** A finished child process: its exit code, the rest of its stdout, its stderr. */
    private static CliTest.Result finish(CliProcess p, long seconds) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String line; (line = p.out.readLine()) != null;) {
            out.append(line).append('\n');
        }
        assertTrue(p.process.waitFor(seconds, TimeUnit.SECONDS), "did not end: " + p.stderr());
        return new CliTest.Result(p.process.exitValue(), out.toString(), p.stderr());
    }

    /** Each message of the topic as "writer source-time bytes", by source time. */
    private static TreeMap<Long, List<String>> messages(Path file) throws Exception {
        TreeMap<Long, List<String>> m = new TreeMap<>();
        try (McapReader r = McapReader.open(file)) {
            Map<Integer, McapReader.Channel> channels = r.channels();
            r.messages(null, x -> {
                McapReader.Channel c = channels.get(x.channelId());
                assertEquals(TOPIC, c.topic());
                m.computeIfAbsent(x.publishTime(), k -> new ArrayList<>()).add(c.metadata().get(
                        ChannelMeta.WRITER_GUID) + " " + c.metadata().get(ChannelMeta.SAMPLE_KIND) + " " + HexFormat
                                .of().formatHex(x.data()));
                return true;
            });
        }
        return m;
    }

    private static void assertCounts(String out, long atLeast) {
        Matcher m = COUNTS.matcher(out);
        assertTrue(m.find(), out);
        long written = Long.parseLong(m.group(2));
        assertTrue(written >= atLeast, out);
        assertEquals(Long.parseLong(m.group(1)), written + Long.parseLong(m.group(3)), out);
        assertEquals("0", m.group(3), "nothing dropped at 40 samples/s: " + out);
    }

    @Test
    void recordThroughTheAgentHoldsWhatALocalRecordingHoldsAndReplaysIntoTheAgentsDomain() throws Exception {
        Path local = dir.resolve("local.mcap");
        Path remote = dir.resolve("remote.mcap");
        try (CliProcess demo = CliProcess.start("demo", "--domain", DOMAIN, "--duration", "180");
                CliProcess agent = serve("agent", "--allow", "write")) {
            demo.awaitLine("READY");
            String port = port(agent);

            // the same traffic recorded both ways at once
            try (CliProcess loc = CliProcess.start("record", "--domain", DOMAIN, "--wait", "20", "--topic", TOPIC,
                    "--output", local.toString(), "--duration", "8");
                    CliProcess rem = CliProcess.start(remote(port, "record", "--topic", TOPIC, "--output",
                            remote.toString(), "--duration", "8"))) {
                CliTest.Result l = finish(loc, 60);
                CliTest.Result r = finish(rem, 60);
                assertEquals(0, l.code(), l.err());
                assertEquals(0, r.code(), r.err());
                assertTrue(r.err().contains("recording 1 topic through the agent at 127.0.0.1:" + port + " to "
                        + remote + ": {" + TOPIC + "=demo::SensorReading}"), r.err());
                assertTrue(r.out().contains("dropped 0 (agent queue 0, rate cap 0, local queue 0, too large 0)")
                        && r.out().contains("link gaps 0"), r.out());
                assertCounts(l.out(), 150);
                assertCounts(r.out(), 150); // 4 sensors at 10 Hz for 8 s
            }
            TreeMap<Long, List<String>> lm = messages(local);
            TreeMap<Long, List<String>> rm = messages(remote);
            long from = Math.max(lm.firstKey(), rm.firstKey());
            long to = Math.min(lm.lastKey(), rm.lastKey());
            List<String> inLocal = lm.subMap(from, true, to, true).values().stream().flatMap(List::stream).sorted()
                    .toList();
            List<String> inRemote = rm.subMap(from, true, to, true).values().stream().flatMap(List::stream).sorted()
                    .toList();
            assertTrue(inLocal.size() >= 120, "overlap of the two recordings: " + inLocal.size());
            assertEquals(inLocal, inRemote, "the same samples (writer, kind, CDR bytes) over the time both recorded");
            try (McapReader a = McapReader.open(local); McapReader b = McapReader.open(remote)) {
                assertEquals(a.schemas().values().iterator().next().name(), b.schemas().values().iterator().next()
                        .name());
                assertEquals(a.schemas().values().iterator().next().text(), b.schemas().values().iterator().next()
                        .text(), "the same IDL as schema");
                for (McapReader.Channel c : b.channels().values()) {
                    assertEquals("writer", c.metadata().get(ChannelMeta.QOS_SOURCE), c.metadata().toString());
                    assertEquals("[\"sensors\"]", c.metadata().get(ChannelMeta.PARTITIONS));
                    assertTrue(c.metadata().get(ChannelMeta.QOS).contains("RELIABLE"), c.metadata().toString());
                }
                assertEquals(a.channels().values().stream().map(c -> c.metadata().get(ChannelMeta.WRITER_GUID)
                        + c.metadata().get(ChannelMeta.QOS)).collect(java.util.stream.Collectors.toSet()),
                        b.channels().values().stream().map(c -> c.metadata().get(ChannelMeta.WRITER_GUID)
                                + c.metadata().get(ChannelMeta.QOS)).collect(java.util.stream.Collectors.toSet()),
                        "one channel per writer, its GUID and QoS as the local recording has them");
            }

            // replayed through the agent into its domain: a subscriber there receives every sample, values as recorded
            RecordedTopic recorded = RecordedTopic.read(remote, TOPIC, 100_000);
            List<String> expected = new ArrayList<>();
            StrictJson.parse(SampleExport.json(recorded.samples())).forEach(s -> expected.add(s.get("value")
                    .toString()));
            recorded.type().close();
            Path idl = dir.resolve("reading.idl"); // for the malformed requests below
            try (McapReader b = McapReader.open(remote)) {
                Files.writeString(idl, b.schemas().values().iterator().next().text());
            }
            // the agent's writer is a DDS Tuner participant's, which subscribe does not take a topic from: it reads
            // the demo's topic, and the filter keeps the replayed samples (the demo's own are newer by now)
            long maxSeq = 0;
            for (String v : expected) {
                maxSeq = Math.max(maxSeq, StrictJson.parse(v).get("seq").asLong());
            }
            try (CliProcess sub = CliProcess.start("subscribe", TOPIC, "--domain", DOMAIN, "--json", "--filter",
                    "seq <= " + maxSeq, "--wait", "30", "--count", "" + expected.size(), "--timeout", "90")) {
                assertTrue(sub.awaitStderr("subscribed to '" + TOPIC + "'", 40), sub.stderr());
                Thread.sleep(2000); // the subscriber's reader is discovered by the agent
                CliTest.Result rep = CliTest.run(remote(port, "replay", remote.toString(), "--wait", "10", "--speed",
                        "2"));
                assertEquals(0, rep.code(), rep.err() + rep.out() + "\nsubscriber: " + sub.stderr());
                assertTrue(rep.out().contains("written " + expected.size() + " ") && rep.out().contains(
                        "through the agent at 127.0.0.1:" + port), rep.out());
                assertTrue(rep.err().contains("replaying '" + TOPIC + "' (demo::SensorReading) partitions=[sensors]"),
                        rep.err());
                CliTest.Result s = finish(sub, 90);
                assertEquals(0, s.code(), s.err());
                List<String> got = new ArrayList<>();
                for (String line : s.out().split("\n")) {
                    if (!line.isBlank()) {
                        got.add(StrictJson.parse(line).get("value").toString());
                    }
                }
                assertEquals(expected.stream().sorted().toList(), got.stream().sorted().toList(),
                        "the subscriber in the agent's domain got every recorded value");
            }
            List<String> audit = Files.readAllLines(dir.resolve("agent-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("\"request\"") && l.contains("write-raw")),
                    audit.toString());

            malformedWriteRawRequestsAreAnsweredWithTheirCodes(port, idl);
        }
    }

    private void malformedWriteRawRequestsAreAnsweredWithTheirCodes(String port, Path idl) throws Exception {
        ClientOptions co = ClientOptions.of("127.0.0.1", Integer.parseInt(port), TokenFile.read(dir.resolve(
                "token"))).withKnownAgents(dir.resolve("known-agents"));
        try (RemoteClient c = RemoteClient.connect(co)) {
            ObjectNode noWriter = StrictJson.mapper().createObjectNode();
            noWriter.put("writer", "write-raw/99");
            noWriter.putArray("samples").add("AAEAAA==");
            RemoteClient.Reply r = c.request("write-raw", noWriter, Duration.ofSeconds(20));
            assertTrue(!r.ok() && "unknown-entity".equals(r.code()), r.toString());

            ObjectNode noType = StrictJson.mapper().createObjectNode();
            noType.put("action", "open");
            noType.put("topic", "X");
            r = c.request("write-raw", noType, Duration.ofSeconds(20));
            assertTrue(!r.ok() && "malformed-frame".equals(r.code()) && r.reason().contains("typeName"), r.toString());

            ObjectNode badIdl = noType.deepCopy();
            badIdl.put("typeName", "demo::SensorReading");
            badIdl.put("idl", "struct {");
            r = c.request("write-raw", badIdl, Duration.ofSeconds(20));
            assertTrue(!r.ok() && "bad-value".equals(r.code()), r.toString());

            ObjectNode open = badIdl.deepCopy();
            open.put("idl", Files.readString(idl));
            open.put("topic", "RawProbe");
            r = c.request("write-raw", open, Duration.ofSeconds(20));
            assertTrue(r.ok(), r.toString());
            String key = r.result().get("writer").asText();
            ObjectNode bad = StrictJson.mapper().createObjectNode();
            bad.put("writer", key);
            bad.putArray("samples").add("AAEAAA==").add("not base64!");
            r = c.request("write-raw", bad, Duration.ofSeconds(20));
            assertTrue(!r.ok() && "malformed-frame".equals(r.code()) && r.reason().contains("[1]")
                    && r.reason().contains("nothing written"), r.toString());
            ObjectNode close = StrictJson.mapper().createObjectNode();
            close.put("action", "close");
            close.put("writer", key);
            r = c.request("write-raw", close, Duration.ofSeconds(20));
            assertTrue(r.ok() && r.result().get("closed").asBoolean(), r.toString());

            // a writer the client leaves open is the client's: the agent deletes it when the client goes
            open.put("topic", "RawLeftOpen");
            r = c.request("write-raw", open, Duration.ofSeconds(20));
            assertTrue(r.ok(), r.toString());
            assertTrue(awaitWriter(c, "RawLeftOpen", true), "the agent's writer in its model");
        }
        try (RemoteClient fresh = RemoteClient.connect(co)) {
            assertTrue(awaitWriter(fresh, "RawLeftOpen", false), "freed when its client went");
        }
    }

    private static boolean awaitWriter(RemoteClient c, String topic, boolean present) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < end) {
            boolean there = c.model().snapshot(true).endpoints().stream().anyMatch(e -> !e.isReader() && e.alive()
                    && e.topicName().equals(topic));
            if (there == present) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    @Test
    void replayThroughAnAgentWithoutWriteIsRefusedWithExitFourAndAudited() throws Exception {
        Path f = dir.resolve("r.mcap");
        try (CliProcess demo = CliProcess.start("demo", "--domain", DOMAIN, "--duration", "120");
                CliProcess agent = serve("readonly")) {
            demo.awaitLine("READY");
            String port = port(agent);
            CliTest.Result rec = CliTest.run(remote(port, "record", "--all", "--output", f.toString(), "--duration",
                    "2"));
            assertEquals(0, rec.code(), rec.err());
            assertTrue(rec.err().contains(TOPIC + "=demo::SensorReading") && rec.err().contains("Tracks=demo::Track"),
                    "--all from the agent's model: " + rec.err());
            Set<String> topics = new TreeSet<>();
            try (McapReader r = McapReader.open(f)) {
                r.channels().values().forEach(c -> topics.add(c.topic()));
            }
            assertTrue(topics.containsAll(Set.of(TOPIC, "Tracks")), topics.toString());

            CliTest.Result rep = CliTest.run(remote(port, "replay", f.toString(), "--wait", "1"));
            assertEquals(4, rep.code(), rep.err() + rep.out());
            assertTrue(rep.err().contains("(not-allowed)") && rep.err().contains("--allow write"), rep.err());
            List<String> audit = Files.readAllLines(dir.resolve("readonly-audit.log"));
            assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")
                    && l.contains("write-raw")), audit.toString());

            CliTest.Result usage = CliTest.run(remote(port, "record", "--topic", TOPIC, "--output", dir.resolve(
                    "u.mcap").toString(), "--idl", "x.idl"));
            assertEquals(2, usage.code(), usage.err());
            CliTest.Result none = CliTest.run(remote(port, "record", "--topic", "NoSuchTopic", "--output", dir
                    .resolve("none.mcap").toString(), "--duration", "1"));
            assertEquals(1, none.code(), none.err());
            assertTrue(none.err().contains("(no-type)") && !Files.exists(dir.resolve("none.mcap")), none.err());
        }
    }
}
