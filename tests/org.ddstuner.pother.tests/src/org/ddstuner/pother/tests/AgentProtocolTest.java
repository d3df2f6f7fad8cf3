package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.TestState;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three real agents (each on its own participant, as separate processes would have) and a controller on
 * loopback-only domain 223: agents 1 and 2 in group "g", agent 3 in group "other". Every test uses test
 * names of its own, as the agents live for the whole class.
 */
class AgentProtocolTest {

    private static final int DOMAIN = 223;
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static Domain domain;
    private static Agent one;
    private static Agent two;
    private static Agent three;
    private static PotherController controller;
    private static final ReportLog log = new ReportLog();

    @BeforeAll
    static void start() {
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        one = Agent.start(domain, 1, "g", System.out::println);
        two = Agent.start(domain, 2, "g", System.out::println);
        three = Agent.start(domain, 3, "other", System.out::println);
        controller = PotherController.open(domain);
        controller.addListener(log);
        assertTrue(controller.awaitAgents(WAIT, 1, 2, 3), "all three agents announced: " + controller.agents());
    }

    @AfterAll
    static void stop() {
        controller.close();
        three.close();
        two.close();
        one.close();
        domain.close();
    }

    @Test
    void aTransceiverPairReportsExactlyTheSamplesItSent() throws Exception {
        int n = 400;
        controller.send(TestDefinition.transponder(Target.app(2), "lat").withReportPeriodMillis(200));
        controller.send(TestDefinition.transceiver(Target.app(1), "lat_tx", "lat", 64).withSampleCount(n)
                .withReportPeriodMillis(200));
        LatencyPeriodReport last = log.await(LatencyPeriodReport.class, r -> r.name().equals("lat_tx") && r.last(), WAIT);
        assertNotNull(last, "the transceiver finished:\n" + log.dump());
        List<LatencyPeriodReport> periods = log.all(LatencyPeriodReport.class, r -> r.name().equals("lat_tx"));
        long sent = 0;
        long received = 0;
        long trips = 0;
        long sends = 0;
        long warmup = 0;
        for (LatencyPeriodReport p : periods) {
            warmup += p.report().warmup();
            assertEquals(1, p.appId());
            assertEquals("g", p.groupId());
            sent += p.report().sent();
            received += p.report().received();
            StatSummary trip = p.report().column(LatencyColumn.TRIP).rows().get(BestFraction.ALL);
            trips += trip.count();
            sends += p.report().column(LatencyColumn.SEND).rows().get(BestFraction.ALL).count();
            if (trip.count() > 0) {
                assertTrue(trip.min() > 0 && trip.min() <= trip.avg() && trip.avg() <= trip.max(), trip.toString());
                for (BestFraction f : BestFraction.values()) {
                    StatSummary s = p.report().column(LatencyColumn.TRIP).rows().get(f);
                    assertEquals(f.kept(trip.count()), s.count(), f.label() + " keeps the best " + f.label());
                    assertTrue(s.max() <= trip.max() && s.min() == trip.min());
                }
                StatSummary arrival = p.report().column(LatencyColumn.SEND_ARRIVAL).rows().get(BestFraction.ALL);
                assertTrue(arrival.max() <= trip.max(), "a ping reaches the transponder before its echo is back");
            }
            assertTrue(p.usage().rssBytes() > 10 << 20, "RSS is plausible: " + p.usage());
        }
        assertEquals(n, sent, "pings sent over all periods");
        assertEquals(n, received, "echoes over all periods");
        assertEquals(n, trips, "trip latencies over all periods");
        assertEquals(n, sends, "send latencies over all periods");
        // the pings sent before the first echo came back are warm-up: echoed, not measured (ping-pong: just the first)
        assertEquals(1, warmup, "warm-up pings");
        long echoes = n + warmup;
        ThroughputPeriodReport echoed = log.await(ThroughputPeriodReport.class,
                r -> r.name().equals("lat") && r.role() == Role.TRANSPONDER && r.totalSamples() == echoes, WAIT);
        assertNotNull(echoed, "the transponder reported " + echoes + " echoes:\n" + log.dump());
        assertEquals(2, echoed.appId());
        controller.remove(TestDefinition.transponder(Target.app(2), "lat"));
    }

    @Test
    void aReliableThroughputPairOnLoopbackLosesNothing() throws Exception {
        int n = 20_000;
        TestDefinition rx = TestDefinition.receiver(Target.app(2), "tp_rx", "tp").withReportPeriodMillis(200);
        TestDefinition tx = TestDefinition.transmitter(Target.app(1), "tp", 256).withSampleCount(n)
                .withReportPeriodMillis(200);
        controller.send(rx);
        controller.send(tx.withState(TestState.STOPPED)); // entities first, so discovery is done before sending
        assertNotNull(log.await(DiscoveryReport.class, r -> r.name().equals("tp") && r.role() == Role.TRANSMITTER, WAIT),
                "the transmitter's writer matched the receiver:\n" + log.dump());
        controller.start(tx);
        ThroughputPeriodReport done = log.await(ThroughputPeriodReport.class,
                r -> r.name().equals("tp_rx") && r.totalSamples() >= n, WAIT);
        assertNotNull(done, "the receiver got everything:\n" + log.dump());
        assertEquals(n, done.totalSamples());
        assertEquals(0, done.lostTotal());
        assertEquals(0, done.outOfOrderTotal());
        long perPeriod = log.all(ThroughputPeriodReport.class, r -> r.name().equals("tp_rx")).stream()
                .mapToLong(ThroughputPeriodReport::samples).sum();
        assertEquals(n, perPeriod, "the periods add up to the total");
        ThroughputPeriodReport sent = log.await(ThroughputPeriodReport.class,
                r -> r.name().equals("tp") && r.role() == Role.TRANSMITTER && r.last(), WAIT);
        assertNotNull(sent, "the transmitter finished:\n" + log.dump());
        assertEquals(n, sent.totalSamples());
        controller.remove(tx);
        controller.remove(rx);
    }

    @Test
    void discoveryReportsTimeToMatchAndSamplesMissed() throws Exception {
        TestDefinition tx = TestDefinition.transmitter(Target.app(1), "disc", 64).withRate(2000, 1)
                .withWriteBatching(false);
        controller.send(tx);
        assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("disc") && r.samples() > 0, WAIT),
                "the transmitter sends before anyone listens:\n" + log.dump());
        TestDefinition rx = TestDefinition.receiver(Target.app(2), "disc_rx", "disc").withOwnParticipant(true)
                .withReportPeriodMillis(200);
        controller.send(rx);
        DiscoveryReport reader = log.await(DiscoveryReport.class,
                r -> r.name().equals("disc_rx") && r.firstSampleNanos() >= 0, WAIT);
        assertNotNull(reader, "the receiver's discovery with its first sample:\n" + log.dump());
        assertTrue(reader.ownParticipant());
        assertTrue(reader.createToMatchNanos() > 0 && reader.createToMatchNanos() < 10_000_000_000L, reader.toString());
        assertTrue(reader.createToFirstSampleNanos() >= reader.createToMatchNanos() - 1_000_000, reader.toString());
        assertTrue(reader.samplesMissed() > 0, "samples sent before discovery were missed: " + reader);
        assertEquals(reader.firstSeq(), reader.samplesMissed());
        DiscoveryReport writer = log.await(DiscoveryReport.class,
                r -> r.name().equals("disc") && r.role() == Role.TRANSMITTER, WAIT);
        assertNotNull(writer);
        assertTrue(reader.writerToFirstSampleNanos(writer) > reader.createToFirstSampleNanos(),
                "the writer was created before the reader");
        controller.remove(rx);
        controller.remove(tx);
    }

    @Test
    void aGroupBroadcastReachesBothAgentsOfTheGroupOnly() throws Exception {
        TestDefinition grp = TestDefinition.transponder(Target.group("g"), "grp").withReportPeriodMillis(100);
        controller.send(grp);
        for (int app : new int[] { 1, 2 }) {
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals("grp") && r.appId() == app, WAIT),
                    "agent " + app + " of group g runs the broadcast test:\n" + log.dump());
        }
        // announcements (every second) that agents 1 and 3 made after the broadcast was running, instead of a
        // fixed sleep that a starved announcement thread can outlast
        int from = log.size();
        assertNotNull(log.awaitFrom(from, AgentAnnouncement.class, a -> a.appId() == 1
                && a.tests().contains("transponder:grp:running"), WAIT), "agent 1 announces the broadcast test");
        assertNotNull(log.awaitFrom(from, AgentAnnouncement.class, a -> a.appId() == 3, WAIT));
        AgentAnnouncement a3 = log.awaitFrom(log.size(), AgentAnnouncement.class, a -> a.appId() == 3, WAIT);
        assertNotNull(a3, "two announcements of agent 3 after the broadcast ran");
        assertTrue(!a3.tests().contains("grp"), a3.tests());
        assertTrue(log.all(PotherReport.class, r -> r.name().equals("grp") && r.appId() == 3).isEmpty(),
                "agent 3 is in another group");
        assertEquals(java.util.Set.of(1, 2), controller.group("g"));
        controller.remove(grp);
    }

    @Test
    void impossibleDefinitionsGetErrorReportsAndTheAgentServesTheNextOne() throws Exception {
        controller.send(TestDefinition.transceiver(Target.app(1), "neg", "x", 64).withRate(-5, 1));
        controller.send(TestDefinition.transceiver(Target.app(1), "huge", "x", 2 << 20));
        controller.send(TestDefinition.transceiver(Target.app(1), "lonely", "nobody", 64).withPartnerTimeoutMillis(500));
        controller.send(TestDefinition.transponder(Target.app(1), "badqos").withQos(TestQos.latency().withReliability(7)));
        controller.send(TestDefinition.transponder(Target.app(1), "badhist").withQos(TestQos.latency().withHistoryDepth(-3)));
        expectError("neg", "rate", "-5");
        expectError("huge", "size", "1048576", "2097152");
        expectError("lonely", "no transponder named 'nobody' appeared within 0.5 s");
        expectError("badqos", "unknown reliability 7");
        expectError("badhist", "history depth", "-3");
        controller.send(TestDefinition.transponder(Target.app(2), "ok"));
        controller.send(new QosChange(Target.app(2), "ok", "reliability", "sometimes"));
        expectError("ok", "unknown value 'sometimes' for QoS policy reliability");
        controller.send(new QosChange(Target.app(2), "ok", "durability", "transient"));
        expectError("ok", "unknown value 'transient' for QoS policy durability (expected volatile or transient_local)");
        controller.send(new QosChange(Target.app(2), "ok", "deadline", "5ms"));
        expectError("ok", "unknown QoS policy 'deadline'");
        controller.send(TestDefinition.transceiver(Target.app(1), "ok_tx", "ok", 64).withSampleCount(100)
                .withReportPeriodMillis(100));
        LatencyPeriodReport last = log.await(LatencyPeriodReport.class, r -> r.name().equals("ok_tx") && r.last(), WAIT);
        assertNotNull(last, "a valid definition after the bad ones runs:\n" + log.dump());
        long echoes = log.all(LatencyPeriodReport.class, r -> r.name().equals("ok_tx")).stream()
                .mapToLong(r -> r.report().received()).sum();
        assertEquals(100, echoes);
        assertTrue(!one.tests().toString().contains("lonely"), "the failed test is gone: " + one.tests());
        controller.remove(TestDefinition.transponder(Target.app(2), "ok"));
    }

    private static void expectError(String test, String... words) throws InterruptedException {
        ErrorReport e = log.await(ErrorReport.class, r -> r.name().equals(test) && containsAll(r.message(), words), WAIT);
        assertNotNull(e, "an error report for " + test + " saying " + List.of(words) + ":\n"
                + log.all(ErrorReport.class, r -> true));
    }

    private static boolean containsAll(String s, String... words) {
        for (String w : words) {
            if (!s.contains(w)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aQosChangeWhileRunningRebuildsTheTestWithTheNewQos() throws Exception {
        controller.send(TestDefinition.transponder(Target.app(2), "qc"));
        TestDefinition tx = TestDefinition.transceiver(Target.app(1), "qc_tx", "qc", 128).withRate(500, 1)
                .withReportPeriodMillis(200);
        controller.send(tx);
        assertNotNull(log.await(LatencyPeriodReport.class, r -> r.name().equals("qc_tx") && r.report().received() > 0, WAIT),
                "the pair runs:\n" + log.dump());
        controller.send(new QosChange(Target.app(1), "qc_tx", "history", "keep_last 4"));
        LatencyPeriodReport oldLast = log.await(LatencyPeriodReport.class, r -> r.name().equals("qc_tx") && r.last(), WAIT);
        assertNotNull(oldLast, "the old test ended with its last report");
        // counted from the old test's last report, not from how many had arrived when we woke up: the rebuilt
        // test's first report may already be there by then
        int after = log.all(LatencyPeriodReport.class, r -> r.name().equals("qc_tx")).indexOf(oldLast) + 1;
        // the first period of the rebuilt test may end before its first echo on a busy machine: wait for any
        // period of it with echoes, and check apart that it is a new test (its periods count from 1 again)
        assertNotNull(log.await(LatencyPeriodReport.class, r -> r.name().equals("qc_tx") && !r.last()
                && r.report().received() > 0
                && log.all(LatencyPeriodReport.class, x -> x.name().equals("qc_tx")).indexOf(r) >= after,
                WAIT), "the rebuilt test runs with the new history:\n" + log.dump());
        assertEquals(1, log.all(LatencyPeriodReport.class, r -> r.name().equals("qc_tx")).get(after).period(),
                "the rebuilt test is a new one, its periods count from 1:\n" + log.dump());
        assertTrue(one.tests().contains("transceiver:qc_tx:running"), one.tests().toString());
        controller.remove(tx);
        controller.remove(TestDefinition.transponder(Target.app(2), "qc"));
    }

    @Test
    void everyReportCarriesPlausibleCpuAndMemory() throws Exception {
        assertNotNull(log.await(AgentAnnouncement.class, a -> a.appId() == 1, WAIT));
        List<PotherReport> all = log.all(PotherReport.class, r -> true);
        assertTrue(!all.isEmpty());
        int cores = Runtime.getRuntime().availableProcessors();
        for (PotherReport r : all) {
            assertTrue(r.usage().rssBytes() > 10 << 20 && r.usage().rssBytes() < 64L << 30, "RSS " + r.usage());
            // percent of one CPU: at most 100 × the CPUs (ProcessUsageSampler), with no slack for coarse counters
            assertTrue(r.usage().cpuUserPercent() >= 0 && r.usage().cpuSysPercent() >= 0
                    && r.usage().cpuTotalPercent() <= 100.0 * cores, "CPU " + r.usage() + " on " + cores + " CPUs");
        }
        assertTrue(all.stream().anyMatch(r -> r.usage().cpuTotalPercent() > 0), "some report saw CPU in use");
        AgentAnnouncement a = controller.agents().get(1);
        assertEquals(ProcessHandle.current().pid(), a.pid());
        assertTrue(!a.host().isBlank() && AgentAnnouncement.currentVersion().equals(a.version()), a.toString());
    }
}
