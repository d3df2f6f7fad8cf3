package org.ddstuner.pother.agent;

import java.util.concurrent.ScheduledFuture;
import java.util.function.IntSupplier;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Participant;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * One test an agent runs for a definition: owns the engine object (and, if asked, a participant of its
 * own), starts and stops it, and reports every period while it runs. All methods run on the agent's
 * control thread, so the state here needs no locks; engine threads only touch the engine objects.
 */
abstract class TestRunner implements AutoCloseable {

    protected final TestDefinition definition;
    protected final TestHost host;
    protected final Participant participant;
    private final boolean ownParticipant;
    private ScheduledFuture<?> ticker;
    private DiscoveryWatch watch; // set once, before it starts; closed before the engine
    private boolean running;
    private long period;
    protected final long createdNanos = DdsTime.now();

    TestRunner(TestDefinition definition, TestHost host) {
        this.definition = definition;
        this.host = host;
        this.ownParticipant = definition.ownParticipant();
        this.participant = ownParticipant ? host.newParticipant(definition.name()) : host.participant();
    }

    TestDefinition definition() {
        return definition;
    }

    /**
     * Watches the engine's endpoint ({@code matchedCount}: its matched readers or writers) and runs
     * {@code onMatch} once, on the watch's thread, when it first matches.
     */
    final void watchDiscovery(IntSupplier matchedCount, Runnable onMatch) {
        watch = new DiscoveryWatch(definition.name(), matchedCount, onMatch);
        watch.start();
    }

    /** When the watched endpoint first matched (Cyclone's clock, ns), or −1. */
    final long firstMatchNanos() {
        return watch == null ? -1 : watch.firstMatchNanos();
    }

    /**
     * Publishes a reading side's period (receiver, relay's first stage): what it took, and by the sequence
     * numbers what was sent to it (the report's theoretical rate) and what was asked for.
     */
    final void publishTaken(Role role, long period, boolean last, long now, ThroughputReport r, long total) {
        host.publish(new ThroughputPeriodReport(host.appId(), host.groupId(), definition.name(), role, period, last, now,
                host.usage(), r.periodNanos(), r.samples(), r.bytes(), total, r.lostTotal(), r.outOfOrderTotal(),
                r.samplesPerSecond(), r.megabitsPerSecond(), r.theoreticalSamplesPerSecond(),
                r.requestedSamplesPerSecond()));
    }

    /**
     * Publishes the discovery report of an endpoint that has no first sample to report (it writes), with the
     * samples it had written when it matched ({@code writtenBeforeMatch}: they went to nobody).
     */
    final void publishDiscovery(Role role, long writtenBeforeMatch) {
        host.publish(new DiscoveryReport(host.appId(), host.groupId(), definition.name(), role, DdsTime.now(),
                host.usage(), definition.ownParticipant(), createdNanos, firstMatchNanos(), -1, -1, writtenBeforeMatch));
    }

    boolean running() {
        return running;
    }

    final void start() {
        if (running) {
            return;
        }
        running = true;
        period = 0;
        startEngine();
        long ms = definition.reportPeriodMillis() > 0 ? definition.reportPeriodMillis() : TestDefinition.DEFAULT_REPORT_PERIOD_MILLIS;
        ticker = host.every(ms, this::tick);
    }

    /** Stops and sends the last report. */
    final void stop() {
        stop(true);
    }

    private void stop(boolean lastReport) {
        if (!running) {
            return;
        }
        running = false;
        cancelTicker();
        stopEngine();
        if (lastReport) {
            report(++period, true);
        }
    }

    private void tick() {
        if (!running) {
            return;
        }
        try {
            boolean done = finished();
            if (done) {
                running = false;
                cancelTicker();
                stopEngine();
            }
            report(++period, done);
            if (!done && engineFailure() != null) {
                host.fail(this, describe() + " stopped: " + engineFailure());
            }
        } catch (RuntimeException e) {
            host.fail(this, describe() + ": reporting failed: " + e);
        }
    }

    private void cancelTicker() {
        if (ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }

    /** "transceiver rtt_tx" */
    String describe() {
        return definition.role().wireName() + " " + definition.name();
    }

    /** "transceiver:rtt_tx:running" for the announcement. */
    String summary() {
        return definition.role().wireName() + ":" + definition.name() + ":" + (running ? "running" : "stopped");
    }

    abstract void startEngine();

    abstract void stopEngine();

    /** Publishes the report of one period. */
    abstract void report(long periodNumber, boolean last);

    /** True when the test did what it was asked (e.g. its sample count) and should stop. */
    boolean finished() {
        return false;
    }

    /** What broke the engine (a failed write, a dead thread), or null. */
    Object engineFailure() {
        return null;
    }

    abstract void closeEngine();

    @Override
    public final void close() {
        close(true);
    }

    /** Stops (with a last report only if {@code lastReport}: a failed test has nothing to report) and deletes it. */
    final void close(boolean lastReport) {
        stop(lastReport);
        try {
            if (watch != null) {
                watch.close();
            }
            closeEngine();
        } finally {
            if (ownParticipant) {
                participant.close();
            }
        }
    }
}
