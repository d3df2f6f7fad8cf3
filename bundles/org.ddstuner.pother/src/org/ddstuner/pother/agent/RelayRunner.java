package org.ddstuner.pother.agent;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.Relay;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * A relay test: forwards the data of {@code partner} on its own topic from the moment it is defined (sender
 * id = the agent's app id), so a pipeline can be set up before its source starts. Each period while running it
 * reports the first stage as a receiver does (a {@link ThroughputPeriodReport} with role "relay": samples taken,
 * lost and out of order by the upstream sequence numbers) and its writes as a one-column
 * {@link LatencyPeriodReport} (SEND: time inside {@code dds_write} per sample; count = samples written).
 * Its reader's discovery is reported once; if no upstream writer matches within the partner timeout the test
 * fails with an error report naming the partner.
 */
final class RelayRunner extends TestRunner {

    private final Relay engine;
    private final long deadline;
    private String noPartner; // set once the partner timeout has passed without a match

    RelayRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Relay(participant, Checks.relay(d, host.appId()));
        long timeoutMs = d.partnerTimeoutMillis() > 0 ? d.partnerTimeoutMillis() : TestDefinition.DEFAULT_PARTNER_TIMEOUT_MILLIS;
        deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        watchDiscovery(engine::matchedUpstream, () -> publishDiscovery(Role.RELAY, 0));
    }

    @Override
    void startEngine() {
        // forwards from the moment it is defined; running adds the reports
    }

    @Override
    void stopEngine() {
        // keeps forwarding until removed, so a stop/start loses nothing
    }

    @Override
    Object engineFailure() {
        if (engine.failure() != null) {
            return engine.failure();
        }
        if (noPartner == null && firstMatchNanos() < 0 && engine.matchedUpstream() == 0
                && System.nanoTime() - deadline > 0) {
            noPartner = "no transmitter or relay named '" + definition.partner() + "' appeared within "
                    + (definition.partnerTimeoutMillis() > 0 ? definition.partnerTimeoutMillis()
                            : TestDefinition.DEFAULT_PARTNER_TIMEOUT_MILLIS) / 1000.0
                    + " s (it would write Pother_" + definition.partner() + "_Data); is an agent running it?";
        }
        return noPartner;
    }

    @Override
    void report(long period, boolean last) {
        ThroughputReport r = engine.report();
        long now = DdsTime.now();
        publishTaken(Role.RELAY, period, last, now, r, engine.received());
        host.publish(new LatencyPeriodReport(host.appId(), host.groupId(), definition.name(), period, last, now,
                host.usage(), engine.writeTimes(now)));
    }

    @Override
    void closeEngine() {
        engine.close();
    }
}
