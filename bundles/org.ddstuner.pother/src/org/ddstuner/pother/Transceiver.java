package org.ddstuner.pother;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.SampleBuffer;
import org.ddstuner.dds.SampleView;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Writer;

/**
 * The latency half of a Pother pair: writes samples on {@code Pother_NAME_Ping} and measures the echoes a
 * {@link Transponder} sends back on {@code Pother_NAME_Echo}. With rate 0 the next sample goes out from
 * the echo listener as soon as the previous echo is back (ddsperf ping/pong does the same); with a rate
 * a sender thread paces the writes. Timestamps (all Cyclone's clock): send time (in the sample), source
 * timestamp (copied back by the transponder), arrival at the transponder (stamped by it), the echo's
 * source timestamp and the arrival of the echo; see {@link LatencyColumn}.
 */
public final class Transceiver implements AutoCloseable {

    private static final long WATCHDOG_NANOS = 1_000_000_000L;
    static final int TAKE_MAX = 16;

    private final TransceiverDefinition definition;
    private final int senderId = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
    private final Topic pingTopic;
    private final Topic echoTopic;
    private final Writer writer;
    private final Reader reader;
    private final SampleBuffer buffer;
    private final LatencyRecorder recorder;
    private final SampleView.Visitor onEcho = this::onEcho;
    private final Object sendLock = new Object();
    private final Object echoLock = new Object();

    private volatile boolean running;
    private volatile long limit;
    private volatile long sent;
    private volatile long echoes;
    private int seq;
    private boolean sending; // guarded by sendLock
    private boolean pending; // guarded by sendLock
    private long lastArrival = -1;
    private Thread pacer;

    public Transceiver(Participant participant, TransceiverDefinition definition) {
        this.definition = definition;
        StructType type = PotherType.create();
        int payload = PotherType.payloadFor(definition.size());
        pingTopic = participant.createTopic(PotherType.topicName(definition.name(), "Ping"), type, null);
        echoTopic = participant.createTopic(PotherType.topicName(definition.name(), "Echo"), type, null);
        writer = participant.createWriter(pingTopic, definition.qos());
        reader = participant.createReader(echoTopic, definition.qos());
        buffer = new SampleBuffer(type).setInt32(PotherType.SENDER, senderId).setOctets(PotherType.PAYLOAD, payload, (byte) 0xee);
        recorder = new LatencyRecorder(definition.statsCapacity(), DdsTime.now());
        reader.setListener(this::onDataAvailable);
    }

    public TransceiverDefinition definition() {
        return definition;
    }

    /** Waits until a transponder reads our samples and writes echoes we read. */
    public boolean awaitTransponder(Duration timeout) {
        return Matching.await(() -> writer.publicationMatched().currentCount() > 0
                && reader.subscriptionMatched().currentCount() > 0, timeout);
    }

    /** Starts sending until {@link #stop()}. */
    public void start() {
        start(Long.MAX_VALUE);
    }

    /** Starts sending {@code count} samples. */
    public void start(long count) {
        if (count <= 0) {
            throw new IllegalArgumentException("sample count must be positive, not " + count);
        }
        synchronized (sendLock) {
            if (running) {
                throw new IllegalStateException("transceiver " + definition.name() + " is already running");
            }
            limit = count;
            running = true;
        }
        recorder.endPeriod(DdsTime.now()); // what came before the start is not part of the measurement
        pacer = Thread.ofPlatform().daemon().name("pother-transceiver-" + definition.name()).start(
                definition.rate() > 0 ? this::paceAtRate : this::watchdog);
        if (definition.rate() == 0) {
            sendNext();
        }
    }

    /** Waits until {@code count} echoes have come back in total. */
    public boolean awaitEchoes(long count, Duration timeout) {
        return Matching.await(() -> echoes >= count, timeout);
    }

    public void stop() {
        running = false;
        Thread t = pacer;
        if (t != null) {
            t.interrupt();
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Statistics since the previous report (or the start), then a new period begins. */
    public LatencyReport report() {
        return recorder.endPeriod(DdsTime.now());
    }

    public long sent() {
        return sent;
    }

    public long echoes() {
        return echoes;
    }

    /**
     * Sends one sample. In one process Cyclone delivers a write synchronously, so the echo can arrive
     * (and ask for the next send) while we are still inside this write on the same thread: that nested
     * request only sets {@link #pending} and the outer call sends it once its write returns, instead of
     * recursing once per round trip (ddsperf avoids the same recursion with a waitset).
     */
    private void sendNext() {
        synchronized (sendLock) {
            if (sending) {
                pending = true;
                return;
            }
            sending = true;
            try {
                do {
                    pending = false;
                    if (!running || sent >= limit) {
                        return;
                    }
                    long t0 = DdsTime.now();
                    buffer.setInt32(PotherType.SEQ, seq++);
                    buffer.setInt64(PotherType.SEND_TIME, t0);
                    writer.write(buffer);
                    if (Writer.writeBatching()) {
                        writer.flush(); // a ping must leave now, not when the batch is full
                    }
                    long t1 = DdsTime.now();
                    sent++;
                    recorder.sent(t1 - t0);
                } while (pending);
            } finally {
                sending = false;
            }
        }
    }

    private void onDataAvailable() {
        int got = 0;
        synchronized (echoLock) {
            // small takes: Cyclone clears its whole cached loan (max samples × struct size) on every
            // return, and a keep-last-1 echo reader rarely holds more than one sample
            int n;
            do {
                n = reader.take(TAKE_MAX, onEcho);
                got += n;
            } while (n == TAKE_MAX);
        }
        if (got > 0 && definition.rate() == 0) {
            sendNext();
        }
    }

    private void onEcho(SampleView v) {
        if (!v.validData() || v.getInt32(PotherType.SENDER) != senderId) {
            return;
        }
        long now = DdsTime.now();
        long send = v.getInt64(PotherType.SEND_TIME);
        long inter = lastArrival < 0 ? -1 : now - lastArrival;
        lastArrival = now;
        recorder.echo(v.getInt64(PotherType.SOURCE_TIME) - send, v.getInt64(PotherType.ARRIVAL_TIME) - send,
                now - v.sourceTimestampNanos(), now - send, inter);
        echoes++;
    }

    /** Rate mode: one write per period, on a schedule that does not drift. */
    private void paceAtRate() {
        long interval = (long) (1e9 / definition.rate());
        long next = System.nanoTime();
        while (running && sent < limit) {
            sendNext();
            next += interval;
            long wait;
            while (running && (wait = next - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
        }
    }

    /**
     * Ping-pong mode: a lost sample or echo (best effort) would stop the exchange; send again after 1 s of
     * silence. A reliable pair loses nothing once both directions have matched, so there it only restarts an
     * exchange whose first echo never came (the echo writer matched our reader late); a resend later would
     * only put a second ping in flight when a busy machine stalls a round trip for a second.
     */
    private void watchdog() {
        Qos.Reliability r = definition.qos() == null ? null : definition.qos().reliability();
        boolean reliable = r == null || r.kind() == Qos.ReliabilityKind.RELIABLE;
        long seen = echoes;
        long since = System.nanoTime();
        while (running && sent < limit) {
            LockSupport.parkNanos(100_000_000L);
            if (echoes != seen) {
                seen = echoes;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > WATCHDOG_NANOS && (!reliable || echoes == 0)) {
                sendNext();
                since = System.nanoTime();
            }
        }
    }

    @Override
    public void close() {
        stop();
        reader.close();
        writer.close();
        pingTopic.close();
        echoTopic.close();
        buffer.close();
    }
}
