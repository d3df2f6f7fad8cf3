package org.ddstuner.samples;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.samples.internal.LazyDecoder;
import org.ddstuner.samples.internal.SampleRing;
import org.ddstuner.samples.internal.WriterDirectory;

/**
 * The tool's own reader on a topic: a subscriber in the derived partitions, a topic with the
 * {@link ResolvedType}'s descriptor and a raw reader, all on the connection's own participant (so the
 * system model flags them as the tool's). A background thread drains the reader into a bounded ring with a
 * per-instance view, storing bytes only; a sample is decoded with the type's codec when first asked for its
 * value (the rows a view shows, what a filter reads, an export), and a sample that does not decode keeps its
 * bytes and the error.
 *
 * <p>A starved drain thread must not lose samples to the reader's KEEP_LAST history (Cyclone overwrites
 * what is not taken in time; on a busy 2-core box the thread was off the CPU for 100–300 ms, i.e. 5,000–15,000
 * samples of a 50,000 samples/s topic). So a data-available listener counts arrivals on Cyclone's delivering
 * thread and, once a batch has piled up untaken, takes it right there: the history never holds more than
 * about a batch, whatever the scheduler does to our threads (and while the JVM is stopped, delivery waits
 * instead of overwriting). Normally the listener only counts and wakes the drain thread, which takes a few
 * milliseconds' worth at once.
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
    /** How long the drain thread lets samples gather after the first arrival before it takes them. */
    private static final Duration COALESCE = Duration.ofMillis(5);

    private final ResolvedType type;
    private final Config config;
    private final Subscriber subscriber;
    private final RawTopic topic;
    /** Replaced (under {@link #drainLock}) when a QoS change re-creates the reader. */
    private volatile RawReader reader;
    private final WriterDirectory writers;
    private final SampleRing ring;
    /** Decodes a sample on first use; {@code null} for RAW types (nothing to decode). */
    private final LazyDecoder decoder;
    private final Thread drain;
    /** What opening left out ({@link XcdrSupport}): writers of a representation this reader does not take. */
    private final List<String> notes;
    /** One drain at a time (the drain thread or the listener): sequence numbers are given in order. */
    private final ReentrantLock drainLock = new ReentrantLock();
    /** Samples that arrived since the last drain began (counted by the listener). */
    private final AtomicInteger arrived = new AtomicInteger();
    /** Arrivals after which the listener takes on Cyclone's thread: well below the history depth. */
    private final int listenerThreshold;
    private final AtomicLong takenInListener = new AtomicLong();
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
        this.decoder = type.isRaw() ? null : new LazyDecoder(type.codec().orElseThrow(), type.type().orElseThrow());
        Qos q = config.qos().endpointQos();
        q = config.mode() == Mode.READ ? QosDeriver.forReadMode(q) : q;
        XcdrSupport.ReaderPlan plan = XcdrSupport.forReader(type, q);
        q = plan.qos();
        this.notes = plan.notes();
        this.listenerThreshold = listenerThreshold(q, config.batch());
        Subscriber sub = null;
        RawTopic t = null;
        RawReader r = null;
        WriterDirectory w = null;
        try {
            sub = own.createSubscriber(config.qos().groupQos());
            t = RawTopic.create(own, type.topicName(), plan.descriptor(), XcdrSupport.topicQos(type, plan.descriptor()));
            r = RawReader.create(sub, t, q);
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
        ReaderSession s;
        try {
            s = new ReaderSession(type, config, connection.ownParticipant());
        } catch (RuntimeException e) {
            type.release();
            throw e;
        }
        try {
            s.reader.setListener(s::onDataAvailable);
            s.drain.start();
        } catch (RuntimeException e) {
            s.close(); // releases the type too
            throw e;
        }
        return s;
    }

    public ResolvedType type() {
        return type;
    }

    public Config config() {
        return config;
    }

    /**
     * Choices made on opening beyond the QoS notes, e.g. that writers offering XCDR1 are not read (a non-final
     * type is read in one data representation per reader); empty usually.
     */
    public List<String> notes() {
        return notes;
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
                maxDrainNanos / 1e6, matched, 0, takenInListener.get());
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
     * Takes (or reads) what arrived and stores it undecoded. Woken by the listener at the first arrival after
     * a drain, it waits {@link #COALESCE} before taking, so a fast topic is taken in batches (~250 samples at
     * 50,000/s) instead of a wake-up and a take per sample; a quiet topic's sample shows 5 ms later.
     */
    private void drainLoop() {
        try {
            while (!closed) {
                if (arrived.get() == 0) {
                    LockSupport.parkNanos(this, WAIT.toNanos()); // and a look every 100 ms whatever happens
                }
                // a sleep unpark() cannot cut short: arrivals during a take would otherwise make it take them at once
                long until = System.nanoTime() + COALESCE.toNanos();
                for (long left = until - System.nanoTime(); !closed && left > 0; left = until - System.nanoTime()) {
                    LockSupport.parkNanos(this, left);
                }
                drainAvailable();
            }
        } catch (RuntimeException e) {
            if (!closed) {
                drainFailure = TypeResolver.message(e);
            }
        }
    }

    /**
     * Cyclone's delivering thread, once per arriving sample: takes when a batch has piled up untaken (the
     * drain thread is off the CPU), so the KEEP_LAST history cannot overwrite it.
     */
    private void onDataAvailable() {
        int n = arrived.incrementAndGet();
        if (closed) {
            return;
        }
        if (n == 1) {
            LockSupport.unpark(drain);
        }
        if (n < listenerThreshold) {
            return;
        }
        try {
            takenInListener.addAndGet(drainAvailable());
        } catch (RuntimeException e) {
            // closed meanwhile (the reader is being deleted); otherwise the drain thread reports it
        }
    }

    /** Takes until the reader has nothing left; how many samples it took. */
    private long drainAvailable() {
        long total = 0;
        drainLock.lock();
        try {
            while (!closed) {
                arrived.set(0);
                long t0 = System.nanoTime();
                Instant now = Instant.now();
                List<ReceivedSample> out = new ArrayList<>(Math.min(config.batch(), 256));
                long first = ring.nextSeq(); // only drains append, one at a time
                RawReader.SampleSink sink = (data, info) -> out.add(sample(first + out.size(), now, data, info));
                int n = config.mode() == Mode.READ ? reader.read(config.batch(), sink) : reader.take(config.batch(), sink);
                if (n == 0) {
                    break;
                }
                total += n;
                received.addAndGet(n);
                if (paused) {
                    pausedDiscarded.addAndGet(n);
                } else {
                    ring.appendAll(out);
                }
                long took = System.nanoTime() - t0;
                if (took > maxDrainNanos) {
                    maxDrainNanos = took;
                }
                if (n < config.batch()) {
                    break; // fewer than asked for: the reader is empty (later arrivals are counted again)
                }
            }
        } finally {
            drainLock.unlock();
        }
        return total;
    }

    /** Under {@link #drainLock}: the writer of the previous sample (most samples come from the same one). */
    private long lastPublication = -1;
    private Guid lastWriter;

    private ReceivedSample sample(long seq, Instant now, byte[] data, SampleInfo info) {
        long ph = info.publicationHandle();
        Guid writer = ph == lastPublication && lastWriter != null ? lastWriter : writers.writerOf(ph);
        lastPublication = ph;
        lastWriter = writer;
        return decoder == null ? new ReceivedSample(seq, now, info, writer, data, null, null, List.of())
                : ReceivedSample.undecoded(seq, now, info, writer, data, decoder);
    }

    /**
     * A KEEP_LAST history of depth d overwrites once d samples of an instance are untaken: the listener takes
     * after a quarter of that (all instances counted together, so it is on the safe side), at most a batch.
     */
    static int listenerThreshold(Qos q, int batch) {
        Qos.History h = q == null ? null : q.history();
        if (h != null && h.kind() == Qos.HistoryKind.KEEP_ALL) {
            return batch; // nothing is overwritten: taking early only frees the writers sooner
        }
        int depth = h == null ? 1 : h.depth(); // Cyclone's default reader history: KEEP_LAST 1
        return Math.max(1, Math.min(batch, depth / 4));
    }

    public boolean isClosed() {
        return closed;
    }

    /** The reader of this session now (for QoS tuning: dds_set_qos, its GUID); another one after {@link #replaceReader}. */
    public RawReader endpoint() {
        return reader;
    }

    /**
     * Creates a reader with {@code qos} under the same subscriber and topic and takes from it from now on,
     * keeping every sample received so far (a QoS change that needs re-creating: peers see a new GUID); then
     * deletes the old reader.
     */
    public RawReader replaceReader(Qos qos) {
        RawReader fresh = RawReader.create(subscriber, topic, qos);
        RawReader old;
        drainLock.lock();
        try {
            old = reader;
            reader = fresh;
        } finally {
            drainLock.unlock();
        }
        fresh.setListener(this::onDataAvailable);
        // outside the lock: deleting waits for the old reader's listener, which may be waiting for the lock
        closeQuietly(old);
        return fresh;
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
        LockSupport.unpark(drain);
        try {
            drain.join(WAIT.toMillis() * 20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // the reader first: its listener (which may be running now) is detached before the writer directory goes
        closeQuietly(reader, writers, subscriber, topic);
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
