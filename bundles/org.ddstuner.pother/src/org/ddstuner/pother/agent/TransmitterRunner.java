package org.ddstuner.pother.agent;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.Transmitter;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * A transmitter test: sends at the defined size/rate/burst (sender id = the agent's app id) and reports
 * what it sent each period, with how long each write spent inside {@code dds_write} (a one-column
 * {@link LatencyPeriodReport}, SEND; its count is the samples written in the period); reports its writer's discovery
 * time (created → first matched reader) once, with the samples it had written by then.
 * It sends whether or not a receiver is there, so a receiver defined later measures the samples it missed.
 */
final class TransmitterRunner extends TestRunner {

    private final Transmitter engine;
    private long target = Long.MAX_VALUE;
    private final CounterPeriod sentPeriod = new CounterPeriod(0, DdsTime.now());

    TransmitterRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Transmitter(participant, Checks.transmitter(d, host.appId()));
        // what it had sent when the match was seen (polled every 200 µs) went to nobody
        watchDiscovery(engine::matchedReaders, () -> publishDiscovery(Role.TRANSMITTER, engine.sent()));
    }

    @Override
    void startEngine() {
        long count = definition.sampleCount();
        target = count > 0 ? engine.sent() + count : Long.MAX_VALUE;
        sentPeriod.restart(engine.sent(), DdsTime.now());
        engine.start(target);
    }

    @Override
    void stopEngine() {
        engine.stop();
    }

    @Override
    boolean finished() {
        return target != Long.MAX_VALUE && engine.sent() >= target && !engine.running();
    }

    @Override
    Object engineFailure() {
        return engine.failure();
    }

    @Override
    void report(long period, boolean last) {
        long now = DdsTime.now();
        long sent = engine.sent();
        sentPeriod.advance(sent, now);
        long n = sentPeriod.count();
        long dt = sentPeriod.nanos();
        double rate = sentPeriod.perSecond();
        host.publish(new ThroughputPeriodReport(host.appId(), host.groupId(), definition.name(), Role.TRANSMITTER, period,
                last, now, host.usage(), dt, n, n * definition.size(), sent, 0, 0, rate, dt > 0 ? n * definition.size() * 8e3 / dt : 0,
                rate, definition.rate() * definition.burst()));
        host.publish(new LatencyPeriodReport(host.appId(), host.groupId(), definition.name(), period, last, now,
                host.usage(), engine.writeTimes(now)));
    }

    @Override
    void closeEngine() {
        engine.close();
    }
}
