package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.function.BooleanSupplier;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * {@link ScenarioRunner#stop()} on a scenario of long steps run by two real agents in this process (loopback-only
 * domains 17, 18 and 19): the run ends within seconds in the current step, STOPPED in memory and in its file, every
 * test is removed from the agents over the command topics and no period report comes after.
 */
class ScenarioStopTest {

    private static final Duration PERIOD = Duration.ofMillis(250);
    /** Far more than a stop may take: the senders' last report and the removals take a few periods. */
    private static final Duration STOP_BOUND = Duration.ofSeconds(15);

    private static void await(String what, BooleanSupplier done, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(20);
        }
    }

    private static void stopsAtTheFirstOfThreeSteps(int domainId, List<RunDefinition> steps,
            java.util.function.Function<BenchmarkRun, Integer> reports) throws Exception {
        RunStore store = new RunStore(Files.createTempDirectory("ddstuner-stop"));
        try (Domain domain = Domain.create(domainId, CycloneConfig.loopbackOnly());
                Agent a = Agent.start(domain, 1, "stop", s -> { });
                Agent b = Agent.start(domain, 2, "stop", s -> { });
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(20), 1, 2));
            AgentReportSource source = AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2));
            BenchmarkRun run = store.create(steps.get(0), RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner runner = ScenarioRunner.start(source, run, steps);
            await("three reports", () -> reports.apply(run) >= 3 || runner.isDone(), Duration.ofSeconds(40));
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            long t0 = System.nanoTime();
            runner.stop();
            assertTrue(runner.await(STOP_BOUND), "the run ended within " + STOP_BOUND + " of Stop");
            System.out.printf("stop of %s took %.2f s%n", steps.get(0).kind(), (System.nanoTime() - t0) / 1e9);
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
            assertEquals("stopped during step 1 of 3", run.endMessage());
            assertEquals(1, run.steps().size(), "the later steps never started");
            await("both agents idle", () -> a.tests().isEmpty() && b.tests().isEmpty(), Duration.ofSeconds(5));

            BlockingQueue<PotherReport> after = c.queue(10_000);
            Thread.sleep(6 * PERIOD.toMillis());
            c.removeQueue(after);
            assertEquals(List.of(), after.stream().filter(r -> r instanceof LatencyPeriodReport
                    || r instanceof ThroughputPeriodReport).map(PotherReport::name).toList(), "no report after the stop");

            BenchmarkRun loaded = store.load(run.id());
            assertEquals(BenchmarkRun.State.STOPPED, loaded.state());
            assertEquals(run.endMessage(), loaded.endMessage());
            assertEquals(run.latency().stream().map(Points.Latency::report).toList(),
                    loaded.latency().stream().map(Points.Latency::report).toList(), "the saved run has every report");
            assertEquals(run.throughput().stream().map(Points.Throughput::report).toList(),
                    loaded.throughput().stream().map(Points.Throughput::report).toList());
        }
    }

    @Test
    void aStopRightAfterStartEndsStoppedNotFailedAndLeavesNoTest() throws Exception {
        try (Domain domain = Domain.create(19, CycloneConfig.loopbackOnly());
                Agent a = Agent.start(domain, 1, "stop", s -> { });
                Agent b = Agent.start(domain, 2, "stop", s -> { });
                Agent c3 = Agent.start(domain, 3, "stop", s -> { });
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(20), 1, 2, 3));
            AgentReportSource source = AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2, 3));
            // a relay: three tests that must discover each other before the source starts; Stop comes meanwhile
            RunDefinition d = RunDefinition.relay(1024, Duration.ofSeconds(60)).withRate(1000, 1).withPeriod(PERIOD);
            BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner runner = ScenarioRunner.start(source, run, List.of(d));
            Thread.sleep(20);
            runner.stop();
            assertTrue(runner.await(STOP_BOUND), "the run ended within " + STOP_BOUND + " of Stop");
            assertEquals(BenchmarkRun.State.STOPPED, run.state(), run.endMessage() + " " + run.messages());
            assertEquals("stopped", run.endMessage());
            await("every agent idle", () -> a.tests().isEmpty() && b.tests().isEmpty() && c3.tests().isEmpty(),
                    Duration.ofSeconds(5));
        }
    }

    @Test
    void stoppingALatencyScenarioEndsItAtTheCurrentStep() throws Exception {
        List<RunDefinition> steps = List.of(64, 1024, 4096).stream()
                .map(s -> RunDefinition.latency(s, Duration.ofSeconds(60)).withRate(200, 1).withPeriod(PERIOD)).toList();
        stopsAtTheFirstOfThreeSteps(17, steps, r -> r.latency().size());
    }

    @Test
    void stoppingAThroughputSweepEndsItAtTheCurrentStep() throws Exception {
        List<RunDefinition> steps = List.of(256, 1024, 4096).stream()
                .map(s -> RunDefinition.throughput(s, Duration.ofSeconds(60)).withRate(1000, 2).withPeriod(PERIOD)).toList();
        stopsAtTheFirstOfThreeSteps(18, steps, r -> r.throughput().size());
    }
}
