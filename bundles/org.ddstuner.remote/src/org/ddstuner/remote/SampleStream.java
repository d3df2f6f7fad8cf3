package org.ddstuner.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

/**
 * One client's subscription to a topic on the agent: the agent's own reader ({@link ReaderSession}, QoS derived from
 * the discovered writers, type resolved as the desktop does) whose bounded ring is this client's queue, and a virtual
 * thread that sends what arrived every {@value #PERIOD_MS} ms, at most {@code maxRate} samples per second (a token
 * bucket with one second of burst). What the ring lost before it was sent ({@code queue}) and what the rate cap
 * skipped ({@code rate}) are counted and sent with every frame: never silent. A client that does not read blocks
 * only this thread; the reader keeps draining DDS into its ring, which overwrites the oldest. A raw stream
 * ({@link RawSamples}, for recording) sends each sample's bytes as received instead of its decoded value.
 */
final class SampleStream implements AutoCloseable {

    static final long PERIOD_MS = 50;
    /** Samples per frame at most (a frame also stays below the size limit: see {@link #send}). */
    private static final int MAX_PER_FRAME = 256;

    private final long id;
    private final String topic;
    private final ServerSession session;
    private final Connection connection;
    private final int maxRate;
    private final int queue;
    private final boolean raw;
    private volatile boolean closed;
    private Thread thread;
    private ReaderSession reader;
    private ResolvedType type;
    /** A reader the client created ({@link HeldEndpoint}): streamed, not made here, and not deleted with the stream. */
    private final ReaderSession held;

    SampleStream(long id, String topic, int maxRate, int queue, boolean raw, ServerSession session,
            Connection connection) {
        this(id, topic, maxRate, queue, raw, session, connection, null);
    }

    SampleStream(long id, String topic, int maxRate, int queue, boolean raw, ServerSession session,
            Connection connection, ReaderSession held) {
        this.id = id;
        this.raw = raw;
        this.topic = topic;
        this.maxRate = maxRate;
        this.queue = queue;
        this.session = session;
        this.connection = connection;
        this.held = held;
    }

    long id() {
        return id;
    }

    void start() {
        thread = Thread.ofVirtual().name("ddstuner-agent-samples-" + topic).start(this::run);
    }

    private void run() {
        if (held != null) {
            runHeld();
            return;
        }
        try {
            try {
                type = new TypeResolver(connection, new ImportedTypes()).resolve(topic, TypeResolver.Options.DEFAULT
                        .withWireTimeout(Duration.ofSeconds(5)));
            } catch (TypeResolutionException e) {
                session.replyTo(id, false, "no-type", "no type for topic " + topic + ": " + e.getMessage());
                return;
            }
            DerivedQos qos = QosDeriver.forReader(connection.model().snapshot(), topic);
            reader = ReaderSession.open(connection, type, ReaderSession.Config.of(qos).withCapacity(queue));
            ObjectNode ok = Frames.frame(Protocol.SUBSCRIBED);
            ok.put("id", id);
            ok.put("topic", topic);
            ok.put("typeName", type.typeName());
            ok.put("typeSource", type.source().text());
            ok.put("maxRate", maxRate);
            ok.put("queue", queue);
            if (raw) {
                RawSamples.describe(ok, type, qos);
            }
            session.send(ok);
            pump();
        } catch (IOException | InterruptedException e) {
            // the client is gone or the stream was closed
        } catch (RuntimeException e) {
            session.replyTo(id, false, Protocol.UNSUPPORTED, "cannot read " + topic + ": " + e.getMessage());
        } finally {
            closeReader();
        }
    }

    /** Streams the client's own reader from the oldest sample its ring still holds (its ring is the queue here). */
    private void runHeld() {
        try {
            reader = held;
            ObjectNode ok = Frames.frame(Protocol.SUBSCRIBED);
            ok.put("id", id);
            ok.put("topic", topic);
            ok.put("typeName", held.type().typeName());
            ok.put("typeSource", held.type().source().text());
            ok.put("maxRate", maxRate);
            ok.put("queue", held.config().capacity());
            session.send(ok);
            pump();
        } catch (IOException | InterruptedException e) {
            // the client is gone or the stream was closed
        } catch (RuntimeException e) {
            session.replyTo(id, false, Protocol.UNSUPPORTED, "cannot read " + topic + ": " + e.getMessage());
        } finally {
            synchronized (this) {
                reader = null; // the client's reader stays until it deletes it or goes
            }
        }
    }

    private void pump() throws IOException, InterruptedException {
        long next = 0;
        long queueDrops = 0;
        long rateDrops = 0;
        double tokens = maxRate; // one second of burst
        long last = System.nanoTime();
        long sizeDrops = 0;
        long sentDrops = 0;
        while (!closed) {
            Thread.sleep(PERIOD_MS);
            long now = System.nanoTime();
            tokens = Math.min(maxRate, tokens + (now - last) / 1e9 * maxRate);
            last = now;
            SampleBatch b = reader.poll(next, MAX_PER_FRAME * 8);
            next = b.nextSeq();
            queueDrops += b.missed();
            // each sample's JSON goes into the frame as it is (a raw value): parsing it back into a tree only to
            // write it again cost the agent most of its time per sample (measured: 4,100 samples/s through the
            // agent against 20,300/s read locally, bench/results/2026-12-02-remote-agent-two-hosts.md)
            List<ReceivedSample> taken = raw ? RawSamples.inWriterOrder(b.samples()) : b.samples();
            List<String> samples = new ArrayList<>();
            for (ReceivedSample s : taken) {
                if (tokens < 1) {
                    rateDrops++;
                    continue;
                }
                String text = raw ? RawSamples.json(s) : export(s);
                if (text.length() > RawSamples.MAX_SAMPLE_CHARS) {
                    sizeDrops++; // would not fit in a frame: counted, never silent
                    continue;
                }
                tokens -= 1;
                samples.add(text);
            }
            if (samples.isEmpty() && queueDrops + rateDrops + sizeDrops == sentDrops) {
                continue;
            }
            int from = 0;
            do {
                // at most MAX_PER_FRAME samples and about FRAME_CHARS of them per frame (raw CDR can be large)
                ObjectNode f = Frames.frame(Protocol.SAMPLES);
                f.put("id", id);
                f.put("topic", topic);
                ArrayNode part = f.putArray("samples");
                long chars = 0;
                int i = from;
                for (; i < samples.size() && i - from < MAX_PER_FRAME
                        && (i == from || chars + samples.get(i).length() <= RawSamples.FRAME_CHARS); i++) {
                    chars += samples.get(i).length();
                    part.addRawValue(new RawValue(samples.get(i)));
                }
                from = i;
                ObjectNode d = f.putObject("dropped");
                d.put("queue", queueDrops);
                d.put("rate", rateDrops);
                if (sizeDrops > 0) {
                    d.put("size", sizeDrops);
                }
                session.send(f);
            } while (from < samples.size());
            sentDrops = queueDrops + rateDrops + sizeDrops;
            if (reader.failure() != null) {
                session.replyTo(id, false, Protocol.UNSUPPORTED, "reading " + topic + " stopped: " + reader.failure());
                return;
            }
        }
    }

    private static String export(ReceivedSample s) {
        StringBuilder sb = new StringBuilder();
        SampleExport.appendJson(sb, s);
        return sb.toString();
    }

    private synchronized void closeReader() {
        if (reader != null && reader != held) {
            reader.close();
        }
        reader = null;
        if (type != null) {
            type.close();
            type = null;
        }
    }

    /** Stops sending and deletes the agent's reader (and its topic, subscriber). */
    @Override
    public void close() {
        closed = true;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeReader();
    }
}
