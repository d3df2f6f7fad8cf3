package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.ModelDelta;
import org.ddstuner.system.ModelOptions;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.Test;

/** Many DDS events from several threads reach listeners as a few coalesced deltas on one thread. */
class BatchingTest {

    @Test
    void manyEventsFewDeltas() throws Exception {
        List<ModelDelta> deltas = new CopyOnWriteArrayList<>();
        Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (SystemModel model = new SystemModel(ModelOptions.defaults().withNotifyInterval(Duration.ofMillis(50)))) {
            model.addListener(d -> {
                deltas.add(d);
                threads.add(Thread.currentThread().getName());
            });
            model.start();
            int producers = 4;
            int perProducer = 2_500;
            CountDownLatch done = new CountDownLatch(producers);
            long t0 = System.nanoTime();
            for (int t = 0; t < producers; t++) {
                int id = t;
                Thread.ofPlatform().name("fake-dds-" + t).start(() -> {
                    Guid p = Fixtures.participant(100 + id);
                    model.apply(Fixtures.participantSeen(p, "p" + id, Map.of()));
                    for (int i = 0; i < perProducer; i++) {
                        model.apply(Fixtures.writer(Fixtures.endpoint(p, i, EndpointKind.WRITER), p, "T" + (i % 50),
                                "M", Qos.EMPTY));
                    }
                    done.countDown();
                });
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            awaitQuiet(deltas, 300);

            Set<String> added = new HashSet<>();
            deltas.forEach(d -> added.addAll(d.added(EntityKind.ENDPOINT)));
            assertEquals(producers * perProducer, added.size(), "every endpoint announced exactly once as added");
            assertEquals(Set.of("ddstuner-model-notifier"), threads, "one notifier thread only");
            // at most one delta per interval while events flowed, plus the trailing one
            long bound = elapsedMs / 50 + 3;
            assertTrue(deltas.size() <= bound, deltas.size() + " deltas for " + producers * perProducer
                    + " events in " + elapsedMs + " ms (bound " + bound + ")");
            assertTrue(deltas.size() < 100, "10,000 events must not become thousands of calls: " + deltas.size());
        }
    }

    @Test
    void changesWithinABatchCoalesce() throws Exception {
        List<ModelDelta> deltas = new CopyOnWriteArrayList<>();
        try (SystemModel model = new SystemModel(ModelOptions.defaults().withNotifyInterval(Duration.ofMillis(200)))) {
            model.addListener(deltas::add);
            Guid p = Fixtures.participant(1);
            Guid shortLived = Fixtures.endpoint(p, 1, EndpointKind.READER);
            Guid w = Fixtures.endpoint(p, 2, EndpointKind.WRITER);
            // applied before start(): all in the first batch
            List<DiscoveryEvent> events = new ArrayList<>();
            events.add(Fixtures.participantSeen(p, "a", Map.of()));
            events.add(Fixtures.participantSeen(p, "b", Map.of()));             // added + changed = added
            events.add(Fixtures.writer(w, p, "T", "M", Qos.EMPTY));
            events.add(Fixtures.reader(shortLived, p, "T2", "M", Qos.EMPTY));
            model.applyAll(events);
            model.start();
            awaitQuiet(deltas, 400);
            assertEquals(1, deltas.size());
            ModelDelta d = deltas.get(0);
            assertEquals(Set.of(p.toString()), d.added(EntityKind.PARTICIPANT));
            assertTrue(d.changed(EntityKind.PARTICIPANT).isEmpty());
            assertEquals(Set.of("T", "T2"), d.added(EntityKind.TOPIC));
            assertEquals(Set.of(""), d.added(EntityKind.PARTITION));
            assertEquals(2, d.added(EntityKind.ENDPOINT).size());

            deltas.clear();
            model.apply(new DiscoveryEvent.EndpointLost(w));
            awaitQuiet(deltas, 400);
            assertEquals(Set.of(w.toString()), deltas.get(0).changed(EntityKind.ENDPOINT));
            assertEquals(Set.of("T"), deltas.get(0).changed(EntityKind.TOPIC));
        }
    }

    /** Waits until no new delta arrived for {@code quietMs}. */
    private static void awaitQuiet(List<ModelDelta> deltas, long quietMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        int seen = -1;
        while (System.currentTimeMillis() < deadline) {
            Thread.sleep(quietMs);
            if (deltas.size() == seen && seen > 0) {
                return;
            }
            seen = deltas.size();
        }
    }
}
