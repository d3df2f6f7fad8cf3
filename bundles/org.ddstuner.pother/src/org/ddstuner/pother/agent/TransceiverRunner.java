package org.ddstuner.pother.agent;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.Transceiver;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.TestDefinition;

/**
 * A transceiver test: pings the transponder named {@code partner} and reports latency every period. It
 * starts sending only once the transponder is matched; if none appears within the partner timeout the
 * test fails with an error report naming the partner. Its pings count from the first echo on (see
 * {@link Transceiver}: the ones before are warm-up, reported apart).
 */
final class TransceiverRunner extends TestRunner {

    /** An echo lost on a best-effort link must not keep a counted test open for ever. */
    private static final long SILENCE_NANOS = 2_000_000_000L;

    private final Transceiver engine;
    private ScheduledFuture<?> partnerWait;
    private boolean sending;
    private long target = Long.MAX_VALUE;
    private long lastEchoes;
    private long lastProgress;

    TransceiverRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Transceiver(participant, Checks.transceiver(d));
    }

    @Override
    void startEngine() {
        long timeoutMs = definition.partnerTimeoutMillis() > 0 ? definition.partnerTimeoutMillis()
                : TestDefinition.DEFAULT_PARTNER_TIMEOUT_MILLIS;
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        partnerWait = host.every(10, () -> {
            if (!running() || sending) {
                cancelWait();
                return;
            }
            if (engine.awaitTransponder(Duration.ZERO)) {
                cancelWait();
                beginSending();
            } else if (System.nanoTime() - deadline > 0) {
                cancelWait();
                host.fail(this, describe() + ": no transponder named '" + definition.partner() + "' appeared within "
                        + timeoutMs / 1000.0 + " s (it would echo on Pother_" + definition.partner() + "_Ping/_Echo); "
                        + "is an agent running a transponder called " + definition.partner() + "?");
            }
        });
    }

    private void beginSending() {
        long count = definition.sampleCount();
        target = count > 0 ? engine.sent() + count : Long.MAX_VALUE;
        lastEchoes = engine.echoes();
        lastProgress = System.nanoTime();
        long limit = count > 0 ? target : Long.MAX_VALUE;
        if (definition.rate() > 0) {
            engine.start(limit);
        } else {
            // With the transponder in this process Cyclone delivers the echo synchronously, so an as-fast-as-
            // possible ping-pong runs inside start() until stop(): it must not take the control thread with it.
            Thread.ofPlatform().daemon().name("pother-agent-pingpong-" + definition.name()).start(() -> engine.start(limit));
        }
        sending = true;
        host.log(describe() + ": transponder " + definition.partner() + " matched, sending"
                + (count > 0 ? " " + count + " samples" : ""));
    }

    private void cancelWait() {
        if (partnerWait != null) {
            partnerWait.cancel(false);
            partnerWait = null;
        }
    }

    @Override
    void stopEngine() {
        cancelWait();
        if (sending) {
            engine.stop();
            sending = false;
        }
    }

    @Override
    boolean finished() {
        if (!sending || target == Long.MAX_VALUE || engine.sent() < target) {
            return false;
        }
        long echoes = engine.echoes();
        if (echoes != lastEchoes) {
            lastEchoes = echoes;
            lastProgress = System.nanoTime();
        }
        return echoes >= engine.sent() || System.nanoTime() - lastProgress > SILENCE_NANOS;
    }

    @Override
    void report(long period, boolean last) {
        LatencyReport r = engine.report();
        if (r.warmup() > 0) {
            host.log(describe() + ": " + r.warmup() + " warm-up pings in period " + period
                    + " (sent before the first echo came back, not measured)");
        }
        host.publish(new LatencyPeriodReport(host.appId(), host.groupId(), definition.name(), period, last,
                DdsTime.now(), host.usage(), r));
    }

    @Override
    void closeEngine() {
        engine.close();
    }
}
