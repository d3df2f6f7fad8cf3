package org.ddstuner.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.record.mcap.Mcap;
import org.ddstuner.record.mcap.McapWriter;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.system.Endpoint;
import org.ddstuner.types.idl.IdlPrinter;

/**
 * Records topics of a connection into an MCAP file: one {@link ReaderSession} per topic (the same reader the
 * Reader view and {@code ddstuner subscribe} use: QoS derived from the writers, drained in batches off
 * Cyclone's thread into a bounded ring) and one thread that polls the rings and appends the samples' bytes, as
 * received, to an {@link McapWriter}. Each topic's type is a Schema (its IDL, {@value Mcap#SCHEMA_OMGIDL}); each
 * (topic, writer, sample kind) a Channel whose metadata holds the writer GUID and QoS ({@link ChannelMeta}).
 *
 * <p>Heap stays flat however long it runs: the rings hold at most {@code ringCapacity} samples per topic and the
 * writer one chunk. A sample the recording thread did not poll before its ring wrapped is counted as dropped.
 */
public final class Recorder implements Recording {

    /** What to record of one topic: its resolved type (the recorder closes it) and the reader QoS. */
    public record TopicChoice(ResolvedType type, DerivedQos readerQos) {
    }

    /** Counts so far; {@code dropped} = received but not written (the ring wrapped before the writer got them). */
    public record Stats(long received, long written, long dropped, long bytes, int topics, int channels,
            Duration elapsed) {
        public double megabytesPerSecond() {
            double s = elapsed.toNanos() / 1e9;
            return s <= 0 ? 0 : bytes / 1e6 / s;
        }
    }

    /** Samples a topic's ring holds: 5 s at 50,000 samples/s for a writer thread starved of CPU (~40 MB of small samples). */
    public static final int DEFAULT_RING = 262_144;
    private static final long POLL_NANOS = 5_000_000L;
    private static final int POLL_MAX = 8192;
    private static final java.util.Comparator<ReceivedSample> BY_SOURCE_TIME = java.util.Comparator.comparing(
            (ReceivedSample x) -> x.info().sourceTimestamp(), java.util.Comparator.nullsFirst(
                    java.util.Comparator.naturalOrder()));

    private record ChannelKey(String topic, Guid writer, String kind) {
    }

    private final Connection connection;
    private final Path output;
    private final McapWriter writer;
    private final List<ReaderSession> sessions = new ArrayList<>();
    private final Map<String, Integer> schemaIds = new HashMap<>();
    private final Map<ChannelKey, Integer> channelIds = new HashMap<>();
    private final Map<String, DerivedQos> readerQos = new HashMap<>();
    private final long[] nextSeq;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final Instant started = Instant.now();
    private final long startNanos = System.nanoTime();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile long stoppedNanos;
    private volatile String failure;

    private Recorder(Connection connection, Path output, McapWriter writer, List<TopicChoice> topics, int ring)
            throws IOException {
        this.connection = connection;
        this.output = output;
        this.writer = writer;
        Map<String, String> info = new LinkedHashMap<>();
        info.put("domain", Integer.toString(connection.profile().domainId()));
        info.put("started", started.toString());
        info.put("connection", connection.label());
        info.put("topics", String.join(",", topics.stream().map(t -> t.type().topicName()).toList()));
        writer.addMetadata(ChannelMeta.RECORDING, info);
        for (TopicChoice t : topics) {
            ResolvedType type = t.type();
            readerQos.put(type.topicName(), t.readerQos());
            if (!type.isRaw() && !schemaIds.containsKey(type.typeName())) {
                schemaIds.put(type.typeName(), writer.addSchema(type.typeName(), Mcap.SCHEMA_OMGIDL,
                        IdlPrinter.print(type.library()).getBytes(StandardCharsets.UTF_8)));
            }
        }
        try {
            for (TopicChoice t : topics) {
                sessions.add(ReaderSession.open(connection, t.type(), ReaderSession.Config.of(t.readerQos())
                        .withCapacity(ring)));
            }
        } catch (RuntimeException e) {
            sessions.forEach(ReaderSession::close);
            throw e;
        }
        this.nextSeq = new long[sessions.size()];
        this.thread = Thread.ofPlatform().daemon().name("ddstuner-recorder").unstarted(this::loop);
    }

    /**
     * Creates {@code output} (never overwrites: an existing file is an error), opens a reader per topic and starts
     * recording. On failure the types are closed and the file is left as far as it got.
     */
    public static Recorder start(Connection connection, Path output, List<TopicChoice> topics, int ringCapacity)
            throws IOException {
        McapWriter w = McapWriter.create(output, "DDS Tuner", McapWriter.Options.DEFAULT);
        Recorder r;
        try {
            r = new Recorder(connection, output, w, topics, ringCapacity);
        } catch (IOException | RuntimeException e) {
            topics.forEach(t -> t.type().close());
            w.close();
            throw e;
        }
        r.thread.start();
        return r;
    }

    @Override
    public Path output() {
        return output;
    }

    public Instant started() {
        return started;
    }

    @Override
    public List<String> topics() {
        return sessions.stream().map(s -> s.type().topicName()).toList();
    }

    /** Why recording stopped on its own (a write error), or null. */
    @Override
    public String failure() {
        return failure;
    }

    public boolean isRunning() {
        return !stopping && thread.isAlive();
    }

    public Stats stats() {
        long received = 0;
        for (ReaderSession s : sessions) {
            received += s.stats().received();
        }
        long end = stoppedNanos != 0 ? stoppedNanos : System.nanoTime();
        return new Stats(received, written.get(), dropped.get(), writer.bytesWritten(), sessions.size(),
                channelIds.size(), Duration.ofNanos(end - startNanos));
    }

    @Override
    public Progress progress() {
        Stats s = stats();
        return new Progress(s.received(), s.written(), s.dropped(), s.bytes(), s.elapsed());
    }

    private void loop() {
        try {
            while (true) {
                boolean last = stopping;
                int got = 0;
                for (int i = 0; i < sessions.size(); i++) {
                    got += drain(i);
                }
                writer.flushIfOld();
                if (last) {
                    break;
                }
                if (got == 0) {
                    LockSupport.parkNanos(POLL_NANOS);
                }
            }
        } catch (IOException | RuntimeException | Error e) { // said by failure(), not lost with the thread
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private int drain(int i) throws IOException {
        ReaderSession s = sessions.get(i);
        int n = 0;
        while (true) {
            SampleBatch b = s.poll(nextSeq[i], POLL_MAX);
            nextSeq[i] = b.nextSeq();
            dropped.addAndGet(b.missed());
            // a take returns samples instance by instance: the source timestamps give back the writers' order
            List<ReceivedSample> batch = new ArrayList<>(b.samples());
            batch.sort(BY_SOURCE_TIME);
            for (ReceivedSample x : batch) {
                write(s, x);
            }
            n += b.samples().size();
            if (b.samples().size() < POLL_MAX) {
                return n;
            }
        }
    }

    private void write(ReaderSession s, ReceivedSample x) throws IOException {
        SampleInfo info = x.info();
        String kind = info.validData() ? ChannelMeta.KIND_DATA
                : info.instanceState() == SampleInfo.InstanceState.NOT_ALIVE_DISPOSED ? ChannelMeta.KIND_DISPOSE
                        : ChannelMeta.KIND_UNREGISTER;
        ChannelKey key = new ChannelKey(s.type().topicName(), x.writer(), kind);
        Integer ch = channelIds.get(key);
        if (ch == null) {
            ch = addChannel(s.type(), key);
            channelIds.put(key, ch);
        }
        Instant src = info.sourceTimestamp();
        long pub = src == null ? 0 : src.getEpochSecond() * 1_000_000_000L + src.getNano();
        Instant rec = x.receivedAt();
        writer.write(ch, rec.getEpochSecond() * 1_000_000_000L + rec.getNano(), pub, x.data());
        written.incrementAndGet();
    }

    /** A channel for a newly seen writer: its QoS from discovery, else the recording reader's. */
    private int addChannel(ResolvedType type, ChannelKey key) throws IOException {
        Qos qos = null;
        List<String> partitions = null;
        String source = "reader";
        if (key.writer() != null) {
            for (Endpoint e : connection.model().snapshot(true).endpoints()) {
                if (e.guid().equals(key.writer())) {
                    qos = e.qos();
                    partitions = e.partitions();
                    source = "writer";
                    break;
                }
            }
        }
        if (qos == null) {
            DerivedQos d = readerQos.get(type.topicName());
            qos = d.qos();
            partitions = d.partitions();
        }
        int schema = ChannelMeta.KIND_DATA.equals(key.kind()) ? schemaIds.getOrDefault(type.typeName(), 0) : 0;
        return writer.addChannel(schema, key.topic(), Mcap.MESSAGE_CDR, ChannelMeta.of(
                key.writer() == null ? null : key.writer().toString(), type.typeName(), key.kind(), qos, source,
                partitions));
    }

    /**
     * Stops recording: deletes the readers, writes what their rings still hold, writes the summary. Afterwards
     * {@code received == written + dropped}. Idempotent.
     */
    @Override
    public synchronized void close() throws IOException {
        if (stopping) {
            return;
        }
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            for (ReaderSession s : sessions) {
                s.close(); // no more arrivals; the ring keeps what it holds
            }
            if (failure == null) {
                for (int i = 0; i < sessions.size(); i++) {
                    drain(i);
                }
            }
            stoppedNanos = System.nanoTime();
        } finally {
            sessions.forEach(s -> s.type().close());
            writer.close();
        }
    }
}
