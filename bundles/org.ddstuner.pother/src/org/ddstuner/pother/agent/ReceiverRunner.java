package org.ddstuner.pother.agent;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.Receiver;
import org.ddstuner.pother.ThroughputReport;
import java.util.HashMap;
import java.util.Map;

import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.SenderPeriodReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;

/**
 * A receiver test: reads the data of transmitter {@code partner} from the moment it is defined and reports
 * throughput, losses and reordering every period while running. Reports its reader's discovery once matched
 * and again with the first sample: its sequence number is the number of samples missed before discovery.
 * Each period also: the send time → arrival of its samples (a one-column {@link LatencyPeriodReport},
 * SEND_ARRIVAL: one way, or end to end behind relays) and a {@link SenderPeriodReport} per sender (fan-in).
 * If no writer of {@code partner} has matched within the partner timeout after it starts running, the test fails
 * with an error report naming the partner (as a transceiver's and a relay's do), instead of reporting 0 samples
 * for ever.
 */
final class ReceiverRunner extends TestRunner {

    private final Receiver engine;
    private boolean firstSampleReported;
    private final Map<Integer, Long> lastBySender = new HashMap<>();
    private long deadline; // System.nanoTime() by which a writer of the partner must have matched (set at start)
    private String noPartner; // set once the partner timeout has passed without a match

    ReceiverRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Receiver(participant, Checks.receiver(d));
        watchDiscovery(engine::matchedWriters, () -> host.publish(discovery()));
    }

    private DiscoveryReport discovery() {
        long seq = engine.firstSequence();
        long arrival = engine.firstArrivalNanos();
        long match = firstMatchNanos();
        if (arrival >= 0 && (match < 0 || arrival < match)) {
            match = arrival; // a sample is proof of a match the poll had not seen yet
        }
        return new DiscoveryReport(host.appId(), host.groupId(), definition.name(), Role.RECEIVER, DdsTime.now(),
                host.usage(), definition.ownParticipant(), createdNanos, match, arrival, seq, Math.max(0, seq));
    }

    @Override
    void startEngine() {
        deadline = System.nanoTime() + timeoutMillis() * 1_000_000L;
        // no new period here: the samples that came since the last report (or since the reader was created) go
        // into the next one, so the periods always add up to the total (a transmitter may start before us)
    }

    @Override
    void stopEngine() {
        // keeps reading until removed, so a restart loses nothing
    }

    @Override
    Object engineFailure() {
        if (engine.failure() != null) {
            return engine.failure();
        }
        // a receiver that has matched its transmitter once keeps waiting quietly when it goes (restart, redefinition)
        if (noPartner == null && firstMatchNanos() < 0 && engine.matchedWriters() == 0
                && engine.firstArrivalNanos() < 0 && System.nanoTime() - deadline > 0) {
            noPartner = "no transmitter or relay named '" + definition.partner() + "' appeared within "
                    + timeoutMillis() / 1000.0 + " s (it would write Pother_" + definition.partner()
                    + "_Data); is an agent running it?";
        }
        return noPartner;
    }

    private long timeoutMillis() {
        return definition.partnerTimeoutMillis() > 0 ? definition.partnerTimeoutMillis()
                : TestDefinition.DEFAULT_PARTNER_TIMEOUT_MILLIS;
    }

    @Override
    void report(long period, boolean last) {
        if (!firstSampleReported && engine.firstArrivalNanos() >= 0) {
            firstSampleReported = true;
            host.publish(discovery());
        }
        ThroughputReport r = engine.report();
        long total = engine.senders().stream().mapToLong(Receiver.SenderCount::received).sum(); // taken with r
        long now = DdsTime.now();
        publishTaken(Role.RECEIVER, period, last, now, r, total);
        host.publish(new LatencyPeriodReport(host.appId(), host.groupId(), definition.name(), period, last, now,
                host.usage(), engine.endToEnd(now)));
        long size = r.samples() > 0 ? r.bytes() / r.samples() : 0;
        for (Receiver.SenderCount c : engine.senders()) {
            long n = c.received() - lastBySender.getOrDefault(c.sender(), 0L);
            lastBySender.put(c.sender(), c.received());
            host.publish(new SenderPeriodReport(host.appId(), host.groupId(), definition.name(), c.sender(), period, last,
                    now, host.usage(), r.periodNanos(), n, n * size, c.received(), c.lost(), c.outOfOrder(),
                    r.periodNanos() > 0 ? n * 1e9 / r.periodNanos() : 0));
        }
    }

    @Override
    void closeEngine() {
        engine.close();
    }
}
