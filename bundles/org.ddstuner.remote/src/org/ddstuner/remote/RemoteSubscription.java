package org.ddstuner.remote;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Samples of one topic streamed from an agent ({@link RemoteClient#subscribe}): each sample is the JSON object of
 * {@code SampleExport} ({@code seq, received, source_timestamp, writer, instance, valid, value…}), kept in a bounded
 * queue here that the caller polls. Every loss is counted, by where it happened: the agent's queue overflowed
 * ({@code agentQueue}), the rate cap skipped samples ({@code rate}), or this queue was full ({@code local}).
 * Resubscribed by the client after a reconnect (counters add up).
 */
public final class RemoteSubscription implements AutoCloseable {

    /** Samples lost so far, by cause ({@code size}: a raw sample too large for a frame). */
    public record Drops(long agentQueue, long rate, long local, long size) {
        public Drops(long agentQueue, long rate, long local) {
            this(agentQueue, rate, local, 0);
        }

        public long total() {
            return agentQueue + rate + local + size;
        }
    }

    private final RemoteClient client;
    private final long id;
    private final String topic;
    private final int maxRate;
    private final int queueSize;
    private final boolean raw;
    private final ArrayBlockingQueue<JsonNode> queue;
    final CompletableFuture<ObjectNode> subscribed = new CompletableFuture<>();
    private long baseQueue;
    private long baseRate;
    private long lastQueue;
    private long lastRate;
    private long local;
    private long baseSize;
    private long lastSize;
    private volatile ObjectNode confirmation;
    private volatile String typeName;
    private volatile String failure;
    private volatile boolean closed;

    /** The key of a reader the client created on the agent ({@code create-endpoint}) to stream, or null. */
    private String endpoint;

    RemoteSubscription(RemoteClient client, long id, String topic, int maxRate, int queueSize, boolean raw) {
        this.client = client;
        this.raw = raw;
        this.id = id;
        this.topic = topic;
        this.maxRate = maxRate;
        this.queueSize = queueSize;
        this.queue = new ArrayBlockingQueue<>(queueSize);
    }

    long id() {
        return id;
    }

    RemoteSubscription endpoint(String key) {
        this.endpoint = key;
        return this;
    }

    ObjectNode subscribeFrame() {
        ObjectNode f = org.ddstuner.remote.internal.Frames.frame(Protocol.SUBSCRIBE);
        f.put("id", id);
        f.put("topic", topic);
        f.put("maxRate", maxRate);
        f.put("queue", queueSize);
        if (endpoint != null) {
            f.put("endpoint", endpoint);
        }
        if (raw) {
            f.put("raw", true);
        }
        return f;
    }

    /** A new link: the agent's counters start again, ours go on. */
    synchronized void relinked() {
        baseQueue += lastQueue;
        baseRate += lastRate;
        baseSize += lastSize;
        lastQueue = 0;
        lastRate = 0;
        lastSize = 0;
    }

    void confirmed(ObjectNode f) {
        typeName = f.path("typeName").asText(null);
        confirmation = f;
        subscribed.complete(f);
    }

    void failed(String code, String reason) {
        failure = code + ": " + reason;
        subscribed.completeExceptionally(new ProtocolException(code, reason));
    }

    synchronized void deliver(ObjectNode f) {
        JsonNode d = f.path("dropped");
        lastQueue = d.path("queue").asLong(lastQueue);
        lastRate = d.path("rate").asLong(lastRate);
        lastSize = d.path("size").asLong(lastSize);
        for (JsonNode s : f.path("samples")) {
            if (!queue.offer(s)) {
                local++;
            }
        }
    }

    public String topic() {
        return topic;
    }

    /** The type the agent read the topic with (its name), once subscribed. */
    public String typeName() {
        return typeName;
    }

    /**
     * The agent's {@code subscribed} frame (the latest, after a reconnect): with raw samples it also holds
     * {@code idl}, {@code readerQos} and {@code partitions} (PROTOCOL.md, "Samples").
     */
    public ObjectNode confirmation() {
        return confirmation;
    }

    /** Why the agent stopped or refused this subscription, {@code null} while it streams. */
    public String failure() {
        return failure;
    }

    /** Up to {@code max} samples, oldest first, waiting up to {@code timeout} for the first. */
    public List<JsonNode> poll(int max, Duration timeout) throws InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        JsonNode first = queue.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (first != null) {
            out.add(first);
            queue.drainTo(out, max - 1);
        }
        return out;
    }

    public synchronized Drops drops() {
        return new Drops(baseQueue + lastQueue, baseRate + lastRate, local, baseSize + lastSize);
    }

    /** Stops the stream (the agent deletes its reader). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        client.unsubscribe(this);
    }

    boolean isClosed() {
        return closed;
    }

    /** Waits for the agent to confirm. */
    void awaitSubscribed(Duration timeout) throws IOException {
        try {
            subscribed.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IOException("the agent did not confirm the subscription to " + topic + " within "
                    + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
