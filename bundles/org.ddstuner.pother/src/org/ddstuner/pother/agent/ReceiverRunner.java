package org.ddstuner.pother.agent;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.Receiver;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * A receiver test: reads the data of transmitter {@code partner} from the moment it is defined and reports
 * throughput, losses and reordering every period while running. Reports its reader's discovery once matched
 * and again with the first sample: its sequence number is the number of samples missed before discovery.
 */
final class ReceiverRunner extends TestRunner {

    private final Receiver engine;
    private final DiscoveryWatch watch;
    private boolean firstSampleReported;
    private long lastLost;

    ReceiverRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Receiver(participant, Checks.receiver(d));
        watch = new DiscoveryWatch(d.name(), engine::matchedWriters, () -> host.publish(discovery()));
        watch.start();
    }

    private DiscoveryReport discovery() {
        long seq = engine.firstSequence();
        long arrival = engine.firstArrivalNanos();
        long match = watch.firstMatchNanos();
        if (arrival >= 0 && (match < 0 || arrival < match)) {
            match = arrival; // a sample is proof of a match the poll had not seen yet
        }
        return new DiscoveryReport(host.appId(), host.groupId(), definition.name(), Role.RECEIVER, DdsTime.now(),
                host.usage(), definition.ownParticipant(), createdNanos, match, arrival, seq, Math.max(0, seq));
    }

    @Override
    void startEngine() {
        // no new period here: the samples that came since the last report (or since the reader was created) go
        // into the next one, so the periods always add up to the total (a transmitter may start before us)
    }

    @Override
    void stopEngine() {
        // keeps reading until removed, so a restart loses nothing
    }

    @Override
    Object engineFailure() {
        return engine.failure();
    }

    @Override
    void report(long period, boolean last) {
        if (!firstSampleReported && engine.firstArrivalNanos() >= 0) {
            firstSampleReported = true;
            host.publish(discovery());
        }
        ThroughputReport r = engine.report();
        long now = DdsTime.now();
        long newlyLost = r.lostTotal() - lastLost;
        lastLost = r.lostTotal();
        double bySequence = r.periodNanos() > 0 ? (r.samples() + newlyLost) * 1e9 / r.periodNanos() : 0;
        host.publish(new ThroughputPeriodReport(host.appId(), host.groupId(), definition.name(), Role.RECEIVER, period,
                last, now, host.usage(), r.periodNanos(), r.samples(), r.bytes(), engine.received(), r.lostTotal(),
                r.outOfOrderTotal(), r.samplesPerSecond(), r.megabitsPerSecond(), bySequence,
                r.theoreticalSamplesPerSecond()));
    }

    @Override
    void closeEngine() {
        watch.close();
        engine.close();
    }
}
