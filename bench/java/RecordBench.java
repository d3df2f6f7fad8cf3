import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.Replayer;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;

/**
 * Recording and replay (org.ddstuner.record): a C-layout writer (StructType, dds_write_ts) writes RATE samples/s
 * for SECONDS on "RecordBench"; a Recorder (the ReaderSession ring + MCAP writer thread of `ddstuner record`)
 * records it into FILE. Then the file is replayed at speed 1 as "RecordBenchReplay" (Replayer: the recorded QoS,
 * bytes through RawWriter) while a ReaderSession counts what arrives. Prints one line:
 * written=N received=N recorded=N dropped=N file_mb=X mb_per_s=X replayed=N replay_received=N
 * timing_p50_ms=X timing_p99_ms=X timing_max_ms=X heap_mb=N
 * args: RATE SECONDS DOMAIN FILE
 */
public final class RecordBench {

    public static void main(String[] args) throws Exception {
        int rate = Integer.parseInt(args[0]);
        int seconds = Integer.parseInt(args[1]);
        int domain = Integer.parseInt(args[2]);
        Path file = Path.of(args[3]);
        Files.deleteIfExists(file);
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(ConnectionProfile.loopback("record-bench", domain));
        try {
            PacedSampleTopic source = new PacedSampleTopic(c, "RecordBench");
            ResolvedType type = source.resolve();
            Recorder rec = Recorder.start(c, file, List.of(new Recorder.TopicChoice(type,
                    QosDeriver.forReader(c.model().snapshot(), "RecordBench"))), Recorder.DEFAULT_RING);
            Thread.sleep(1000); // matched
            long written = source.writePaced(rate, seconds).samples();
            long quiet = System.nanoTime() + 3_000_000_000L;
            while (rec.stats().written() + rec.stats().dropped() < written && System.nanoTime() < quiet) {
                Thread.sleep(20);
            }
            rec.close();
            if (rec.failure() != null) { // say why, rather than fail later on an empty file
                throw new IllegalStateException("the recording failed: " + rec.failure());
            }
            Recorder.Stats s = rec.stats();
            // MB/s over the writing time: what the disk had to take while the topic ran
            double mbps = Files.size(file) / 1e6 / seconds;

            // replay at recorded speed under another name, counted by a reader of our own
            ResolvedType type2 = PacedSampleTopic.resolve(c, "RecordBenchReplay");
            long replayed;
            long replayReceived;
            Replayer.Result res;
            try (McapReader r = McapReader.open(file)) {
                Replayer rp = Replayer.open(c, r, new Replayer.Options(1, false, Set.of(), Map.of("RecordBench",
                        "RecordBenchReplay"), 0, Long.MAX_VALUE, Map.of()));
                ReaderSession counter = ReaderSession.open(c, type2, ReaderSession.Config.of(rp.targets().getFirst().qos())
                        .withCapacity(1024));
                rp.awaitReaders(1, Duration.ofSeconds(10));
                res = rp.run(() -> false);
                replayed = res.written();
                long q = System.nanoTime() + 3_000_000_000L;
                while (counter.stats().received() < replayed && System.nanoTime() < q) {
                    Thread.sleep(20);
                }
                replayReceived = counter.stats().received();
                counter.close();
                rp.close();
            }
            type2.close();
            System.gc();
            long heap = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) / 1_000_000;
            System.out.printf(java.util.Locale.ROOT, "written=%d received=%d recorded=%d dropped=%d file_mb=%.1f "
                    + "mb_per_s=%.2f replayed=%d replay_received=%d timing_p50_ms=%.3f timing_p99_ms=%.3f "
                    + "timing_max_ms=%.3f heap_mb=%d%n", written, s.received(), s.written(), s.dropped(),
                    Files.size(file) / 1e6, mbps, replayed, replayReceived, res.timingP50Nanos() / 1e6,
                    res.timingP99Nanos() / 1e6, res.timingMaxNanos() / 1e6, heap);
        } finally {
            m.close(c);
        }
    }
}
