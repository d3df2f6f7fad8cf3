package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.ModelOptions;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A client that stops reading while the system changes fast: the agent's model and journal go on at full speed (the
 * notifier never waits for the client), the client's queue overflows, the drops are counted and told to the client,
 * and when it reads again it gets a "client-too-slow" snapshot (the small history no longer reaches back) and then the
 * deltas up to the journal's last sequence. The model is fed discovery events directly (50 endpoints re-announced
 * with a changing 4 KB property every 5 ms): this is about the agent's queues, not about DDS.
 */
class SlowClientTest {

    @TempDir
    Path dir;

    @Test
    void aStalledClientIsDroppedToAResnapshotAndNeverSlowsTheModel() throws Exception {
        SystemModel model = new SystemModel(ModelOptions.defaults().withNotifyInterval(Duration.ofMillis(5)));
        model.start();
        Guid participant = Guid.parse("01100000:00000001:00000001:000001c1");
        model.apply(new DiscoveryEvent.ParticipantSeen(participant, Qos.EMPTY.withEntityName("Busy")));
        try (ModelJournal journal = ModelJournal.attach(model, 16);
                RemoteServer server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("agent"))
                        .withClientQueue(8));
                RawClient raw = RawClient.tls13(server.address())) {
            assertEquals(Protocol.WELCOME, raw.hello(TokenFile.read(dir.resolve("agent/token"))).get("type").asText());
            // the client reads nothing from here on; the notifier's pace is watched by a listener behind the journal
            long[] lastTick = { System.nanoTime() };
            long[] longestGap = { 0 };
            model.addListener(d -> {
                long now = System.nanoTime();
                longestGap[0] = Math.max(longestGap[0], now - lastTick[0]);
                lastTick[0] = now;
            });
            String filler = "x".repeat(8192);
            long start = System.nanoTime();
            long dropSeq = -1;
            int round = 0;
            // until the client's queue overflowed, then 24 batches more (past the 16 the history keeps)
            while (dropSeq < 0 || journal.seq() < dropSeq + 24) {
                assertTrue(System.nanoTime() - start < 60_000_000_000L, "no drop within 60 s: " + server.stats());
                for (int i = 0; i < 60; i++) {
                    Guid g = Guid.parse(String.format("01100000:00000001:00000001:%08x", 0x100 + i * 0x100 + 2));
                    model.apply(new DiscoveryEvent.EndpointSeen(g, EndpointKind.WRITER, participant, "Busy", "T",
                            Qos.EMPTY.with(new Qos.Properties(Map.of("round", round + filler))), false));
                }
                round++;
                if (round % 20 == 0) {
                    raw.frames.write(Frames.frame(Protocol.PING)); // writing, not reading: the agent must not time us out
                }
                Thread.sleep(5);
                if (dropSeq < 0 && server.stats().queueDrops() > 0) {
                    dropSeq = journal.seq();
                }
            }
            Thread.sleep(100); // let the last tick through
            assertTrue(longestGap[0] < 3_000_000_000L, "the model's notifier waited " + longestGap[0] / 1_000_000
                    + " ms for the stalled client");
            long finalSeq = journal.seq();

            // now read: everything queued, then the resnapshot, then deltas to the end
            boolean resnapshot = false;
            long drops = 0;
            long seq = -1;
            long readStart = System.nanoTime();
            while (seq < finalSeq || !resnapshot) {
                assertTrue(System.nanoTime() - readStart < 60_000_000_000L, "not caught up: at " + seq + " of "
                        + finalSeq + ", resnapshot " + resnapshot);
                ObjectNode f = raw.frames.read();
                String type = f.get("type").asText();
                if (type.equals(Protocol.SNAPSHOT) && f.get("reason").asText().equals(Protocol.SNAPSHOT_OVERFLOW)) {
                    resnapshot = true;
                    drops = f.get("drops").asLong();
                }
                if (f.has("seq") && f.path("last").asBoolean(true)) {
                    seq = f.get("seq").asLong();
                }
            }
            assertTrue(drops > 0, "drops told to the client");
            assertEquals(finalSeq, seq);
            assertTrue(server.stats().resnapshots() >= 2, server.stats().toString());
        } finally {
            model.close();
        }
    }
}
