import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.DdsTimeoutException;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Writer;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;

/**
 * The writing side the reader benches share (ReaderRateBench, RecordBench): a C-layout writer of {@code bench::Sample}
 * (the binding's StructType, a prepared SampleBuffer, dds_write_ts; reliable, keep-last 1000) on one topic of an open
 * connection, written at a steady rate; and the same type as the desktop resolves it from imported IDL, for readers.
 */
final class PacedSampleTopic {

    static final String IDL = "module bench { @final struct Sample { @key long id; long long seq; double value; }; };";

    /** What {@link #writePaced} did: samples written, writes held up by a full reader history, the time taken. */
    record Written(long samples, long waits, long nanos) {
    }

    private final Connection connection;
    private final String topic;
    private final StructType type;
    private final Writer writer;

    /** Creates the writer on {@code topic} and waits (≤ 10 s) until the connection's model shows the topic. */
    PacedSampleTopic(Connection connection, String topic) throws InterruptedException {
        this.connection = connection;
        this.topic = topic;
        Participant p = connection.domain().createParticipant();
        type = StructType.builder("bench::Sample").key("id", MemberKind.INT32).member("seq", MemberKind.INT64)
                .member("value", MemberKind.FLOAT64).build();
        writer = p.createWriter(p.createTopic(topic, type, null), Qos.EMPTY.withReliable().withKeepLast(1000));
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (connection.model().snapshot().topic(topic).isEmpty() && System.nanoTime() < end) {
            Thread.sleep(10);
        }
    }

    /** {@code bench::Sample} resolved for {@code topicName} from the imported IDL, as a reader of the desktop would. */
    static ResolvedType resolve(Connection connection, String topicName) {
        ImportedTypes imported = new ImportedTypes();
        try {
            imported.importText("bench.idl", IDL);
        } catch (Exception e) {
            throw new IllegalStateException("the bench's own IDL does not parse: " + e.getMessage(), e);
        }
        return new TypeResolver(connection, imported).resolve(topicName, TypeResolver.Options.DEFAULT
                .withSources(TypeSource.IMPORTED).withTypeName("bench::Sample"));
    }

    /** This topic's type, resolved as {@link #resolve} does. */
    ResolvedType resolve() {
        return resolve(connection, topic);
    }

    /**
     * Writes {@code rate} samples/s for {@code seconds} (16 instances, seq = 0, 1, …), each stamped with the wall
     * clock; a write held up by a full KEEP_ALL reader history (a timeout) is counted and written again.
     */
    Written writePaced(int rate, int seconds) {
        SampleBuffer buf = new SampleBuffer(type, Map.of("id", 0, "seq", 0L, "value", 0.5));
        int idIdx = type.indexOf("id");
        int seqIdx = type.indexOf("seq");
        long written = 0;
        long waits = 0;
        long total = (long) rate * seconds;
        long start = System.nanoTime();
        while (written < total) {
            long due = start + written * 1_000_000_000L / rate;
            long now = System.nanoTime();
            if (due > now) {
                LockSupport.parkNanos(due - now);
            }
            buf.setInt32(idIdx, (int) (written % 16)).setInt64(seqIdx, written);
            try {
                writer.write(buf, System.currentTimeMillis() * 1_000_000L);
                written++;
            } catch (DdsTimeoutException e) {
                waits++;
            }
        }
        return new Written(written, waits, System.nanoTime() - start);
    }
}
