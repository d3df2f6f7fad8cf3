package org.ddstuner.pother.runs.tests;

import static org.ddstuner.pother.runs.tests.Waits.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.AgentStatus.Liveness;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * Agent processes ({@code ddstuner pother}) that die or freeze during a run, for real: SIGKILL of the transponder
 * (domain 71) makes it "unresponsive" after {@link PotherController#UNRESPONSIVE_AFTER} and "gone (since hh:mm:ss)"
 * once Cyclone drops its participant (lease, 10 s); the run ends FAILED at once, naming the agent, and the saved
 * run keeps every report it had; {@code ddstuner pother-agents} in another process prints the same changes. SIGSTOP
 * (domain 72) makes the transponder "unresponsive", noted in the run, and SIGCONT "live" again with the run going
 * on to FINISHED; frozen past its lease it is "gone", and live again once it resumes. {@code ddstuner pother-run}
 * (domain 73) stops when its transponder is killed.
 */
class AgentLivenessTest {

    private static final Duration PERIOD = Duration.ofMillis(250);
    private static final String CLOCK = "\\d\\d:\\d\\d:\\d\\d";

    @Test
    void aKilledAgentIsGoneAndTheRunEndsNamingItWithTheReportsItHad() throws Exception {
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 71, RunDefinition.Transport.UDP, null,
                2, 31, "live", System.out::println);
        Process transponder = agents.agents().get(1).process();
        List<String> cliOut = new ArrayList<>();
        Process cli = null;
        try (Domain domain = Domain.create(71, agents.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(30), 31, 32), "both agents announced: " + c.agents());
            assertEquals(Liveness.LIVE, c.status(32).liveness());
            assertEquals("live", c.status(32).describe());

            RunStore store = new RunStore(Files.createTempDirectory("ddstuner-gone-agent"));
            RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(60)).withPeriod(PERIOD);
            BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(31, 32)),
                    run, List.of(d));
            waitFor("4 latency reports", Duration.ofSeconds(60), () -> run.latency().size() >= 4, run::messages);
            // started only now: its --duration counts from its first listing, and the kill must come early in it
            // (started with the run, a slow start of the pair ate into the window "gone" had to fall in)
            cli = watchFromCli(71, cliOut);
            waitFor("the CLI's first listing", Duration.ofSeconds(30), () -> lines(cliOut).contains("app 32 group live"),
                    () -> lines(cliOut));

            int before = run.latency().size();
            long killedAt = System.nanoTime();
            transponder.destroyForcibly(); // SIGKILL: no "stopped" announcement, no goodbye to DDS
            assertTrue(transponder.waitFor(10, TimeUnit.SECONDS));

            waitFor("agent 32 unresponsive", Duration.ofSeconds(15),
                    () -> c.status(32).liveness() != Liveness.LIVE, () -> c.status(32));
            assertTrue(c.status(32).describe().matches("(unresponsive \\(silent since|gone \\(since) " + CLOCK + "\\)"),
                    c.status(32).describe());
            waitFor("agent 32 gone", Duration.ofSeconds(30), () -> c.status(32).liveness() == Liveness.GONE,
                    () -> c.status(32));
            AgentStatus gone = c.status(32);
            assertTrue(gone.describe().matches("gone \\(since " + CLOCK + "\\)"), gone.describe());
            assertTrue(gone.silent().compareTo(PotherController.UNRESPONSIVE_AFTER) > 0, gone.toString());
            assertEquals(transponder.pid(), gone.announcement().pid());
            assertEquals("running", gone.announcement().state(), "its last word was 'running'");
            assertEquals(Liveness.LIVE, c.status(31).liveness(), "the other agent is unaffected");
            assertFalse(c.awaitAgents(Duration.ofMillis(500), 32), "a run no longer waits for a gone agent as if it ran");

            assertTrue(r.await(Duration.ofSeconds(30)), "the run ended soon after agent 32 was gone");
            double secondsAfterKill = (System.nanoTime() - killedAt) / 1e9;
            assertTrue(secondsAfterKill < 45, "ended " + secondsAfterKill + " s after the kill, not after its 60 s");
            assertEquals(BenchmarkRun.State.FAILED, run.state(), run.endMessage());
            String pid = Long.toString(transponder.pid());
            assertTrue(run.endMessage().matches(".*agent 32 \\(pid " + pid + " on .*\\) is gone since " + CLOCK
                    + ": its DDS participant was lost.*the run ends with the reports it had"), run.endMessage());
            assertTrue(run.messages().stream().anyMatch(m -> m.agent().equals("app 32")
                    && m.text().startsWith("agent 32 (pid " + pid) && m.text().contains("is unresponsive")),
                    "the run noted the silence first: " + run.messages());

            BenchmarkRun saved = store.load(run.id());
            assertEquals(BenchmarkRun.State.FAILED, saved.state());
            assertEquals(run.endMessage(), saved.endMessage());
            List<Points.Latency> kept = saved.latency();
            assertEquals(run.latency().size(), kept.size(), "every report of the run is in the file");
            assertTrue(kept.size() >= before, kept.size() + " >= " + before);
            for (int i = 0; i < kept.size(); i++) {
                assertEquals(run.latency().get(i).count(), kept.get(i).count(), "saved report " + i);
                assertEquals(run.latency().get(i).p50Micros(), kept.get(i).p50Micros(), 1e-6, "saved report " + i);
            }
            // a period on a starved machine may miss its echoes; together they measured round trips
            assertTrue(kept.stream().limit(before).mapToLong(Points.Latency::count).sum() > 0,
                    "the reports before the kill are real measurements: " + kept);
            waitFor("agent 31 idle (its transceiver removed)", Duration.ofSeconds(15),
                    () -> c.agents().get(31).tests().isEmpty(), () -> c.agents().get(31));

            // the headless view of the same: ddstuner pother-agents --duration printed each change
            assertTrue(cli.waitFor(40, TimeUnit.SECONDS), "pother-agents ended after its --duration");
            assertEquals(1, cli.exitValue(), "exit 1: an agent is gone\n" + lines(cliOut));
            String out = lines(cliOut);
            assertTrue(out.matches("(?s).*" + CLOCK + " app 32 group live on \\S+ pid " + pid
                    + ": running, unresponsive \\(silent since " + CLOCK + "\\).*"), out);
            assertTrue(out.matches("(?s).*" + CLOCK + " app 32 group live on \\S+ pid " + pid + ": running, gone \\(since "
                    + CLOCK + "\\).*"), out);
            assertFalse(out.matches("(?s).*app 31 group live on \\S+ pid \\d+: running, (unresponsive|gone).*"),
                    "agent 31 stayed live: " + out);
        } finally {
            if (cli != null) {
                cli.destroyForcibly();
            }
            agents.close();
        }
    }

    @Test
    void aFrozenAgentIsUnresponsiveUntilItResumesAndGoneWhenFrozenPastItsLease() throws Exception {
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 72, RunDefinition.Transport.UDP, null,
                2, 41, "frozen", System.out::println);
        long pid = agents.agents().get(1).pid();
        try (Domain domain = Domain.create(72, agents.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(30), 41, 42), "both agents announced: " + c.agents());
            RunDefinition d = RunDefinition.latency(64, Duration.ofSeconds(15)).withPeriod(PERIOD);
            BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(41, 42)),
                    run, List.of(d));
            waitFor("4 latency reports", Duration.ofSeconds(60), () -> run.latency().size() >= 4, run::messages);

            signal("STOP", pid);
            try {
                waitFor("agent 42 unresponsive", Duration.ofSeconds(8),
                        () -> c.status(42).liveness() == Liveness.UNRESPONSIVE, () -> c.status(42));
                assertTrue(c.status(42).describe().matches("unresponsive \\(silent since " + CLOCK + "\\)"),
                        c.status(42).describe());
                waitFor("the run notes it", Duration.ofSeconds(2), () -> run.messages().stream().anyMatch(
                        m -> m.agent().equals("app 42") && m.text().contains("is unresponsive")), run::messages);
                assertEquals(BenchmarkRun.State.RUNNING, run.state(), "unresponsive for seconds does not end a run");
            } finally {
                signal("CONT", pid); // within the 10 s lease
            }
            waitFor("agent 42 live again", Duration.ofSeconds(5), () -> c.status(42).live(), () -> c.status(42));
            waitFor("the run notes that too", Duration.ofSeconds(2), () -> run.messages().stream().anyMatch(
                    m -> m.agent().equals("app 42") && m.text().matches("agent 42 responds again \\(silent for \\d+ s\\)")),
                    run::messages);
            assertTrue(r.await(Duration.ofSeconds(60)), "the run ended");
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
            // the last second, long after the resume: one 250 ms period of a starved machine may miss its echoes,
            // and the last one is cut short by the end of the run
            assertTrue(run.latency().stream().skip(run.latency().size() - 4).mapToLong(Points.Latency::count).sum() > 0,
                    "round trips again at the end: " + run.latency());

            // frozen for longer than its participant's lease: gone, and live again when it resumes
            signal("STOP", pid);
            try {
                waitFor("agent 42 gone", Duration.ofSeconds(30), () -> c.status(42).liveness() == Liveness.GONE,
                        () -> c.status(42));
                assertTrue(c.status(42).describe().matches("gone \\(since " + CLOCK + "\\)"), c.status(42).describe());
            } finally {
                signal("CONT", pid);
            }
            waitFor("agent 42 live after it resumed", Duration.ofSeconds(30), () -> c.status(42).live(),
                    () -> c.status(42));
            assertTrue(c.awaitAgents(Duration.ofSeconds(5), 41, 42), "it takes runs again");
        } finally {
            signal("CONT", pid);
            agents.close();
        }
    }

    /**
     * {@code ddstuner pother-run} (headless) on two agent processes (domain 73) whose transponder is killed: it stops
     * at once with exit 1, naming the gone agent, instead of waiting out its --timeout.
     */
    @Test
    void potherRunStopsWhenAnAgentOfItsPairIsGone() throws Exception {
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 73, RunDefinition.Transport.UDP, null,
                2, 51, "", System.out::println);
        Process transponder = agents.agents().get(1).process();
        List<String> out = new ArrayList<>();
        Process cli = null;
        try {
            cli = cli(out, "pother-run", "--no-save", "--domain", "73", "--transceiver-app", "51", "--transponder-app",
                    "52", "--rate", "200", "--count", "1000000", "--period-ms", "250", "--agent-wait", "30", "--timeout", "120");
            Process running = cli;
            waitFor("the pair's first periods", Duration.ofSeconds(60), () -> lines(out).contains("# agent 51 period"),
                    () -> lines(out) + (running.isAlive() ? "" : " (ended " + running.exitValue() + ")"));
            long killedAt = System.nanoTime();
            transponder.destroyForcibly();
            assertTrue(cli.waitFor(45, TimeUnit.SECONDS), "pother-run ended soon after the kill:\n" + lines(out));
            assertEquals(1, cli.exitValue(), lines(out));
            assertTrue((System.nanoTime() - killedAt) / 1e9 < 45, "not its 120 s timeout");
            String text = lines(out);
            String pid = Long.toString(transponder.pid());
            assertTrue(text.matches("(?s).*ddstuner: agent 52 \\(pid " + pid + " on \\S+\\) is unresponsive: .*"), text);
            assertTrue(text.matches("(?s).*ddstuner: agent 52 \\(pid " + pid + " on \\S+\\) is gone since " + CLOCK
                    + ": its DDS participant was lost.*the pair cannot finish.*"), text);
        } finally {
            if (cli != null) {
                cli.destroyForcibly();
            }
            agents.close();
        }
    }

    /** {@code ddstuner pother-agents --duration} in a process of its own, its output lines into {@code out}. */
    private static Process watchFromCli(int domain, List<String> out) throws Exception {
        return cli(out, "pother-agents", "--domain", Integer.toString(domain), "--wait", "3", "--duration", "30");
    }

    /** {@code ddstuner ARGS} in a process of its own, as the product runs it; its output lines go into {@code out}. */
    private static Process cli(List<String> out, String... args) throws Exception {
        AgentLauncher l = AgentReportSourceTest.launcher();
        List<String> cmd = new ArrayList<>();
        cmd.add(l.java());
        cmd.addAll(l.jvmArgs());
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, l.classPath()), AgentLauncher.MAIN));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    System.out.println("[" + args[0] + "] " + line);
                    synchronized (out) {
                        out.add(line);
                    }
                }
            } catch (IOException e) {
                // ended
            }
        });
        return p;
    }

    private static String lines(List<String> out) {
        synchronized (out) {
            return String.join("\n", out);
        }
    }

    /** kill -SIG pid (SIGSTOP freezes the agent process, SIGCONT resumes it). */
    private static void signal(String sig, long pid) throws Exception {
        Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start();
        assertTrue(k.waitFor(10, TimeUnit.SECONDS));
    }
}
