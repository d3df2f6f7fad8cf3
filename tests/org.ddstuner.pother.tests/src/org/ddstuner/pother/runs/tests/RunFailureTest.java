package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.DdsTime;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * Runs on real agents that cannot succeed end FAILED, in bounded time, with a message that says why, saved
 * as such, and leave no test running on the agents: an app id nobody runs (domain 112), and an agent whose
 * echo partner never answers so the measuring agent's own error report ends the run (domain 113). A definition
 * agents could not hold is refused before anything is sent.
 */
class RunFailureTest {

    private static final Duration PERIOD = Duration.ofMillis(250);
    /**
     * Two waits of {@link AgentReportSource#AGENT_TIMEOUT} at most (the transceiver's partner timeout, then the
     * wind-down's wait for the last report of the transponder the mute agent never ran: ~60 s in a quiet run); the
     * rest is margin for a busy machine.
     */
    private static final Duration BOUND = AgentReportSource.AGENT_TIMEOUT.multipliedBy(2).plusSeconds(40);

    @Test
    void anAgentThatDoesNotExistFailsTheRunNamingIt() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-failed-runs");
        RunStore store = new RunStore(dir);
        try (Domain domain = Domain.create(112, CycloneConfig.loopbackOnly());
                Agent a = Agent.start(domain, 7, "fail", s -> { });
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(10), 7), "agent 7 announced itself");
            RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(2)).withPeriod(PERIOD);
            BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(7, 99)),
                    run, List.of(d));
            assertTrue(r.await(BOUND), "the run gave up on agent 99 within " + BOUND.toSeconds() + " s");

            assertEquals(BenchmarkRun.State.FAILED, run.state(), run.endMessage());
            assertTrue(run.endMessage().contains("agent(s) [99] did not announce themselves"), run.endMessage());
            assertTrue(run.endMessage().contains("agents seen: [7]"), "names who was there: " + run.endMessage());
            assertTrue(run.latency().isEmpty() && run.throughput().isEmpty(), "no numbers from a run that never ran");
            assertTrue(a.tests().isEmpty(), "nothing was defined on agent 7: " + a.tests());
            assertEquals("", c.agents().get(7).tests(), "agent 7 announces no test");

            BenchmarkRun saved = store.load(run.id());
            assertEquals(BenchmarkRun.State.FAILED, saved.state(), "the file ends with the failure");
            assertEquals(run.endMessage(), saved.endMessage());
        }
    }

    /**
     * A report period longer than an agent's int milliseconds once reached the agents as a negative number ("report
     * period must be positive (ms), not -1702967296" for 30 days, from both agents): it is refused up front, naming
     * the limit, and the limit itself is accepted and travels unchanged.
     */
    @Test
    void aReportPeriodAgentsCannotHoldIsRefusedBeforeAnythingIsSent() {
        RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.withPeriod(Duration.ofDays(30)));
        assertTrue(e.getMessage().contains("between 50 ms and 24 days") && e.getMessage().contains("PT720H"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> d.withPeriod(Duration.ofSeconds(Long.MAX_VALUE)),
                "no ArithmeticException from toMillis");
        assertEquals(Integer.MAX_VALUE, d.withPeriod(RunDefinition.MAX_PERIOD).period().toMillis());
        assertThrows(IllegalArgumentException.class, () -> d.withPeriod(RunDefinition.MAX_PERIOD.plusMillis(1)));
    }

    /**
     * A run of 200 years once made the run's deadline (twice the duration in nanoseconds) overflow into the past, so
     * the run failed at once with "only 0 of … reports arrived"; Long.MAX_VALUE seconds threw an ArithmeticException.
     * Both are refused up front with the limit; a year is accepted.
     */
    @Test
    void aRunLongerThanAYearIsRefusedBeforeAnythingIsSent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunDefinition.latency(64, Duration.ofDays(200 * 365)));
        assertEquals("a run lasts at most 366 days, not PT1752000H", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RunDefinition.latency(64, Duration.ofSeconds(Long.MAX_VALUE)));
        assertEquals(365, RunDefinition.throughput(64, Duration.ofDays(365)).duration().toDays());
    }

    /**
     * Agent 42 announces itself but never runs what it is sent (a {@link MuteAgent}), so the transponder the run
     * defines there never starts; agent 41's transceiver gives up after its partner timeout and says so in an error
     * report, which must end the run FAILED with that text. (A frozen agent 42 no longer gets that far: the run
     * ends as soon as the controller sees it gone, see AgentLivenessTest.) Both agents must be left without tests.
     */
    @Test
    void anAgentsErrorReportFailsTheRunWithItsText() throws Exception {
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 113, RunDefinition.Transport.UDP, null,
                1, 41, "frozen", System.out::println);
        try (Domain domain = Domain.create(113, agents.controllerConfig());
                MuteAgent mute = MuteAgent.start(domain, 42, "frozen");
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(30), 41, 42), "both agents announced themselves");
            RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(5)).withPeriod(PERIOD);
            BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(41, 42)),
                    run, List.of(d));
            assertTrue(r.await(BOUND), "the run ended after the agent's error");
            long ended = DdsTime.now();

            assertEquals(BenchmarkRun.State.FAILED, run.state(), run.endMessage() + " " + run.messages());
            String m = run.endMessage();
            assertTrue(m.startsWith(d.label() + ": agent 41: transceiver "), m);
            assertTrue(m.contains("no transponder named '") && m.contains("appeared within 30.0 s"),
                    "the agent's own words: " + m);
            assertTrue(run.messages().stream().anyMatch(x -> "app 41".equals(x.agent()) && m.endsWith(x.text())),
                    "the error report is also a message of agent 41: " + run.messages());
            assertTrue(run.latency().isEmpty(), "no round trip was measured: " + run.latency());
            for (int app : List.of(41, 42)) {
                assertTrue(awaitNoTests(c, app, ended, Duration.ofSeconds(20)), "agent " + app + " holds no test: "
                        + c.agents().get(app));
            }
            List<String> out41 = agents.agents().get(0).lastOutput();
            assertTrue(out41.stream().anyMatch(l -> l.contains("ERROR transceiver ")), "agent 41 logged its error: " + out41);
            assertTrue(out41.stream().noneMatch(l -> l.contains("defined (stopped)")),
                    "the wind-down did not define the failed transceiver anew with its stop: " + out41);
        } finally {
            agents.close();
        }
        assertFalse(agents.alive());
    }

    private static boolean awaitNoTests(PotherController c, int app, long since, Duration timeout)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            AgentAnnouncement a = c.agents().get(app);
            if (a != null && a.running() && a.timestampNanos() > since && a.tests().isEmpty()) {
                return true;
            }
            Thread.sleep(200);
        }
        return false;
    }
}
