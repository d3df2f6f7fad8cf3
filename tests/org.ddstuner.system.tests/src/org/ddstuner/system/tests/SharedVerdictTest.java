package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Match;
import org.ddstuner.system.MatchExplainer;
import org.ddstuner.system.MatchSummary;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;
import org.junit.jupiter.api.Test;

/**
 * The model evaluates a pair once per pair of QoS signatures and makes {@link Match}es on demand: every
 * match it reports must still be exactly what {@link MatchExplainer} says for that reader and writer,
 * snapshots must stay immutable while the model moves on, and counts must not wait for the model lock.
 */
class SharedVerdictTest {

    private static final Qos[] QOS = {
            Qos.EMPTY,
            Qos.EMPTY.withReliable(),
            Qos.EMPTY.withBestEffort(),
            Qos.EMPTY.withReliable().withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL),
            Qos.EMPTY.withPartitions("robot*"),
            Qos.EMPTY.withPartitions("robot1").withReliable(),
            Qos.EMPTY.withKeepLast(5).withEntityName("same verdicts as EMPTY, other name"),
    };

    @Test
    void everyReportedMatchIsWhatTheExplainerSays() {
        SystemModel model = new SystemModel();
        Random random = new Random(42);
        Guid pa = Fixtures.participant(1);
        Guid pb = Fixtures.participant(2);
        for (int i = 0; i < 120; i++) {
            EndpointKind kind = random.nextBoolean() ? EndpointKind.READER : EndpointKind.WRITER;
            Guid owner = i % 2 == 0 ? pa : pb;
            String type = random.nextInt(5) == 0 ? "other::Type" : "M::Type";
            model.apply(new DiscoveryEvent.EndpointSeen(Fixtures.endpoint(owner, i, kind), kind, owner,
                    "T" + random.nextInt(3), type, QOS[random.nextInt(QOS.length)], random.nextBoolean()));
        }
        // some endpoints go: they are in no pair any more
        model.apply(new DiscoveryEvent.EndpointLost(Fixtures.endpoint(pa, 0, EndpointKind.READER)));
        model.apply(new DiscoveryEvent.EndpointLost(Fixtures.endpoint(pa, 0, EndpointKind.WRITER)));
        SystemSnapshot s = model.snapshot();

        int expectedPairs = 0;
        Set<Match> fromMatchesOf = new HashSet<>();
        for (Endpoint e : s.endpoints()) {
            List<Endpoint> others = s.endpoints().stream().filter(o -> o.topicName().equals(e.topicName())
                    && o.kind() != e.kind() && o.alive()).toList();
            List<Match> ms = s.matchesOf(e.guid());
            MatchSummary summary = s.matchSummaryOf(e.guid());
            if (!e.alive()) {
                assertTrue(ms.isEmpty(), "a gone endpoint is in no pair");
                assertEquals(MatchSummary.NONE, summary);
                continue;
            }
            assertEquals(others.size(), ms.size(), "one verdict per alive peer of " + e.guid());
            for (Match m : ms) {
                Endpoint r = s.endpoint(m.reader()).orElseThrow();
                Endpoint w = s.endpoint(m.writer()).orElseThrow();
                assertEquals(MatchExplainer.match(r, w), m);
            }
            fromMatchesOf.addAll(ms);
            long matched = ms.stream().filter(Match::matched).count();
            assertEquals(others.size(), summary.candidates());
            assertEquals(matched, summary.matched());
            if (matched == 0 && !ms.isEmpty()) {
                Match nearest = summary.nearestMismatch();
                assertNotNull(nearest);
                int fewest = ms.stream().mapToInt(m -> m.reasons().size()).min().orElseThrow();
                assertEquals(fewest, nearest.reasons().size(), "the nearest mismatch has the fewest reasons");
                assertTrue(ms.contains(nearest));
            } else {
                assertNull(summary.nearestMismatch());
            }
            if (e.isReader()) {
                expectedPairs += others.size();
            }
        }
        List<Match> all = s.matches();
        assertEquals(expectedPairs, all.size());
        assertEquals(fromMatchesOf, new HashSet<>(all), "matches() holds each pair once, the same as matchesOf");
        assertEquals(all.size(), new HashSet<>(all).size());
        assertEquals(new ArrayList<>(all), all);
        assertTrue(all.stream().anyMatch(Match::matched) && all.stream().anyMatch(m -> !m.matched()),
                "the mix has both verdicts");
    }

    @Test
    void aSnapshotDoesNotChangeWhenTheModelDoes() {
        SystemModel model = new SystemModel();
        Guid p = Fixtures.participant(1);
        Guid w = Fixtures.endpoint(p, 1, EndpointKind.WRITER);
        Guid r = Fixtures.endpoint(p, 2, EndpointKind.READER);
        Guid quiet = Fixtures.endpoint(p, 3, EndpointKind.WRITER);
        model.apply(Fixtures.writer(w, p, "T", "M", Qos.EMPTY.withBestEffort()));
        model.apply(Fixtures.reader(r, p, "T", "M", Qos.EMPTY.withReliable()));
        model.apply(Fixtures.writer(quiet, p, "Other", "M", Qos.EMPTY));
        SystemSnapshot before = model.snapshot();
        assertTrue(before.matchSummaryOf(r).unmatched());

        model.apply(Fixtures.writer(w, p, "T", "M", Qos.EMPTY.withReliable()));
        SystemSnapshot after = model.snapshot();
        assertTrue(before.matchSummaryOf(r).unmatched(), "the old snapshot keeps its verdict");
        assertFalse(before.matchesOf(r).get(0).matched());
        assertEquals(1, after.matchSummaryOf(r).matched());
        assertTrue(after.matchesOf(r).get(0).matched());
        assertEquals(before.topic("Other"), after.topic("Other"), "an unchanged topic reads the same");
    }

    @Test
    void countsDoNotWaitForTheModelLock() throws Exception {
        SystemModel model = new SystemModel();
        Guid p = Fixtures.participant(1);
        model.apply(Fixtures.writer(Fixtures.endpoint(p, 1, EndpointKind.WRITER), p, "T", "M", Qos.EMPTY));
        CountDownLatch read = new CountDownLatch(1);
        AtomicInteger seen = new AtomicInteger(-1);
        synchronized (model) { // the lock apply and snapshot take
            Thread.ofPlatform().daemon().start(() -> {
                seen.set(model.endpointCount() * 10 + model.participantCount());
                read.countDown();
            });
            assertTrue(read.await(5, TimeUnit.SECONDS), "endpointCount() waited for the model lock");
        }
        assertEquals(11, seen.get());
    }

    @Test
    void applyAllLetsOthersInBetweenChunks() throws Exception {
        SystemModel model = new SystemModel();
        Guid p = Fixtures.participant(1);
        List<DiscoveryEvent> events = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            EndpointKind kind = i % 2 == 0 ? EndpointKind.WRITER : EndpointKind.READER;
            events.add(new DiscoveryEvent.EndpointSeen(Fixtures.endpoint(p, i, kind), kind, p, "T" + i % 101, "M",
                    Qos.EMPTY, false));
        }
        // snapshots taken while the batch is applied each see a consistent part of it
        AtomicInteger partial = new AtomicInteger();
        Thread applier = Thread.ofPlatform().start(() -> model.applyAll(events));
        while (applier.isAlive()) {
            SystemSnapshot s = model.snapshot();
            int endpoints = 0;
            long pairs = 0;
            for (var t : s.topics()) {
                endpoints += t.readers().size() + t.writers().size();
                pairs += (long) t.readers().size() * t.writers().size();
            }
            assertEquals(s.endpoints().size(), endpoints);
            assertEquals(pairs, s.matches().size());
            if (endpoints > 0 && endpoints < events.size()) {
                partial.incrementAndGet();
            }
        }
        applier.join();
        assertEquals(events.size(), model.endpointCount());
        assertEquals(events.size(), model.snapshot().endpoints().size());
        long[] writers = new long[101];
        long[] readers = new long[101];
        for (int i = 0; i < events.size(); i++) {
            (i % 2 == 0 ? writers : readers)[i % 101]++;
        }
        long expectedPairs = 0;
        for (int t = 0; t < 101; t++) {
            expectedPairs += writers[t] * readers[t];
        }
        assertEquals(expectedPairs, model.snapshot().matches().size());
    }
}
