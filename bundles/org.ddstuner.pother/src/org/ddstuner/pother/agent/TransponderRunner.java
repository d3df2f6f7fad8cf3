package org.ddstuner.pother.agent;

import org.ddstuner.dds.DdsTime;
import org.ddstuner.pother.Transponder;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;

/**
 * A transponder test: echoes on the topics of its name from the moment it is defined (so a transceiver
 * can discover it even while it is "stopped"); running only adds a report of echoes per period.
 */
final class TransponderRunner extends TestRunner {

    private final Transponder engine;
    private final CounterPeriod echoPeriod = new CounterPeriod(0, DdsTime.now());

    TransponderRunner(TestDefinition d, TestHost host) {
        super(d, host);
        engine = new Transponder(participant, Checks.transponder(d));
    }

    @Override
    void startEngine() {
        echoPeriod.restart(engine.echoed(), DdsTime.now());
    }

    @Override
    void stopEngine() {
        // keeps echoing until removed
    }

    @Override
    void report(long period, boolean last) {
        long now = DdsTime.now();
        long echoed = engine.echoed();
        echoPeriod.advance(echoed, now);
        double rate = echoPeriod.perSecond();
        host.publish(new ThroughputPeriodReport(host.appId(), host.groupId(), definition.name(), Role.TRANSPONDER, period,
                last, now, host.usage(), echoPeriod.nanos(), echoPeriod.count(), 0, echoed, 0, 0, rate, 0, rate, 0));
    }

    @Override
    void closeEngine() {
        engine.close();
    }
}
