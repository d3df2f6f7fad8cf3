package org.ddstuner.samples;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.samples.internal.DecodeWorker;
import org.ddstuner.samples.internal.SampleRing;
import org.ddstuner.samples.internal.WriterDirectory;

/**
 * The tool's own reader on a topic: a subscriber in the derived partitions, a topic with the
 * {@link ResolvedType}'s descriptor and a raw reader, all on the connection's own participant (so the
 * system model flags them as the tool's). A background thread drains the reader into a bounded ring with a
 * per-instance view, storing bytes only; a second thread decodes them with the type's codec (a sample that
 * does not decode keeps its bytes and the error), and a sample still undecoded is decoded when first asked
 * for its value. So DDS is drained at the writers' pace even when decoding is slower: the ring then simply
 * overwrites samples nobody decoded ({@link SessionStats#decodeSkipped()}).
 *
 * <p>Consumers never get a callback per sample: they {@link #poll} by sequence number on their own
 * schedule (the UI on a throttle). Everything here is thread-safe.
 */
public final class ReaderSession implements AutoCloseable {

    /**
     * TAKE removes samples from the DDS reader; READ leaves them in its cache (marked read, visible to a
     * later take) and still stores each sample once. As the cache keeps what was read, READ turns a KEEP_ALL
     * history into KEEP_LAST ({@link QosDeriver#forReadMode}) so it cannot fill up and hold up writers.
     */
    public enum Mode { TAKE, READ }

    /**
     * @param qos       the reader QoS and partitions (usually {@link QosDeriver#forReader}, maybe edited)
     * @param mode      take or read
     * @param capacity  ring size: samples (and instances) kept
     * @param batch     samples taken from DDS per call
     */
    public record Config(DerivedQos qos, Mode mode, int capacity, int batch) {

        public static final int DEFAULT_CAPACITY = 10_000;

        public Config {
            if (capacity < 1 || batch < 1) {
                throw new IllegalArgumentException("capacity and batch must be positive");
            }
        }

        public static Config of(DerivedQos qos) {
            return new Config(qos, Mode.TAKE, DEFAULT_CAPACITY, 256);
        }

        public Config withCapacity(int c) {
            return new Config(qos, mode, c, batch);
        }

        public Config withMode(Mode m) {
            return new Config(qos, m, capacity, batch);
        }
    }

    private static final Duration WAIT = Duration.ofMillis(100);

    private final ResolvedType type;
    private final Config config;
    private final Subscriber subscriber;
    private final RawTopic topic;
    private final RawReader reader;
    private final WriterDirectory writers;
    private final SampleRing ring;
    /** Decodes the ring's samples in the background; {@code null} for RAW types (nothing to decode). */
    private final DecodeWorker decoder;
    private final Thread drain;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong pausedDiscarded = new AtomicLong();
    private volatile long maxDrainNanos;
    private volatile boolean paused;
    private volatile boolean closed;
    private volatile String drainFailure;

    private ReaderSession(ResolvedType type, Config config, Participant own) {
        this.type = type;
        this.config = config;
        this.ring = new SampleRing(config.capacity());
        this.decoder = type.isRaw() ? null : new DecodeWorker(type.codec().orElseThrow(), type.type().orElseThrow(), ring,
                "ddstuner-decode-" + type.topicName());
        Subscriber sub = null;
        RawTopic t = null;
        RawReader r = null;
        WriterDirectory w = null;
        try {
            sub = own.createSubscriber(config.qos().groupQos());
            t = RawTopic.create(own, type.topicName(), type.descriptor(), null);
            Qos q = config.qos().endpointQos();
            r = RawReader.create(sub, t, config.mode() == Mode.READ ? QosDeriver.forReadMode(q) : q);
            w = new WriterDirectory(own);
        } catch (RuntimeException e) {
            closeQuietly(w, r, sub, t);
            throw e;
        }
        this.subscriber = sub;
        this.topic = t;
        this.reader = r;
        this.writers = w;
        this.drain = Thread.ofPlatform().daemon().name("ddstuner-reader-" + type.topicName()).unstarted(this::drainLoop);
    }

    /**
     * Creates the entities and starts draining.
     *
     * @throws org.ddstuner.dds.DdsException when Cyclone refuses the QoS or topic (e.g. the topic exists in
     *                                       this participant with another type)
     */
    public static ReaderSession open(Connection connection, ResolvedType type, Config config) {
        type.acquire();
        try {
            ReaderSession s = new ReaderSession(type, config, connection.ownParticipant());
            if (s.decoder != null) {
                s.decoder.start();
            }
            s.drain.start();
            return s;
        } catch (RuntimeException e) {
            type.release();
            throw e;
        }
    }

    public ResolvedType type() {
        return type;
    }

    public Config config() {
        return config;
    }

    /** Up to {@code max} samples with {@code seq >= fromSeq}, oldest first; start with 0. */
    public SampleBatch poll(long fromSeq, int max) {
        List<ReceivedSample> s = ring.from(fromSeq, max);
        long next = s.isEmpty() ? Math.max(fromSeq, ring.firstSeq()) : s.getLast().seq() + 1;
        return new SampleBatch(s, next, ring.missedSince(fromSeq), stats());
    }

    /** Every sample in the ring, oldest first. */
    public List<ReceivedSample> samples() {
        return ring.from(0, ring.capacity());
    }

    /** Latest sample per instance, least recently updated first. */
    public List<InstanceView> instances() {
        return ring.instances();
    }

    /** The columns of this topic's type (empty for RAW). */
    public SampleColumns columns() {
        return SampleColumns.of(type);
    }

    public SessionStats stats() {
        int matched;
        try {
            matched = closed ? 0 : reader.subscriptionMatched().currentCount();
        } catch (RuntimeException e) {
            matched = 0; // closed meanwhile
        }
        return new SessionStats(received.get(), ring.dropped(), pausedDiscarded.get(),
                decoder == null ? 0 : decoder.errors(), ring.size(), ring.capacity(), ring.instanceCount(),
                maxDrainNanos / 1e6, matched, decoder == null ? 0 : decoder.skipped());
    }

    /** Writers our reader is matched with now. */
    public int matchedWriters() {
        return stats().matchedWriters();
    }

    /**
     * Stops storing samples; the reader keeps draining DDS meanwhile (so writers are never held up by a
     * paused tool) and counts what it discards.
     */
    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
    }

    public boolean isPaused() {
        return paused;
    }

    /** Empties the ring and the instance view (sequence numbers keep counting). */
    public void clear() {
        ring.clear();
    }

    /** Why draining stopped, if it did because of an error; {@code null} while healthy. */
    public String failure() {
        return drainFailure;
    }

    /**
     * Takes (or reads) batches and stores them undecoded: this thread must keep up with the writers, so
     * decoding happens on the decode worker (or on first use).
     */
    private void drainLoop() {
        try {
            while (!closed) {
                reader.waitForData(WAIT);
                while (!closed) {
                    long t0 = System.nanoTime();
                    List<RawSample> batch = fetch();
                    if (batch.isEmpty()) {
                        break;
                    }
                    store(batch, Instant.now());
                    if (decoder != null) {
                        decoder.wake();
                    }
                    long took = System.nanoTime() - t0;
                    if (took > maxDrainNanos) {
                        maxDrainNanos = took;
                    }
                }
            }
        } catch (RuntimeException e) {
            if (!closed) {
                drainFailure = TypeResolver.message(e);
            }
        }
    }

    private List<RawSample> fetch() {
        return config.mode() == Mode.READ ? reader.read(config.batch()) : reader.take(config.batch());
    }

    private void store(List<RawSample> batch, Instant now) {
        received.addAndGet(batch.size());
        if (paused) {
            pausedDiscarded.addAndGet(batch.size());
            return;
        }
        long seq = ring.nextSeq(); // this thread is the only one appending
        List<ReceivedSample> out = new ArrayList<>(batch.size());
        for (RawSample raw : batch) {
            Guid writer = writers.writerOf(raw.info().publicationHandle());
            out.add(decoder == null
                    ? new ReceivedSample(seq++, now, raw.info(), writer, raw.data(), null, null, List.of())
                    : ReceivedSample.undecoded(seq++, now, raw.info(), writer, raw.data(), decoder));
        }
        ring.appendAll(out);
    }

    public boolean isClosed() {
        return closed;
    }

    /** Stops draining and deletes our reader, topic and subscriber. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            drain.join(WAIT.toMillis() * 20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (decoder != null) {
            decoder.stop();
        }
        closeQuietly(writers, reader, subscriber, topic);
        type.release();
    }

    private static void closeQuietly(AutoCloseable... cs) {
        for (AutoCloseable c : cs) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    // already deleted with the participant: nothing left to free
                }
            }
        }
    }

    @Override
    public String toString() {
        return "ReaderSession[" + type.topicName() + ", " + type.typeName() + (closed ? ", closed" : "") + "]";
    }
}
