package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.record.ChannelMeta;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record --remote} and {@code replay --remote} against a foreign application, the Cyclone DDS 11 Python peer
 * (libddsc 11, inside netns-run.sh): its SensorData and RichData (mutable, XCDR2) recorded through the agent hold the
 * same messages — writer, kind and bytes — as a local recording of the same traffic; RichData replayed through the
 * agent reaches the peer's own reader, which echoes every sample it gets from another participant.
 */
class RemotePeerRecordCliTest {

    private static final int DOMAIN = 168;
    private static final Pattern READY = Pattern.compile("READY serving domain 168 on 127\\.0\\.0\\.1:(\\d+), .*");
    private static final Pattern WRITTEN = Pattern.compile("written (\\d+) ");
    private static PeerProcess peer;

    @TempDir
    Path dir;

    @BeforeAll
    static void startPeer() {
        NetNs.requireIsolated();
        Peers.requireAvailable();
        peer = Peers.startCyclonePeer(DOMAIN, "--period-ms", "100", "--rich");
    }

    @AfterAll
    static void stopPeer() {
        if (peer != null) {
            peer.close();
        }
    }

    private static CliTest.Result finish(CliProcess p) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String line; (line = p.out.readLine()) != null;) {
            out.append(line).append('\n');
        }
        assertTrue(p.process.waitFor(60, TimeUnit.SECONDS), "did not end: " + p.stderr());
        return new CliTest.Result(p.process.exitValue(), out.toString(), p.stderr());
    }

    /** Per source time, each message as "topic writer kind bytes"; the encapsulations seen per topic. */
    private static TreeMap<Long, List<String>> messages(Path file, Map<String, Integer> encapsulation)
            throws Exception {
        TreeMap<Long, List<String>> m = new TreeMap<>();
        try (McapReader r = McapReader.open(file)) {
            Map<Integer, McapReader.Channel> channels = r.channels();
            r.messages(null, x -> {
                McapReader.Channel c = channels.get(x.channelId());
                encapsulation.put(c.topic(), (x.data()[0] & 0xff) << 8 | x.data()[1] & 0xff);
                m.computeIfAbsent(x.publishTime(), k -> new ArrayList<>()).add(c.topic() + " " + c.metadata().get(
                        ChannelMeta.WRITER_GUID) + " " + c.metadata().get(ChannelMeta.SAMPLE_KIND) + " "
                        + HexFormat.of().formatHex(x.data()));
                return true;
            });
        }
        return m;
    }

    @Test
    void thePeersTopicsRecordedThroughTheAgentAndReplayedIntoItsReader() throws Exception {
        Path local = dir.resolve("local.mcap");
        Path remote = dir.resolve("remote.mcap");
        try (CliProcess agent = CliProcess.start("serve", "--listen", "127.0.0.1:0", "--token-file",
                dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(), "--domain",
                "" + DOMAIN, "--allow", "write")) {
            Matcher ready = READY.matcher(agent.awaitLine("READY"));
            assertTrue(ready.matches(), ready.toString());
            List<String> remoteArgs = List.of("--remote", "127.0.0.1:" + ready.group(1), "--token-file",
                    dir.resolve("token").toString(), "--known-agents", dir.resolve("known-agents").toString());
            List<String> rec = new ArrayList<>(List.of("record", "--topic", "SensorData", "--topic", "RichData",
                    "--output", remote.toString(), "--duration", "5"));
            rec.addAll(remoteArgs);
            try (CliProcess loc = CliProcess.start("record", "--domain", "" + DOMAIN, "--wait", "20", "--topic",
                    "SensorData", "--topic", "RichData", "--output", local.toString(), "--duration", "5");
                    CliProcess rem = CliProcess.start(rec.toArray(String[]::new))) {
                CliTest.Result l = finish(loc);
                CliTest.Result r = finish(rem);
                assertEquals(0, l.code(), l.err());
                assertEquals(0, r.code(), r.err());
                assertTrue(r.err().contains("RichData=tuner::RichReading") && r.err().contains(
                        "SensorData=tuner::SensorReading"), r.err());
                assertTrue(r.out().contains("dropped 0 ("), r.out());
            }
            Map<String, Integer> encLocal = new TreeMap<>();
            Map<String, Integer> encRemote = new TreeMap<>();
            TreeMap<Long, List<String>> lm = messages(local, encLocal);
            TreeMap<Long, List<String>> rm = messages(remote, encRemote);
            assertEquals(encLocal, encRemote);
            assertTrue(encRemote.get("RichData") >= 6, "XCDR2 as the peer wrote it: " + encRemote);
            // transient-local history reaches each recording's reader at its start: compare from 1 s after both began
            long from = Math.max(lm.firstKey(), rm.firstKey()) + 1_000_000_000L;
            long to = Math.min(lm.lastKey(), rm.lastKey()) - 200_000_000L;
            List<String> a = lm.subMap(from, true, to, true).values().stream().flatMap(List::stream).sorted().toList();
            List<String> b = rm.subMap(from, true, to, true).values().stream().flatMap(List::stream).sorted().toList();
            assertTrue(a.size() >= 20 && a.stream().anyMatch(x -> x.startsWith("RichData ")), "overlap: " + a.size());
            assertEquals(a, b, "the same messages through the agent as recorded here");

            // RichData replayed through the agent: the peer echoes each sample another participant wrote. From 1 s
            // on: the recording begins with the writer's transient-local history, received at once, which a replay
            // writes at once too — more per instance than the peer's reader keeps (KEEP_LAST 10) between its reads
            // (every 100 ms); at half the recorded speed it holds two seconds of samples, enough for a Python peer
            // slowed down by a busy box (at 4× a run lost a few to it, at 1× one in about eight runs lost one)
            long echoesBefore = echoes();
            List<String> rep = new ArrayList<>(List.of("replay", remote.toString(), "--topic", "RichData", "--wait",
                    "10", "--from", "1", "--to", "4", "--speed", "0.5"));
            rep.addAll(remoteArgs);
            CliTest.Result replayed = CliTest.run(rep.toArray(String[]::new));
            assertEquals(0, replayed.code(), replayed.err() + replayed.out());
            Matcher w = WRITTEN.matcher(replayed.out());
            assertTrue(w.find(), replayed.out());
            long written = Long.parseLong(w.group(1));
            assertTrue(written >= 40, replayed.out()); // 2 samples every 100 ms for 3 s
            long end = System.nanoTime() + 20_000_000_000L;
            while (echoes() - echoesBefore < written && System.nanoTime() < end) {
                Thread.sleep(100);
            }
            assertEquals(written, echoes() - echoesBefore, "every replayed RichData sample reached the peer's reader: "
                    + peer.stdout().lines().filter(l -> l.startsWith("ECHO RichData ")).skip(echoesBefore).map(
                            l -> l.replaceAll(".*id=(\\d+).*seq=(\\d+).*", "$1/$2")).toList() + "\n" + replayed.err()
                    + replayed.out());
        }
    }

    private static long echoes() {
        return peer.stdout().lines().filter(l -> l.startsWith("ECHO RichData ")).count();
    }
}
