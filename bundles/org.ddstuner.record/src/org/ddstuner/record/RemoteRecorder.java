package org.ddstuner.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.record.mcap.Mcap;
import org.ddstuner.record.mcap.McapWriter;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.system.Endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Records topics read by a remote agent ({@code record --remote}) into an MCAP file laid out as {@link Recorder}
 * lays out a local one: the agent reads each topic with its own reader and streams the samples raw (CDR bytes as
 * received, writer, kind, reception and source times; PROTOCOL.md "Samples"), this side writes them unchanged. The
 * schema is the IDL the agent resolved; each (topic, writer, kind) a channel with the writer's GUID and QoS from the
 * agent's model (the agent reader's QoS for a writer not in it).
 *
 * <p>Nothing is silent: samples lost to the agent's queue, its rate cap, this side's queue or the frame size are
 * counted by cause; a link cut is a {@link Gap} (printed by the caller, and a {@value #GAP} metadata record in the
 * file), after which the client reconnects and resubscribes by itself and recording goes on.
 */
public final class RemoteRecorder implements Recording {

    /** The name of the Metadata record a link cut leaves in the file ({@code from}, {@code to}, {@code reason}). */
    public static final String GAP = "ddstuner.gap";

    /** Time without a link to the agent: what was published then is not in the recording. */
    public record Gap(Instant from, Instant to, String reason) {
        public Duration length() {
            return Duration.between(from, to);
        }
    }

    /**
     * Counts so far; {@code received} = {@code written} + {@code dropped} (as a local recording counts), the drops by
     * cause.
     */
    public record Stats(long received, long written, long dropped, RemoteSubscription.Drops drops, long bytes,
            int topics, int channels, Duration elapsed, List<Gap> gaps) {
    }

    private static final long POLL_NANOS = 5_000_000L;
    private static final int POLL_MAX = 4096;

    private record ChannelKey(String topic, String writer, String kind) {
    }

    private final RemoteClient client;
    private final Path output;
    private final McapWriter writer;
    private final List<RemoteSubscription> subs;
    private final Map<String, Integer> schemaIds = new HashMap<>();
    private final Map<ChannelKey, Integer> channelIds = new HashMap<>();
    private final AtomicLong written = new AtomicLong();
    private final List<Gap> gaps = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Gap> gapsToWrite = new ConcurrentLinkedQueue<>();
    private final Consumer<RemoteClient.Status> statusListener = this::status;
    private final long startNanos = System.nanoTime();
    private final Thread thread;
    private Instant downSince;
    private String downReason;
    private volatile boolean stopping;
    private volatile long stoppedNanos;
    private volatile String failure;

    private RemoteRecorder(RemoteClient client, Path output, McapWriter writer, List<RemoteSubscription> subs)
            throws IOException {
        this.client = client;
        this.output = output;
        this.writer = writer;
        this.subs = subs;
        Map<String, String> info = new LinkedHashMap<>();
        info.put("started", Instant.now().toString());
        info.put("connection", "remote agent " + client.options().agent());
        info.put("topics", String.join(",", subs.stream().map(RemoteSubscription::topic).toList()));
        writer.addMetadata(ChannelMeta.RECORDING, info);
        for (RemoteSubscription s : subs) {
            ObjectNode c = s.confirmation();
            String idl = c.path("idl").asText(null);
            if (idl != null && !schemaIds.containsKey(s.typeName())) {
                schemaIds.put(s.typeName(), writer.addSchema(s.typeName(), Mcap.SCHEMA_OMGIDL, idl.getBytes(
                        StandardCharsets.UTF_8)));
            }
        }
        this.thread = Thread.ofPlatform().daemon().name("ddstuner-remote-recorder").unstarted(this::loop);
    }

    /**
     * Subscribes to each topic through the agent (raw samples; {@code maxRate} per second and {@code queue} samples
     * queued on each side), then creates {@code output} (never overwritten) and records.
     *
     * @throws ProtocolException a topic the agent cannot read ({@code no-type}, {@code busy} beyond 16 topics, an agent
     *             that streams no raw samples: {@code unsupported}); nothing is created then
     * @throws IOException the file cannot be created, the link failed
     */
    public static RemoteRecorder start(RemoteClient client, Path output, List<String> topics, int maxRate, int queue)
            throws IOException {
        List<RemoteSubscription> subs = new ArrayList<>();
        McapWriter w = null;
        try {
            for (String t : topics) {
                RemoteSubscription s = client.subscribe(t, maxRate, queue, true);
                subs.add(s);
                if (!s.confirmation().path("raw").asBoolean(false)) {
                    throw new ProtocolException("unsupported", "the agent does not stream raw samples (an older "
                            + "version): it cannot record");
                }
            }
            w = McapWriter.create(output, "DDS Tuner", McapWriter.Options.DEFAULT);
            RemoteRecorder r = new RemoteRecorder(client, output, w, subs);
            client.addStatusListener(r.statusListener);
            r.thread.start();
            return r;
        } catch (IOException | RuntimeException e) {
            subs.forEach(RemoteSubscription::close);
            if (w != null) {
                w.close();
            }
            throw e;
        }
    }

    @Override
    public Path output() {
        return output;
    }

    @Override
    public List<String> topics() {
        return subs.stream().map(RemoteSubscription::topic).toList();
    }

    /** The type each topic is recorded with, as the agent resolved it; "(bytes, no schema)" without one. */
    public Map<String, String> types() {
        Map<String, String> m = new LinkedHashMap<>();
        subs.forEach(s -> m.put(s.topic(), s.confirmation().has("idl") ? s.typeName() : "(bytes, no schema)"));
        return m;
    }

    /** Why recording stopped on its own (a write error, the agent ended a stream), or null. */
    @Override
    public String failure() {
        return failure;
    }

    public List<Gap> gaps() {
        return List.copyOf(gaps);
    }

    public Stats stats() {
        long q = 0;
        long rate = 0;
        long local = 0;
        long size = 0;
        for (RemoteSubscription s : subs) {
            RemoteSubscription.Drops d = s.drops();
            q += d.agentQueue();
            rate += d.rate();
            local += d.local();
            size += d.size();
        }
        RemoteSubscription.Drops all = new RemoteSubscription.Drops(q, rate, local, size);
        long end = stoppedNanos != 0 ? stoppedNanos : System.nanoTime();
        long w = written.get();
        return new Stats(w + all.total(), w, all.total(), all, writer.bytesWritten(), subs.size(), channelIds.size(),
                Duration.ofNanos(end - startNanos), gaps());
    }

    @Override
    public Progress progress() {
        Stats s = stats();
        return new Progress(s.received(), s.written(), s.dropped(), s.bytes(), s.elapsed());
    }

    /** The link's gaps, when there were any: "link gaps 1 (2.3 s)". */
    @Override
    public String remarks() {
        List<Gap> g = gaps();
        return g.isEmpty() ? "" : String.format(java.util.Locale.ROOT, "link gaps %d (%.1f s)", g.size(), g.stream()
                .mapToLong(x -> x.length().toMillis()).sum() / 1000.0);
    }

    /** Notes each outage once (the client retries with backoff in between) and the gap when the link is back. */
    private synchronized void status(RemoteClient.Status s) {
        switch (s.state()) {
            case DISCONNECTED -> {
                if (downSince == null) {
                    downSince = s.since();
                    downReason = s.reason();
                }
            }
            case CONNECTED -> {
                if (downSince != null) {
                    Gap g = new Gap(downSince, s.since(), downReason == null ? "link lost" : downReason);
                    gaps.add(g);
                    gapsToWrite.add(g);
                    downSince = null;
                }
            }
            case REFUSED -> failure = "the agent refused the reconnection: " + s.reason();
            default -> {
                // connecting, closed
            }
        }
    }

    private void loop() {
        try {
            while (true) {
                boolean last = stopping;
                int got = 0;
                for (RemoteSubscription s : subs) {
                    got += drain(s);
                    if (s.failure() != null && failure == null) {
                        failure = "the agent stopped the stream of " + s.topic() + ": " + s.failure();
                    }
                }
                Gap g;
                while ((g = gapsToWrite.poll()) != null) {
                    writer.addMetadata(GAP, Map.of("from", g.from().toString(), "to", g.to().toString(), "reason",
                            g.reason()));
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

    private int drain(RemoteSubscription s) throws IOException {
        int n = 0;
        List<JsonNode> batch;
        do {
            try {
                batch = s.poll(POLL_MAX, Duration.ZERO);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return n;
            }
            for (JsonNode x : batch) {
                write(s, x);
            }
            n += batch.size();
        } while (batch.size() == POLL_MAX);
        return n;
    }

    private void write(RemoteSubscription s, JsonNode x) throws IOException {
        String w = x.path("writer").isTextual() ? x.get("writer").textValue() : null;
        ChannelKey key = new ChannelKey(s.topic(), w, x.path("kind").asText(ChannelMeta.KIND_DATA));
        Integer ch = channelIds.get(key);
        if (ch == null) {
            ch = addChannel(s, key);
            channelIds.put(key, ch);
        }
        writer.write(ch, x.path("receivedNs").asLong(), x.path("sourceNs").asLong(), Base64.getDecoder().decode(x
                .path("cdr").asText("")));
        written.incrementAndGet();
    }

    /** A channel for a newly seen writer: its QoS from the agent's model, else the agent reader's. */
    private int addChannel(RemoteSubscription s, ChannelKey key) throws IOException {
        Qos qos = null;
        List<String> partitions = null;
        String source = "reader";
        if (key.writer() != null) {
            Guid guid = Guid.parse(key.writer());
            for (Endpoint e : client.model().snapshot(true).endpoints()) {
                if (e.guid().equals(guid)) {
                    qos = e.qos();
                    partitions = e.partitions();
                    source = "writer";
                    break;
                }
            }
        }
        if (qos == null) {
            ObjectNode c = s.confirmation();
            qos = QosJson.decode(c.get("readerQos"));
            partitions = new ArrayList<>();
            for (JsonNode p : c.path("partitions")) {
                partitions.add(p.asText());
            }
        }
        int schema = ChannelMeta.KIND_DATA.equals(key.kind()) ? schemaIds.getOrDefault(s.typeName(), 0) : 0;
        return writer.addChannel(schema, key.topic(), Mcap.MESSAGE_CDR, ChannelMeta.of(key.writer(), s.typeName(),
                key.kind(), qos, source, partitions));
    }

    /** Stops: ends the streams (the agent deletes its readers), writes what arrived, writes the summary. Idempotent. */
    @Override
    public synchronized void close() throws IOException {
        if (stopping) {
            return;
        }
        client.removeStatusListener(statusListener);
        subs.forEach(RemoteSubscription::close); // what already arrived stays queued here
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stoppedNanos = System.nanoTime();
        writer.close();
    }
}
