package org.ddstuner.pother;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>Measuring starts with the first echo. {@link #awaitTransponder} sees only this side's matches: the
 * transponder's reader may not know our writer yet (what it cannot take yet is repaired hundreds of
 * milliseconds later) and its echo writer may not know our reader. So every ping sent before an echo of ours has
 * come back is a warm-up ping: not counted in {@link #sent()} nor towards the sample count, its echo not measured;
 * the reports count them apart ({@link LatencyReport#warmup()}). An echo is of a warm-up ping when its send time is
 * not after the last warm-up ping's (the send time is ours, so one clock decides).
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
    /** An echo of ours came back: from now on pings are measured. */
    private volatile boolean echoed;
    /** Send time of the last warm-up ping (echoes sent up to then are not measured). */
    private volatile long lastWarmupSend = Long.MIN_VALUE;
    private volatile long warmupPings;
    private int seq;
    /** Ping-pong: the sequence number (unsigned) of the ping whose echo is awaited, or −1; see {@link #onEcho}. */
    private final AtomicLong awaited = new AtomicLong(-1);
    private int acceptedEchoes; // guarded by echoLock
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

    /**
     * Stops sending and returns once no write is under way any more (a ping being written is counted, and its
     * send latency recorded, before this returns, so the report that follows a stop has every ping).
     */
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
        synchronized (sendLock) {
            // a write in progress (from an echo listener or the ping-pong starter) holds sendLock until it is counted
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

    /** Pings sent before the first echo came back (not measured, not in {@link #sent()}). */
    public long warmupPings() {
        return warmupPings;
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
                    int s = seq++;
                    boolean warmup = !echoed;
                    if (definition.rate() == 0) {
                        awaited.set(Integer.toUnsignedLong(s)); // before the write: its echo may come inside it
                    }
                    // counted before the write: in one process the echo is recorded inside it
                    long t0 = DdsTime.now();
                    if (warmup) {
                        warmupPings++;
                        recorder.warmup(1);
                        lastWarmupSend = t0;
                    } else {
                        sent++;
                        recorder.sending();
                        t0 = Math.max(t0, lastWarmupSend + 1); // measured pings are after every warm-up one
                    }
                    buffer.setInt32(PotherType.SEQ, s);
                    buffer.setInt64(PotherType.SEND_TIME, t0);
                    try {
                        write();
                    } catch (RuntimeException e) {
                        if (warmup) {
                            warmupPings--;
                            recorder.warmup(-1);
                        } else {
                            sent--;
                            recorder.notSent();
                        }
                        throw e;
                    }
                    if (!warmup) {
                        recorder.sendLatency(DdsTime.now() - t0);
                    }
                } while (pending);
            } finally {
                sending = false;
            }
        }
    }

    private void write() {
        writer.write(buffer);
        if (Writer.writeBatching()) {
            writer.flush(); // a ping must leave now, not when the batch is full
        }
    }

    /**
     * Reliable ping-pong, no echo yet: writes the outstanding ping again (same sequence number, not counted
     * again) in case its echo went to a reader the transponder's writer had not matched yet. Were a new ping
     * sent instead, a first round trip that is only slow would leave two pings in flight for the whole run.
     */
    private void resendOutstanding() {
        synchronized (sendLock) {
            if (sending || !running || seq == 0) {
                return; // a write is under way (its echo will drive the next) or nothing was sent yet
            }
            sending = true;
            try {
                pending = false;
                long t0 = DdsTime.now();
                lastWarmupSend = t0; // no echo yet: the outstanding ping is a warm-up ping
                buffer.setInt64(PotherType.SEND_TIME, t0); // the buffer still holds the outstanding ping
                write();
            } finally {
                sending = false;
            }
            if (pending) {
                sendNext(); // its echo came inside the write
            }
        }
    }

    private void onDataAvailable() {
        int accepted;
        synchronized (echoLock) {
            acceptedEchoes = 0;
            // small takes into the reader's reused sample slots: a keep-last-1 echo reader rarely holds
            // more than one sample
            while (reader.take(TAKE_MAX, onEcho) == TAKE_MAX) {
                // more may be waiting
            }
            accepted = acceptedEchoes;
        }
        if (accepted > 0 && definition.rate() == 0) {
            sendNext();
        }
    }

    /**
     * Records an echo of ours. In ping-pong mode only the echo of the ping in flight counts (and sends the next
     * one): a second echo of a re-sent ping, or a late echo of a ping the watchdog gave up on, would otherwise
     * start a second exchange running beside the first.
     */
    private void onEcho(SampleView v) {
        if (!v.validData() || v.getInt32(PotherType.SENDER) != senderId) {
            return;
        }
        if (definition.rate() == 0 && !awaited.compareAndSet(Integer.toUnsignedLong(v.getInt32(PotherType.SEQ)), -1)) {
            return;
        }
        acceptedEchoes++;
        long now = DdsTime.now();
        long send = v.getInt64(PotherType.SEND_TIME);
        if (send <= lastWarmupSend) {
            echoed = true; // the first echo ends the warm-up; this one, and any other of a warm-up ping, is not measured
            return;
        }
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
     * Ping-pong mode: a lost sample or echo (best effort) would stop the exchange; send a new ping after 1 s of
     * silence (a late echo of the old one is then ignored). A reliable pair loses nothing once both directions
     * have matched, so there it only writes the first ping again while no echo has come back at all (the echo
     * writer may have matched our reader after the echo was written); later silence is a stalled machine, and
     * a resend would only put a second ping in flight.
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
            } else if (System.nanoTime() - since > WATCHDOG_NANOS) {
                if (!reliable) {
                    sendNext(); // the ping or its echo is lost: a new ping
                } else if (!echoed) {
                    resendOutstanding();
                }
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
