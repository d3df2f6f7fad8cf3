package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ddstuner.connection.Connection;
import org.ddstuner.record.ChannelMeta;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.RecordingInfo;
import org.ddstuner.record.Replayer;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.dds.Qos;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Cyclone 11 Python writer recorded, the file read by the {@code mcap} package from PyPI, and the replay seen by a
 * Cyclone 11 Python reader sample for sample, in the recorded partition and QoS.
 */
class RecordReplayPeerTest extends LiveConnectionTest {

    private static final int DOMAIN = 61;
    private static final int COUNT = 300;

    @TempDir
    Path dir;

    @Test
    void aPeersTopicIsRecordedReadByAnotherMcapReaderAndReplayedSampleForSample() throws Exception {
        String topic = "RecT_" + ProcessHandle.current().pid();
        PeerProcess writer = closeAfterTest(Peers.start("record_peer", DOMAIN, "--mode", "write", "--topic", topic,
                "--count", "" + COUNT, "--period-ms", "5"));
        Connection c = connect(DOMAIN);
        Recorder.TopicChoice choice = LiveTopics.choice(c, topic, Duration.ofSeconds(20));
        Path file = dir.resolve("peer.mcap");
        Recorder rec = Recorder.start(c, file, List.of(choice), Recorder.DEFAULT_RING);
        try {
            LiveTopics.await(Duration.ofSeconds(30), "the peer wrote " + COUNT + " and all were written:\n"
                    + writer.stdout(), () -> writer.stdout().contains("WROTE " + COUNT)
                            && rec.stats().written() == COUNT);
        } finally {
            rec.close();
        }
        Recorder.Stats st = rec.stats();
        assertEquals(COUNT, st.received());
        assertEquals(COUNT, st.written());
        assertEquals(0, st.dropped());

        // another reader's view
        JsonNode py = PythonMcap.read(file);
        assertEquals(COUNT, py.get("message_count").asLong());
        JsonNode schema = py.get("schemas").get(0);
        assertEquals("tuner::Recorded", schema.get("name").asText());
        assertEquals("omgidl", schema.get("encoding").asText());
        assertTrue(schema.get("data").asText().contains("struct Recorded"), schema.toString());
        JsonNode ch = py.get("channels").get(0);
        assertEquals(topic, ch.get("topic").asText());
        assertEquals("cdr", ch.get("encoding").asText());
        JsonNode meta = ch.get("metadata");
        assertEquals(LiveTopics.hex(writer.info("guid").orElseThrow()), LiveTopics.hex(meta.get(
                ChannelMeta.WRITER_GUID).asText()));
        assertEquals("[\"rec\"]", meta.get(ChannelMeta.PARTITIONS).asText());
        assertTrue(meta.get(ChannelMeta.QOS).asText().contains("\"RELIABLE\""), meta.toString());
        long previous = 0;
        for (int i = 0; i < COUNT; i++) {
            JsonNode m = py.get("messages").get(i);
            String hex = m.get(3).asText();
            assertEquals("0001", hex.substring(0, 4), "XCDR1 little-endian encapsulation: " + hex);
            long seq = Long.parseLong(hex.substring(18, 20) + hex.substring(16, 18), 16); // uint32 LE at body 4
            assertEquals(i, seq, "sample " + i + " in order");
            assertTrue(m.get(2).asLong() > 0 && m.get(1).asLong() >= m.get(2).asLong() - 5_000_000_000L,
                    "source (publish) and reception (log) times: " + m);
            assertTrue(m.get(1).asLong() >= previous, "log times ascend");
            previous = m.get(1).asLong();
        }
        RecordingInfo info = RecordingInfo.of(file);
        assertEquals(COUNT, info.topics().get(topic).messages());
        assertEquals(1, info.topics().get(topic).writers());

        // replay into the same domain: a Cyclone 11 reader in partition "rec" sees every sample, in order
        writer.close();
        PeerProcess echo = closeAfterTest(Peers.start("record_peer", DOMAIN, "--mode", "echo", "--topic", topic));
        try (McapReader reader = McapReader.open(file)) {
            Replayer replay = Replayer.open(c, reader, new Replayer.Options(4, false, java.util.Set.of(),
                    java.util.Map.of(), 0, Long.MAX_VALUE, java.util.Map.of()));
            try {
                assertEquals(List.of("rec"), replay.targets().getFirst().qos().partitions());
                assertEquals(Qos.ReliabilityKind.RELIABLE, replay.targets().getFirst().qos().qos().reliability()
                        .kind());
                assertTrue(replay.awaitReaders(1, Duration.ofSeconds(20)), "the echo peer matched");
                Replayer.Result res = replay.run(() -> false);
                assertEquals(COUNT, res.written(), res.toString());
                LiveTopics.await(Duration.ofSeconds(20), "the echo peer saw " + COUNT, () -> LiveTopics.echoLines(
                        echo.stdout()).size() >= COUNT);
            } finally {
                replay.close();
            }
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            expected.add(String.format(Locale.ROOT, "ECHO %d %d %s s%d", i, i % 3, Double.toString(i * 0.5), i));
        }
        List<String> seen = LiveTopics.echoLines(echo.stdout());
        // a take hands out samples instance by instance: per instance (id) the order is the writer's
        for (int id = 0; id < 3; id++) {
            String key = " " + id + " ";
            assertEquals(expected.stream().filter(l -> l.split(" ")[2].equals(key.trim())).toList(), seen.stream()
                    .filter(l -> l.split(" ")[2].equals(key.trim())).toList(), "instance " + id + " in order");
        }
        List<String> sorted = new ArrayList<>(seen);
        sorted.sort(java.util.Comparator.comparingInt(l -> Integer.parseInt(l.split(" ")[1])));
        assertEquals(expected, sorted, "every sample once, equal in value");
    }
}
