import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;

/**
 * Writes RATE samples/s for SECONDS with a C-layout writer (the binding's StructType, prepared
 * SampleBuffer, dds_write_ts) and reads them with a ReaderSession (type from imported IDL, QoS derived),
 * polled every 20 ms by sequence number like the UI. Prints one line:
 * written=N received=N dropped=N polled=N missed=N decode_errors=N max_drain_ms=X
 * With WRITER "ddsperf" the writer is instead a ddsperf process started by the script ("ddsperf -T K32 pub
 * RATEHz", libddsc's own C writer); the type is then learned over the wire from it, and "written" is the
 * span of sequence numbers received (its first..last), so DDS losses still show.
 * args: RATE SECONDS DOMAIN CAPACITY [java|ddsperf]
 */
public final class ReaderRateBench {

    public static void main(String[] args) throws Exception {
        int rate = Integer.parseInt(args[0]);
        int seconds = Integer.parseInt(args[1]);
        int domain = Integer.parseInt(args[2]);
        int capacity = Integer.parseInt(args[3]);
        if (args.length > 4 && args[4].equals("ddsperf")) {
            againstDdsperf(seconds, domain, capacity);
            return;
        }
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(ConnectionProfile.loopback("reader-rate", domain));
        try {
            PacedSampleTopic source = new PacedSampleTopic(c, "ReaderRate");
            ResolvedType type = source.resolve();
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            ReaderSession r = ReaderSession.open(c, type, ReaderSession.Config.of(
                    QosDeriver.forReader(c.model().snapshot(), "ReaderRate")).withCapacity(capacity));
            while (r.matchedWriters() < 1 && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            long[] polled = new long[3];
            Thread poller = Thread.ofPlatform().daemon().start(() -> {
                long seq = 0;
                while (!Thread.currentThread().isInterrupted()) {
                    SampleBatch b = r.poll(seq, capacity);
                    polled[0] += b.samples().size();
                    polled[1] += b.missed();
                    polled[2] += b.samples().stream().filter(x -> x.isDecodeDone()).count();
                    seq = b.nextSeq();
                    LockSupport.parkNanos(20_000_000L);
                }
            });
            PacedSampleTopic.Written wrote = source.writePaced(rate, seconds);
            long written = wrote.samples();
            long quiet = System.nanoTime() + 2_000_000_000L;
            while (r.stats().received() < written && System.nanoTime() < quiet) {
                Thread.sleep(20);
            }
            Thread.sleep(100);
            poller.interrupt();
            poller.join();
            SessionStats s = r.stats();
            System.out.printf("written=%d received=%d dropped=%d polled=%d missed=%d decode_errors=%d max_drain_ms=%.1f "
                    + "write_rate=%.0f writer_waits=%d decoded_when_polled=%d taken_in_listener=%d cpu_ms=%d%n", written,
                    s.received(), s.dropped(), polled[0], polled[1], s.decodeErrors(), s.maxDrainMillis(),
                    written / (wrote.nanos() / 1e9), wrote.waits(), polled[2], s.takenInListener(), cpuMillis());
            r.close();
            type.close();
        } finally {
            m.close(c);
        }
    }

    /** CPU time of this whole process so far (all threads: Cyclone's, the drain, GC): the cost of reading. */
    private static long cpuMillis() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L);
    }

    /** Reads ddsperf's K32 topic for SECONDS after the first sample: learned over the wire, QoS derived. */
    private static void againstDdsperf(int seconds, int domain, int capacity) throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(ConnectionProfile.loopback("reader-rate", domain));
        try {
            String topicName = "DDSPerfRDataK32";
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (c.model().snapshot().endpoints().stream().noneMatch(e -> e.topicName().equals(topicName) && !e.isReader())
                    && System.nanoTime() < end) {
                Thread.sleep(10);
            }
            ResolvedType type = new TypeResolver(c, new ImportedTypes()).resolve(topicName,
                    TypeResolver.Options.DEFAULT.withSources(TypeSource.WIRE));
            ReaderSession r = ReaderSession.open(c, type, ReaderSession.Config.of(
                    QosDeriver.forReader(c.model().snapshot(), topicName)).withCapacity(capacity));
            long seq = 0;
            long first = -1;
            long last = -1;
            long polled = 0;
            long missed = 0;
            long stopAt = Long.MAX_VALUE;
            long cpu0 = 0;
            while (System.nanoTime() < stopAt) {
                SampleBatch b = r.poll(seq, capacity);
                for (var s : b.samples()) {
                    Object v = s.field("seq");
                    if (v instanceof Number n) {
                        long q = n.longValue();
                        if (first < 0) {
                            first = q;
                            stopAt = System.nanoTime() + seconds * 1_000_000_000L;
                            cpu0 = cpuMillis();
                        }
                        last = Math.max(last, q);
                    }
                }
                polled += b.samples().size();
                missed += b.missed();
                seq = b.nextSeq();
                if (first < 0 && System.nanoTime() > end) {
                    throw new IllegalStateException("no sample from ddsperf within 20 s");
                }
                LockSupport.parkNanos(20_000_000L);
            }
            r.pause(); // stop counting at the same moment as the seq span
            long cpu = cpuMillis() - cpu0; // the process's CPU over the measured window
            SessionStats s = r.stats();
            long received = s.received() - s.pausedDiscarded();
            System.out.printf("written=%d received=%d dropped=%d polled=%d missed=%d decode_errors=%d max_drain_ms=%.1f "
                    + "taken_in_listener=%d cpu_ms=%d writer=ddsperf type=%s%n", last - first + 1, received, s.dropped(),
                    polled, missed, s.decodeErrors(), s.maxDrainMillis(), s.takenInListener(), cpu,
                    type.typeName());
            r.close();
            type.close();
        } finally {
            m.close(c);
        }
    }
}
