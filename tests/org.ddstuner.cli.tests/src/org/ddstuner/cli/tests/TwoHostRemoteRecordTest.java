package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.json.StrictJson;
import org.ddstuner.record.RecordedTopic;
import org.ddstuner.record.RemoteRecorder;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code record --remote} across a real link that is cut mid-recording ({@link TwoHosts}: the demo and
 * {@code ddstuner serve} in namespace A, the recording CLI here in B): the recording keeps what it got, says when the
 * link went and which time gap it has once the client has reconnected by itself, records on afterwards, and the file
 * holds samples from both sides of the gap, none twice, and a {@code ddstuner.gap} metadata record. A replay through
 * the agent that loses its link goes on once the client has reconnected (the writers opened again, a note saying so)
 * and plays to the end: a subscriber in A gets ticks from before the cut and from the end of the recording.
 */
class TwoHostRemoteRecordTest {

    private static final String DOMAIN = "125";
    private static final Pattern READY = Pattern.compile("READY serving domain 125 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    @Test
    void aRecordingThroughTheAgentKeepsWhatItGotAcrossALinkCutAndSaysWhichGapItHas() throws Exception {
        Path f = dir.resolve("cut.mcap");
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", DOMAIN, "--duration", "300");
                CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                        "--token-file", dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent")
                                .toString(), "--domain", DOMAIN)) {
            demo.awaitLine("READY");
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            try (CliProcess rec = CliProcess.start("record", "--topic", "SensorReadings", "--output", f.toString(),
                    "--remote", TwoHosts.A_ADDRESS + ":" + m.group(1), "--token-file", dir.resolve("token").toString(),
                    "--known-agents", dir.resolve("known-agents").toString())) {
                assertTrue(rec.awaitStderr("recording 1 topic through the agent", 30), rec.stderr());
                Thread.sleep(4000);
                hosts.linkDown();
                assertTrue(rec.awaitStderr("disconnected from the agent at " + TwoHosts.A_ADDRESS, 45), rec.stderr());
                Thread.sleep(2000);
                hosts.linkUp();
                assertTrue(rec.awaitStderr("the recording has a gap from ", 45), rec.stderr());
                Thread.sleep(4000);
                rec.process.toHandle().destroy(); // SIGTERM: record completes the file and prints the counts
                StringBuilder out = new StringBuilder();
                for (String line; (line = rec.out.readLine()) != null;) {
                    out.append(line).append('\n');
                }
                assertTrue(rec.process.waitFor(30, TimeUnit.SECONDS), rec.stderr());
                assertTrue(out.toString().contains("link gaps 1 ("), out + rec.stderr());
                assertTrue(rec.stderr().contains("(the recording keeps what it got)"), rec.stderr());
                assertTrue(rec.stderr().contains("samples published then are not in it"), rec.stderr());
            }
        }
        try (McapReader r = McapReader.open(f)) {
            assertEquals(List.of(), r.notes(), "a complete file");
            List<McapReader.Metadata> gaps = r.metadata().stream().filter(x -> x.name().equals(RemoteRecorder.GAP))
                    .toList();
            assertEquals(1, gaps.size(), r.metadata().toString());
            assertTrue(gaps.getFirst().values().keySet().containsAll(Set.of("from", "to", "reason")), gaps.toString());
        }
        RecordedTopic t = RecordedTopic.read(f, "SensorReadings", 100_000);
        List<Long> seqs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode s : StrictJson.parse(SampleExport.json(t.samples()))) {
            JsonNode v = s.get("value");
            assertTrue(seen.add(v.get("sensor_id").asText() + "/" + v.get("seq").asText()), "a sample twice: " + v);
            seqs.add(v.get("seq").asLong());
        }
        t.type().close();
        List<Long> sorted = seqs.stream().distinct().sorted().toList();
        int before = -1;
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i) - sorted.get(i - 1) > 50) { // the demo ticks at 10 Hz: more than 5 s missing
                before = i;
            }
        }
        assertTrue(before >= 20 && sorted.size() - before >= 20, "ticks on both sides of the gap: " + before + " / "
                + (sorted.size() - before) + " of " + sorted.size());
    }

    @Test
    void aReplayThroughTheAgentGoesOnAfterALinkCut() throws Exception {
        Path f = dir.resolve("replay.mcap");
        try (TwoHosts hosts = TwoHosts.startHereAsB();
                CliProcess demo = CliProcess.startIn(hosts.a(), "demo", "--domain", DOMAIN, "--duration", "300");
                CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                        "--token-file", dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent")
                                .toString(), "--domain", DOMAIN, "--allow", "write")) {
            demo.awaitLine("READY");
            Matcher m = READY.matcher(agent.awaitLine("READY"));
            assertTrue(m.matches(), m.toString());
            List<String> remote = List.of("--remote", TwoHosts.A_ADDRESS + ":" + m.group(1), "--token-file",
                    dir.resolve("token").toString(), "--known-agents", dir.resolve("known-agents").toString());
            List<String> rec = new ArrayList<>(List.of("record", "--topic", "SensorReadings", "--output", f.toString(),
                    "--duration", "30"));
            rec.addAll(remote);
            CliTest.Result recorded = CliTest.run(rec.toArray(String[]::new));
            assertEquals(0, recorded.code(), recorded.err());
            RecordedTopic t = RecordedTopic.read(f, "SensorReadings", 100_000);
            long top = 0;
            for (JsonNode s : StrictJson.parse(SampleExport.json(t.samples()))) {
                top = Math.max(top, s.get("value").get("seq").asLong());
            }
            long maxSeq = top;
            t.type().close();
            // a subscriber in A's domain; the filter keeps the replayed samples (the demo's own are newer by now)
            try (CliProcess sub = CliProcess.startIn(hosts.a(), "subscribe", "SensorReadings", "--domain", DOMAIN,
                    "--json", "--filter", "seq <= " + maxSeq, "--wait", "30", "--timeout", "200")) {
                assertTrue(sub.awaitStderr("subscribed to 'SensorReadings'", 40), sub.stderr());
                List<Long> seqs = new java.util.concurrent.CopyOnWriteArrayList<>();
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        for (String line; (line = sub.out.readLine()) != null;) {
                            seqs.add(StrictJson.parse(line).get("value").get("seq").asLong());
                        }
                    } catch (IOException | RuntimeException e) {
                        // the process ended
                    }
                });
                Thread.sleep(2000); // the subscriber's reader is discovered by the agent
                List<String> rep = new ArrayList<>(List.of("replay", f.toString(), "--wait", "10"));
                rep.addAll(remote);
                try (CliProcess replay = CliProcess.start(rep.toArray(String[]::new))) {
                    assertTrue(replay.awaitStderr("replaying 'SensorReadings'", 40), replay.stderr());
                    Thread.sleep(4000);
                    hosts.linkDown();
                    assertTrue(replay.awaitStderr("disconnected from the agent at " + TwoHosts.A_ADDRESS, 45),
                            replay.stderr());
                    Thread.sleep(2000);
                    hosts.linkUp();
                    assertTrue(replay.awaitStderr("connected again to the agent", 45), replay.stderr());
                    StringBuilder out = new StringBuilder();
                    for (String line; (line = replay.out.readLine()) != null;) {
                        out.append(line).append('\n');
                    }
                    assertTrue(replay.process.waitFor(120, TimeUnit.SECONDS), replay.stderr());
                    assertEquals(0, replay.process.exitValue(), out + replay.stderr());
                    assertTrue(replay.stderr().contains("the writers were opened again"), replay.stderr());
                    assertTrue(out.toString().contains("written "), out.toString());
                }
                // ticks from the last seconds of the recording reached the subscriber: the replay went on to its end
                long lastTicks = maxSeq - 30;
                long end = System.nanoTime() + 20_000_000_000L;
                boolean last = false;
                while (!last && System.nanoTime() < end) {
                    last = seqs.stream().anyMatch(x -> x > lastTicks);
                    Thread.sleep(200);
                }
                assertTrue(last, "no replayed sample from the end of the recording arrived: " + seqs.size()
                        + " samples; " + sub.stderr());
                assertTrue(seqs.stream().anyMatch(x -> x < maxSeq - 250), "samples from before the cut too");
            }
        }
    }
}
