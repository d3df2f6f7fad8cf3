package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * A run changed while it measures ({@link ScenarioRunner#redefine}, the Launcher's "Apply to running test"): two real
 * agents on loopback-only domain 21 run a throughput pair of 64-byte samples at 1000/s; sent 1 KiB at 2000/s while
 * running, the receiver's next periods hold 1 KiB samples at about the new rate, the run goes on to its end without
 * waiting out a timeout, and a change the run's tests cannot take (another kind) is refused with the reason.
 */
class RedefineRunningRunTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static boolean ofSize(Points.Throughput p, int size) {
        return p.report().samples() > 0 && p.report().bytes() == (long) size * p.report().samples();
    }

    @Test
    void aSizeAndRateAppliedWhileRunningReachTheReportsAndTheRunEndsOnTime() throws Exception {
        try (Domain domain = Domain.create(21, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "", System.out::println);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(WAIT, 1, 2));
            RunDefinition small = RunDefinition.throughput(64, Duration.ofSeconds(4)).withRate(1000, 1)
                    .withPeriod(Duration.ofMillis(250));
            BenchmarkRun run = BenchmarkRun.unsaved(small, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2)),
                    run, List.of(small));
            long end = System.nanoTime() + WAIT.toNanos();
            while (run.throughput().stream().filter(p -> ofSize(p, 64)).count() < 2 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            assertTrue(r.redefine(RunDefinition.relay(64, Duration.ofSeconds(4))).startsWith("only a running round trip"),
                    "another kind is refused");
            RunDefinition big = RunDefinition.throughput(1024, Duration.ofSeconds(4)).withRate(2000, 1)
                    .withPeriod(Duration.ofMillis(250));
            int before = run.throughput().size();
            long appliedAt = System.nanoTime();
            assertNull(r.redefine(big), "taken while running");
            assertTrue(r.await(WAIT), "the run ended");
            double afterApply = (System.nanoTime() - appliedAt) / 1e9;
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
            assertTrue(afterApply < 20, "no timeout waited out at the end: " + afterApply + " s");
            List<Points.Throughput> later = run.throughput().subList(before, run.throughput().size());
            List<Points.Throughput> kib = later.stream().filter(p -> ofSize(p, 1024)).toList();
            assertTrue(kib.size() >= 2, "1 KiB periods after the change: " + later.stream()
                    .map(p -> p.report().samples() + "/" + p.report().bytes()).toList());
            assertTrue(kib.stream().anyMatch(p -> p.samplesPerSecond() > 1200), "above the old 1000/s: "
                    + kib.stream().map(Points.Throughput::samplesPerSecond).toList());
            assertTrue(run.messages().stream().anyMatch(m -> m.text().startsWith("changed while running (1 test(s) rebuilt)")),
                    "the transmitter alone was rebuilt (same QoS: the receiver keeps its reader): " + run.messages());
            assertEquals(List.of(), tx.tests(), "the agents are idle after the run");
            assertEquals(List.of(), rx.tests());
        }
    }
}
