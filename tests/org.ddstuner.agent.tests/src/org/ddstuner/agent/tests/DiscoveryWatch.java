package org.ddstuner.agent.tests;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Sample;

/**
 * A third participant's view of the application's writers (DCPSPublication): how the rest of the system sees a QoS
 * change, independent of what the agent replies.
 */
final class DiscoveryWatch implements AutoCloseable {

    private final BuiltinReader<EndpointData> publications;
    private final Map<Guid, EndpointData> latest = new HashMap<>();

    DiscoveryWatch(Participant third) {
        publications = BuiltinReader.publications(third);
    }

    /** Waits until the writer's latest announcement satisfies cond; returns it, or the last seen (or null) on timeout. */
    EndpointData await(String writerGuid, Predicate<EndpointData> cond, Duration timeout) {
        Guid g = Guid.parse(writerGuid);
        long end = System.nanoTime() + timeout.toNanos();
        do {
            for (Sample<EndpointData> s : publications.take(256)) {
                if (s.info().validData()) {
                    latest.put(s.data().key(), s.data());
                }
            }
            EndpointData d = latest.get(g);
            if (d != null && cond.test(d)) {
                return d;
            }
            publications.waitForData(Duration.ofMillis(50));
        } while (System.nanoTime() < end);
        return latest.get(g);
    }

    @Override
    public void close() {
        publications.close();
    }
}
