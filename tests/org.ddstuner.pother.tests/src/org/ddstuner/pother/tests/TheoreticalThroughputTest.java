package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.protocol.TestState;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The theoretical throughput receivers report from sequence numbers ({@code sequence_samples_per_s}: received +
 * newly lost, per second) against what they received and what was requested, with two real agents on
 * loopback-only domain 190: per period the rate times the period is exactly the samples the sequence numbers
 * account for, over the run it adds up to what the transmitter sent, and the desktop saves exactly that value.
 */
class TheoreticalThroughputTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static Domain domain;
    private static Agent one;
    private static Agent two;
    private static PotherController controller;
    private static final ReportLog log = new ReportLog();

    @BeforeAll
    static void start() {
        domain = Domain.create(190, CycloneConfig.loopbackOnly());
        one = Agent.start(domain, 1, "", System.out::println);
        two = Agent.start(domain, 2, "", System.out::println);
        controller = PotherController.open(domain);
        controller.addListener(log);
        assertTrue(controller.awaitAgents(WAIT, 1, 2));
    }

    @AfterAll
    static void stop() {
        controller.close();
        two.close();
        one.close();
        domain.close();
    }

    /** Samples a period's theoretical rate accounts for. */
    private static double bySequence(ThroughputPeriodReport r) {
        return r.sequenceSamplesPerSecond() * r.periodNanos() / 1e9;
    }

    /**
     * Runs a pair to its end; returns the receiver's reports in order (the last one last). {@code all}: how many
     * samples a reliable pair delivers, which the receiver must have taken before it is removed (its last report
     * counts what it took by then); 0 for a best-effort pair, which has no such number.
     */
    private static List<ThroughputPeriodReport> runPair(String name, TestDefinition tx, TestDefinition rx, long all)
            throws InterruptedException {
        controller.send(rx);
        controller.send(tx.withState(TestState.STOPPED));
        assertNotNull(log.await(DiscoveryReport.class, r -> r.name().equals(name) && r.role() == Role.TRANSMITTER, WAIT),
                "the writer matched:\n" + log.dump());
        controller.start(tx);
        ThroughputPeriodReport sent = log.await(ThroughputPeriodReport.class, r -> r.name().equals(name)
                && r.role() == Role.TRANSMITTER && r.last(), WAIT);
        assertNotNull(sent, "the transmitter finished:\n" + log.dump());
        if (all > 0) { // not a fixed wait: a starved receiver thread may take the last samples much later
            assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals(rx.name()) && r.totalSamples() >= all,
                    WAIT), "the receiver took all " + all + ":\n" + log.dump());
        } else {
            Thread.sleep(500); // the tail of a best-effort run (what it has not taken by then is neither received nor lost)
        }
        controller.remove(rx);
        assertNotNull(log.await(ThroughputPeriodReport.class, r -> r.name().equals(rx.name()) && r.last(), WAIT));
        controller.remove(tx);
        return log.all(ThroughputPeriodReport.class, r -> r.name().equals(rx.name()));
    }

    /** Each period: theoretical × period = received + newly lost, never below what was received. */
    private static void checkPeriods(List<ThroughputPeriodReport> periods) {
        long lostBefore = 0;
        for (ThroughputPeriodReport r : periods) {
            long newlyLost = r.lostTotal() - lostBefore;
            lostBefore = r.lostTotal();
            assertEquals(r.samples() + newlyLost, bySequence(r), 1e-6 * Math.max(1, r.samples()), "period " + r.period()
                    + ": " + r.format());
            assertTrue(r.sequenceSamplesPerSecond() >= r.samplesPerSecond() - 1e-6, r.format());
        }
    }

    @Test
    void aRateLimitedReliablePairAccountsForEverySampleSentAndReportsTheRequestedRate() throws Exception {
        int n = 6000;
        TestDefinition rx = TestDefinition.receiver(Target.app(2), "th_rx", "th").withReportPeriodMillis(200)
                .withExpectedRate(4000);
        TestDefinition tx = TestDefinition.transmitter(Target.app(1), "th", 256).withRate(1000, 4).withSampleCount(n)
                .withReportPeriodMillis(200);
        List<ThroughputPeriodReport> periods = runPair("th", tx, rx, n);
        checkPeriods(periods);
        ThroughputPeriodReport last = periods.get(periods.size() - 1);
        assertEquals(n, last.totalSamples());
        assertEquals(0, last.lostTotal());
        assertEquals(n, periods.stream().mapToDouble(TheoreticalThroughputTest::bySequence).sum(), 1e-3,
                "over the run the theoretical rate accounts for every sample sent");
        assertTrue(periods.stream().allMatch(r -> r.requestedSamplesPerSecond() == 4000), "requested as defined");
        assertTrue(periods.stream().anyMatch(r -> r.sequenceSamplesPerSecond() > 0), "a period with samples");
    }

    @Test
    void aBestEffortFloodAccountsForWhatArrivedAndWhatWasLost() throws Exception {
        int n = 30_000;
        TestDefinition rx = TestDefinition.receiver(Target.app(2), "be_rx", "be").withReportPeriodMillis(200)
                .withQos(TestQos.throughput().withReliability(TestQos.BEST_EFFORT).withHistoryDepth(1));
        TestDefinition tx = TestDefinition.transmitter(Target.app(1), "be", 1024).withSampleCount(n)
                .withReportPeriodMillis(200).withQos(TestQos.throughput().withReliability(TestQos.BEST_EFFORT));
        List<ThroughputPeriodReport> periods = runPair("be", tx, rx, 0);
        checkPeriods(periods);
        ThroughputPeriodReport last = periods.get(periods.size() - 1);
        double accounted = periods.stream().mapToDouble(TheoreticalThroughputTest::bySequence).sum();
        // the samples lost after the last one received leave no gap: the sequence numbers cannot tell of them
        assertEquals(last.totalSamples() + last.lostTotal(), accounted, 1e-3, "received + lost, whatever was lost");
        assertTrue(accounted <= n + 1e-3 && last.totalSamples() > 0, "accounted " + accounted + " of " + n);
        System.out.println("best-effort flood: " + last.totalSamples() + " received, " + last.lostTotal() + " lost of " + n);
    }

    @Test
    void theDesktopSavesTheReportedTheoreticalRateNotTheRequestedOne() throws Exception {
        RunStore store = new RunStore(Files.createTempDirectory("ddstuner-theoretical"));
        BlockingQueue<PotherReport> raw = controller.queue(100_000);
        AgentReportSource source = AgentReportSource.of(controller, RunDefinition.Transport.UDP, List.of(1, 2));
        RunDefinition d = RunDefinition.throughput(512, Duration.ofSeconds(2)).withRate(1000, 3)
                .withPeriod(Duration.ofMillis(250));
        BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        source.run(d, run, () -> false);
        run.finish(BenchmarkRun.State.FINISHED, "");
        controller.removeQueue(raw);
        List<ThroughputPeriodReport> received = new ArrayList<>();
        for (PotherReport r : raw) {
            if (r instanceof ThroughputPeriodReport t && t.role() == Role.RECEIVER && t.appId() == 2
                    && t.name().startsWith("bench_")) {
                received.add(t);
            }
        }
        List<Points.Throughput> points = run.throughput();
        assertEquals(received.size(), points.size(), "one point per receiver report");
        for (int i = 0; i < points.size(); i++) {
            assertEquals(received.get(i).sequenceSamplesPerSecond(), points.get(i).theoreticalSamplesPerSecond(),
                    "theoretical of report " + i + " as the receiver reported it");
            assertEquals(3000, points.get(i).requestedSamplesPerSecond(), "requested: 1000 bursts/s of 3");
        }
        assertTrue(points.stream().anyMatch(p -> p.theoreticalSamplesPerSecond() > 0));
        List<Points.Throughput> loaded = store.load(run.id()).throughput();
        assertEquals(points.stream().map(Points.Throughput::report).toList(),
                loaded.stream().map(Points.Throughput::report).toList(), "saved and loaded back unchanged");
    }
}
