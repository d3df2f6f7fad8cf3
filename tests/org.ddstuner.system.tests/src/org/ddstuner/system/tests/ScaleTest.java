package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.junit.jupiter.api.Test;

/** 20,000 endpoints over 500 topics: matching is per topic, so this stays far below a second. */
class ScaleTest {

    private static final int PARTICIPANTS = 200;
    private static final int ENDPOINTS_PER_PARTICIPANT = 100;
    private static final int TOPICS = 500;

    @Test
    void twentyThousandEndpoints() {
        List<DiscoveryEvent> events = new ArrayList<>();
        for (int p = 0; p < PARTICIPANTS; p++) {
            Guid pg = Fixtures.participant(p);
            events.add(Fixtures.participantSeen(pg, "p" + p, Map.of("__Hostname", "h" + (p % 10))));
            for (int i = 0; i < ENDPOINTS_PER_PARTICIPANT; i++) {
                int n = p * ENDPOINTS_PER_PARTICIPANT + i;
                // 40 endpoints per topic: rounds alternate writers and readers
                EndpointKind kind = (n / TOPICS) % 2 == 0 ? EndpointKind.WRITER : EndpointKind.READER;
                Qos qos = n % 7 == 0 ? Qos.EMPTY.withBestEffort() : Qos.EMPTY.withReliable();
                events.add(new DiscoveryEvent.EndpointSeen(Fixtures.endpoint(pg, i, kind), kind, pg,
                        "topic" + (n % TOPICS), "Type" + (n % TOPICS), qos, true));
            }
        }
        SystemModel model = new SystemModel();
        long t0 = System.nanoTime();
        model.applyAll(events);
        long applyMs = (System.nanoTime() - t0) / 1_000_000;

        t0 = System.nanoTime();
        SystemSnapshot s = model.snapshot();
        long snapshotMs = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("scale: %d endpoints over %d topics applied in %d ms, snapshot in %d ms, %d pairs%n",
                s.endpoints().size(), s.topics().size(), applyMs, snapshotMs, s.matches().size());

        assertEquals(PARTICIPANTS * ENDPOINTS_PER_PARTICIPANT, s.endpoints().size());
        assertEquals(TOPICS, s.topics().size());
        // 40 endpoints per topic, 20 readers x 20 writers
        assertEquals(TOPICS * 20 * 20, s.matches().size());
        assertTrue(applyMs < 5_000, "applying 20,000 endpoints took " + applyMs + " ms");
        assertTrue(snapshotMs < 5_000, "snapshot took " + snapshotMs + " ms");

        // one more event costs O(endpoints on its topic), not O(all endpoints)
        Guid extra = Fixtures.endpoint(Fixtures.participant(0), 999_999, EndpointKind.READER);
        t0 = System.nanoTime();
        for (int i = 0; i < 1_000; i++) {
            model.apply(Fixtures.reader(extra, Fixtures.participant(0), "topic" + (i % TOPICS), "Type" + (i % TOPICS),
                    i % 2 == 0 ? Qos.EMPTY.withReliable() : Qos.EMPTY));
        }
        long perEventUs = (System.nanoTime() - t0) / 1_000 / 1_000;
        System.out.printf("scale: one endpoint update on a 40-endpoint topic: %d µs%n", perEventUs);
        assertTrue(perEventUs < 5_000, "single update took " + perEventUs + " µs");
    }
}
