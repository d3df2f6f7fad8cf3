package org.ddstuner.record.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topic that goes quiet: its last samples reach the file within about a second although no further sample
 * arrives to push the chunk out (what a kill then keeps), checked by reading the file while it records.
 */
class QuietTopicTest extends LiveConnectionTest {

    private static final int DOMAIN = 63;

    @TempDir
    Path dir;

    @Test
    void theLastSamplesOfAQuietTopicAreInTheFileWithinASecond() throws Exception {
        String topic = "QuietT_" + ProcessHandle.current().pid();
        PeerProcess writer = closeAfterTest(Peers.start("record_peer", DOMAIN, "--mode", "write", "--topic", topic,
                "--count", "20", "--period-ms", "20"));
        Connection c = connect(DOMAIN);
        Path file = dir.resolve("quiet.mcap");
        Recorder rec = closeAfterTest(Recorder.start(c, file, List.of(LiveTopics.choice(c, topic,
                Duration.ofSeconds(20))), Recorder.DEFAULT_RING));
        LiveTopics.await(Duration.ofSeconds(20), "20 samples recorded", () -> writer.stdout().contains("WROTE 20")
                && rec.stats().written() == 20);
        long[] inFile = { 0 };
        LiveTopics.await(Duration.ofSeconds(3), "the 20 samples in the file before the recording ends", () -> {
            try (McapReader r = McapReader.open(file)) { // read as a kill would leave it: no summary yet
                inFile[0] = r.countMessages().values().stream().mapToLong(Long::longValue).sum();
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            return inFile[0] == 20;
        });
        assertEquals(20, inFile[0]);
    }
}
