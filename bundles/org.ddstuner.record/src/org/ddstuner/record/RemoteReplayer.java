package org.ddstuner.record;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

import org.ddstuner.json.StrictJson;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.remote.ops.WriteRawOperation;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.types.idl.IdlParseException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Plays a recording into a remote agent's domain ({@code replay --remote}): per recorded topic one writer on the agent
 * ({@code write-raw}, capability {@code write}) with the recorded schema (IDL) and QoS (edited as
 * {@link Replayer} edits them), and each message's bytes sent unchanged at its recorded time divided by the speed
 * factor. This side paces: messages of one topic due within {@value #WINDOW_MS} ms of each other go in one request,
 * sent when the first is due (as fast as the agent answers with speed 0); the timing error is measured here, at
 * sending, so the link's latency comes on top. The agent frees the writers when this client goes; after a lost
 * link (the client reconnects by itself) they are opened again and the replay goes on, with a note saying so.
 */
public final class RemoteReplayer implements AutoCloseable {

    /** Messages due within this many ms of the first of a batch are sent with it. */
    static final long WINDOW_MS = 2;
    private static final int MAX_BATCH = 256;
    /** Bytes of samples per request at most: the agent accepts frames of 4 MiB, base64 adds a third. */
    private static final int MAX_BATCH_BYTES = 1 << 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** How long a replay waits for the client to reconnect after the link failed. */
    private static final Duration RECONNECT_WAIT = Duration.ofSeconds(120);
    private static final Duration REOPEN_TIMEOUT = Duration.ofSeconds(10);

    private final RemoteClient client;
    private final McapReader reader;
    private final Replayer.Options options;
    private final Map<String, String> writers = new LinkedHashMap<>(); // recorded topic → the agent's writer key
    private final Map<String, ObjectNode> opens = new LinkedHashMap<>(); // recorded topic → its open request
    private final Map<Integer, String> byChannel = new HashMap<>();
    private final Set<Integer> keyOnlyChannels = new HashSet<>();
    private final List<Replayer.Target> targets = new ArrayList<>();
    private final Map<String, Integer> matched = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private long refused;

    private RemoteReplayer(RemoteClient client, McapReader reader, Replayer.Options options) {
        this.client = client;
        this.reader = reader;
        this.options = options;
    }

    /**
     * Opens a writer on the agent per chosen topic, each waiting up to {@code wait} for a reader to match.
     *
     * @throws IllegalArgumentException a chosen topic is not in the recording, or its schema does not parse
     * @throws ProtocolException the agent refused ({@code not-allowed} without the write capability, …)
     */
    public static RemoteReplayer open(RemoteClient client, McapReader reader, Replayer.Options options,
            UnaryOperator<DerivedQos> edit, Duration wait) throws IOException {
        RemoteReplayer r = new RemoteReplayer(client, reader, options);
        try {
            r.openWriters(edit, wait);
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    private void openWriters(UnaryOperator<DerivedQos> edit, Duration wait) throws IOException {
        Map<String, McapReader.Channel> firstData = Replayer.firstDataChannels(reader, options, keyOnlyChannels);
        for (McapReader.Channel c : firstData.values()) {
            McapReader.Schema schema = reader.schemas().get(c.schemaId());
            if (schema == null) {
                notes.add("topic '" + c.topic() + "' was recorded without a type: not replayed");
                continue;
            }
            try {
                new ImportedTypes().importText(c.topic() + ".idl", schema.text()); // refused here, not by the agent
            } catch (IdlParseException e) {
                throw new IllegalArgumentException("the schema of topic '" + c.topic() + "' (" + schema.name()
                        + ") does not parse: " + e.getMessage(), e);
            }
            String topic = options.rename().getOrDefault(c.topic(), c.topic());
            DerivedQos qos = edit.apply(options.qos().getOrDefault(c.topic(), Replayer.recordedQos(c)));
            ObjectNode args = StrictJson.mapper().createObjectNode();
            args.put("action", "open");
            args.put("topic", topic);
            args.put("typeName", schema.name());
            args.put("idl", schema.text());
            args.set("qos", QosJson.encode(qos.qos()));
            ArrayNode ps = args.putArray("partitions");
            qos.partitions().forEach(ps::add);
            args.put("waitMillis", Math.min(10_000, wait.toMillis()));
            JsonNode r = request(args);
            opens.put(c.topic(), args);
            writers.put(c.topic(), r.path("writer").asText());
            matched.put(topic, r.path("matchedReaders").asInt());
            targets.add(new Replayer.Target(c.topic(), topic, schema.name(), qos));
        }
        mapChannels();
    }

    private void mapChannels() {
        byChannel.clear();
        for (McapReader.Channel c : reader.channels().values()) {
            String w = writers.get(c.topic());
            if (w != null && !keyOnlyChannels.contains(c.id())) {
                byChannel.put(c.id(), w);
            }
        }
    }

    /**
     * The link failed while a batch was on its way, or the agent no longer knows our writer (it freed it with the
     * session that ended): waits for the client to have reconnected, opens the writers again, and returns the key
     * that replaces {@code lostKey}. The batch in flight is sent again by the caller: it may be written twice.
     */
    private String reopen(String lostKey, IOException cause, BooleanSupplier stop) throws IOException {
        long since = System.nanoTime();
        java.time.Instant lostAt = java.time.Instant.now();
        IOException last = cause;
        while (System.nanoTime() - since < RECONNECT_WAIT.toNanos() && !stop.getAsBoolean()) {
            if (client.status().state() == RemoteClient.State.REFUSED || client.status().state()
                    == RemoteClient.State.CLOSED) {
                break;
            }
            if (client.status().state() != RemoteClient.State.CONNECTED) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
                continue;
            }
            try {
                String lostTopic = null;
                Map<String, String> fresh = new LinkedHashMap<>();
                for (Map.Entry<String, ObjectNode> e : opens.entrySet()) {
                    JsonNode r = client.request(WriteRawOperation.NAME, e.getValue(), REOPEN_TIMEOUT).orThrow();
                    fresh.put(e.getKey(), r.path("writer").asText());
                    if (writers.get(e.getKey()).equals(lostKey)) {
                        lostTopic = e.getKey();
                    }
                }
                writers.putAll(fresh);
                mapChannels();
                notes.add(String.format(java.util.Locale.ROOT, "the link to the agent failed at %s (%s): the writers "
                        + "were opened again %.1f s later; what was due meanwhile was sent late, and the batch in "
                        + "flight was sent again (it may have been written twice)", lostAt, cause.getMessage(),
                        (System.nanoTime() - since) / 1e9));
                return fresh.get(lostTopic);
            } catch (ProtocolException e) {
                throw e; // refused now (e.g. no longer allowed): not a link problem
            } catch (IOException e) {
                last = e; // the link failed again: wait for the next connection
            }
        }
        throw last;
    }

    private JsonNode request(ObjectNode args) throws IOException {
        return client.request(WriteRawOperation.NAME, args, TIMEOUT).orThrow();
    }

    public List<Replayer.Target> targets() {
        return List.copyOf(targets);
    }

    /** Readers matched per replayed topic (by the name written to), as the agent said last. */
    public Map<String, Integer> matchedReaders() {
        return Map.copyOf(matched);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Plays until the end (each loop when looping) or until {@code stop} says so. */
    public Replayer.Result run(BooleanSupplier stop) throws IOException, InterruptedException {
        Batch batch = new Batch();
        Playback.Counts counts = Playback.play(reader, options, byChannel, keyOnlyChannels, stop,
                new Playback.Sink<String>() {
                    @Override
                    public boolean write(String w, McapReader.Message m, long due) throws IOException {
                        if (!batch.fits(w, due, m.data().length)) {
                            batch.send(stop);
                        }
                        batch.add(w, due, m.data());
                        return true;
                    }

                    @Override
                    public void endOfLoop() throws IOException {
                        batch.send(stop);
                    }
                });
        long notWritten = counts.skipped() + refused;
        if (notWritten > 0) {
            notes.add(notWritten + " messages not written (no writer for their topic, or bytes the type refuses"
                    + (refused > 0 ? ": " + refused + " refused by the agent's writer" : "") + ")");
        }
        if (counts.keyOnly() > 0) {
            notes.add(counts.keyOnly() + " disposes/unregisters recorded: not replayed");
        }
        return new Replayer.Result(batch.written, notWritten, counts.keyOnly(), counts.loops(),
                batch.timing.percentile(0.5), batch.timing.percentile(0.99), batch.timing.max(), List.copyOf(notes));
    }

    /** Samples of one writer on their way to the agent in one request. */
    private final class Batch {
        final ReplayTiming timing = new ReplayTiming();
        long written;
        String writer;
        final List<byte[]> data = new ArrayList<>();
        final List<Long> due = new ArrayList<>();
        long bytes;

        boolean fits(String w, long d, int size) {
            return data.isEmpty() || w.equals(writer) && data.size() < MAX_BATCH && bytes + size <= MAX_BATCH_BYTES
                    && (d < 0 || d - due.getFirst() <= WINDOW_MS * 1_000_000);
        }

        void add(String w, long d, byte[] b) {
            writer = w;
            data.add(b);
            due.add(d);
            bytes += b.length;
        }

        void send(BooleanSupplier stop) throws IOException {
            if (data.isEmpty()) {
                return;
            }
            long firstDue = due.getFirst();
            if (firstDue >= 0) {
                ReplayTiming.waitUntil(firstDue, stop);
            }
            long sent = System.nanoTime();
            ObjectNode args = StrictJson.mapper().createObjectNode();
            args.put("writer", writer);
            ArrayNode a = args.putArray("samples");
            Base64.Encoder enc = Base64.getEncoder();
            data.forEach(b -> a.add(enc.encodeToString(b)));
            JsonNode r;
            try {
                r = request(args);
            } catch (ProtocolException e) {
                if (!"unknown-entity".equals(e.code())) {
                    throw e;
                }
                r = resend(args, e, stop);
            } catch (IOException e) {
                r = resend(args, e, stop);
            }
            written += r.path("written").asLong();
            refused += r.path("refused").asLong();
            for (long d : due) {
                timing.add(d < 0 ? 0 : Math.abs(sent - d)); // a later one of the batch goes out early
            }
            String topic = topicOf(writer);
            if (topic != null) {
                matched.put(topic, r.path("matchedReaders").asInt());
            }
            data.clear();
            due.clear();
            bytes = 0;
        }

        /** After a lost link: the writers opened again, the batch sent again to the new writer. */
        private JsonNode resend(ObjectNode args, IOException cause, BooleanSupplier stop) throws IOException {
            writer = reopen(writer, cause, stop);
            args.put("writer", writer);
            return request(args);
        }
    }

    private String topicOf(String writerKey) {
        for (Map.Entry<String, String> e : writers.entrySet()) {
            if (e.getValue().equals(writerKey)) {
                return options.rename().getOrDefault(e.getKey(), e.getKey());
            }
        }
        return null;
    }

    /**
     * Closes the agent's writers (its session would free them anyway when this client goes). A link already gone is
     * not an error here.
     */
    @Override
    public void close() {
        for (String w : writers.values()) {
            ObjectNode args = StrictJson.mapper().createObjectNode();
            args.put("action", "close");
            args.put("writer", w);
            try {
                client.request(WriteRawOperation.NAME, args, Duration.ofSeconds(5));
            } catch (IOException e) {
                return; // the session ends with the link: the agent frees them
            }
        }
        writers.clear();
    }
}
