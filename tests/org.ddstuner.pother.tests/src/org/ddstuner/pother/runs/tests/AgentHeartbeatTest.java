package org.ddstuner.pother.runs.tests;

import static org.ddstuner.pother.runs.tests.Waits.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.AgentStatus.Liveness;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.LatencyPeriodReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.RunDefinition;
import org.junit.jupiter.api.Test;

/**
 * The agents' heartbeat as the controller judges it, on real agents: 25 agents (22 in this JVM, each on a
 * participant of its own, and 3 agent processes) with two round-trip pairs reporting, while busy threads load every
 * core and five agents' control threads are kept busy, are never called unresponsive, and a {@link MuteAgent} that really falls silent is, once it has missed its
 * beats for {@link PotherController#UNRESPONSIVE_AFTER} (domain 74). An agent process that ends cleanly (SIGTERM) is
 * "stopped" at once, and a process that deletes its participant without saying "stopped" is "gone" at once, long
 * before a lease could expire (domain 75); a killed one (SIGKILL) is "gone" when its lease expires, 2 s in that test's
 * configuration (domain 76). An agent with a slower heartbeat is judged by its own period (domain 77).
 */
class AgentHeartbeatTest {

    private static final Duration OBSERVE = Duration.ofSeconds(20);

    @Test
    void manyAgentsOnALoadedMachineStayLiveWhileASilentOneTurnsUnresponsive() throws Exception {
        LocalAgents processes = LocalAgents.start(AgentReportSourceTest.launcher(), 74, RunDefinition.Transport.UDP, null,
                3, 31, "load", line -> { });
        List<Agent> inProcess = new ArrayList<>();
        AtomicBoolean loading = new AtomicBoolean(true);
        List<Thread> load = new ArrayList<>();
        MuteAgent mute = null;
        try (Domain domain = Domain.create(74, processes.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            for (int app = 1; app <= 22; app++) {
                inProcess.add(Agent.start(domain, app, "load", line -> { }));
            }
            mute = MuteAgent.start(domain, 40, "load");
            int[] all = IntStream.concat(IntStream.concat(IntStream.rangeClosed(1, 22), IntStream.rangeClosed(31, 33)),
                    IntStream.of(40)).toArray();
            assertTrue(c.awaitAgents(Duration.ofSeconds(60), all), "all 26 agents announced: " + c.agents().keySet());

            // every core busy in this JVM, beside the controller's DDS threads, as with a UI drawing charts
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                load.add(Thread.ofPlatform().daemon().name("cpu-load-" + i).start(() -> spin(loading)));
            }
            BlockingQueue<PotherReport> reports = c.queue(100_000);
            c.send(TestDefinition.transponder(Target.app(2), "hb_in").withReportPeriodMillis(250));
            c.send(TestDefinition.transceiver(Target.app(1), "hb_in_tx", "hb_in", 64).withRate(500, 1)
                    .withReportPeriodMillis(250));
            c.send(TestDefinition.transponder(Target.app(32), "hb_proc").withReportPeriodMillis(250));
            c.send(TestDefinition.transceiver(Target.app(31), "hb_proc_tx", "hb_proc", 64).withRate(500, 1)
                    .withReportPeriodMillis(250));

            // five agents whose control thread (commands, tests' periodic reports) is busy 4 s out of every 5, as a
            // slow test definition or period report on a starved machine would keep it: their heartbeat goes on
            List<ScheduledFuture<?>> busy = new ArrayList<>();
            for (Agent a : inProcess.subList(4, 9)) {
                busy.add(a.every(5000, () -> sleep(4000)));
            }
            Map<Integer, Duration> longestSilence = new TreeMap<>();
            Map<Integer, String> notLive = new TreeMap<>(); // the first time each agent was shown other than live
            long end = System.nanoTime() + OBSERVE.toNanos();
            while (System.nanoTime() < end) {
                for (AgentStatus s : c.statuses().values()) {
                    longestSilence.merge(s.appId(), s.silent(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
                    if (s.liveness() != Liveness.LIVE) {
                        notLive.putIfAbsent(s.appId(), s.describe() + " after " + s.silent().toMillis() + " ms");
                    }
                }
                Thread.sleep(20);
            }
            busy.forEach(f -> f.cancel(false));
            System.out.println("longest silence per agent under load (ms): " + longestSilence.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue().toMillis()).toList());
            assertTrue(notLive.isEmpty(), "no agent was ever shown other than live: " + notLive);
            assertEquals(26, longestSilence.size(), longestSilence.toString());
            List<PotherReport> got = new ArrayList<>();
            reports.drainTo(got);
            assertTrue(got.stream().anyMatch(r -> r instanceof LatencyPeriodReport l && l.appId() == 1 && l.report().received() > 0),
                    "the in-process pair measured round trips meanwhile");
            assertTrue(got.stream().anyMatch(r -> r instanceof LatencyPeriodReport l && l.appId() == 31 && l.report().received() > 0),
                    "the pair of agent processes measured round trips meanwhile");
            assertTrue(got.stream().filter(r -> r instanceof AgentAnnouncement).count() >= 26 * OBSERVE.toSeconds() / 2,
                    "the announcements kept coming: " + got.stream().filter(r -> r instanceof AgentAnnouncement).count());

            // really silent (its participant still there): unresponsive after its missed beats, the others still live
            mute.silence();
            long silencedAt = System.nanoTime();
            waitFor("the silent agent unresponsive", PotherController.UNRESPONSIVE_AFTER.plusSeconds(5),
                    () -> c.status(40).liveness() == Liveness.UNRESPONSIVE, () -> c.status(40));
            AgentStatus silent = c.status(40);
            System.out.println("silent agent unresponsive " + (System.nanoTime() - silencedAt) / 1_000_000 + " ms after"
                    + " its last beat was due: " + silent.describe());
            assertTrue(silent.silent().compareTo(PotherController.UNRESPONSIVE_AFTER) > 0, silent.toString());
            assertTrue(silent.describe().matches("unresponsive \\(silent since \\d\\d:\\d\\d:\\d\\d\\)"), silent.describe());
            List<String> others = c.statuses().values().stream().filter(s -> s.appId() != 40 && !s.live())
                    .map(s -> s.appId() + " " + s.describe()).toList();
            assertTrue(others.isEmpty(), "the others stayed live: " + others);
        } finally {
            loading.set(false);
            for (Thread t : load) {
                t.join(2000);
            }
            if (mute != null) {
                mute.close();
            }
            inProcess.forEach(Agent::close);
            processes.close();
        }
    }

    /**
     * An agent that announces itself every 2.5 s (domain 77): its own period, measured by the controller, sets the
     * bound (3 × 2.5 s = 7.5 s, more than the 5 s floor): live between its beats, unresponsive only once it has missed
     * three of them.
     */
    @Test
    void aSlowerHeartbeatIsJudgedByItsOwnPeriod() throws Exception {
        Duration period = Duration.ofMillis(2500);
        try (Domain domain = Domain.create(77, CycloneConfig.loopbackOnly());
                PotherController c = PotherController.open(domain)) {
            MuteAgent slow = MuteAgent.start(domain, 1, "", period);
            try {
                assertTrue(c.awaitAgents(Duration.ofSeconds(10), 1), "announced: " + c.agents());
                // 4 intervals measured, then some more beats: gaps of 2.5 s are no silence for this agent
                long end = System.nanoTime() + Duration.ofSeconds(14).toNanos();
                Duration longest = Duration.ZERO;
                while (System.nanoTime() < end) {
                    AgentStatus s = c.status(1);
                    assertEquals(Liveness.LIVE, s.liveness(), s.toString());
                    longest = s.silent().compareTo(longest) > 0 ? s.silent() : longest;
                    Thread.sleep(20);
                }
                assertTrue(longest.compareTo(Duration.ofMillis(2000)) > 0, "it was silent between its beats: " + longest);
                slow.silence();
                waitFor("the slow agent unresponsive", period.multipliedBy(3).plusSeconds(5),
                        () -> c.status(1).liveness() == Liveness.UNRESPONSIVE, () -> c.status(1));
                AgentStatus s = c.status(1);
                System.out.println("slow heartbeat: unresponsive after " + s.silent().toMillis() + " ms of silence");
                assertTrue(s.silent().compareTo(period.multipliedBy(3)) > 0,
                        "three of its own periods, not the 5 s floor: " + s);
            } finally {
                slow.close();
            }
        }
    }

    @Test
    void aCleanExitIsStoppedAndADeletedParticipantGoneAtOnce() throws Exception {
        LocalAgents agent = LocalAgents.start(AgentReportSourceTest.launcher(), 75, RunDefinition.Transport.UDP, null, 1,
                1, "", line -> { });
        Process muteProcess = null;
        try (Domain domain = Domain.create(75, agent.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            muteProcess = startMute(75, 2, "loopback");
            assertTrue(c.awaitAgents(Duration.ofSeconds(30), 1, 2), "both announced: " + c.agents());

            // SIGTERM: the agent stops its tests, says "stopped" and deletes its participant
            Process p = agent.agents().get(0).process();
            long termAt = System.nanoTime();
            p.destroy();
            waitFor("agent 1 stopped", Duration.ofSeconds(15), () -> c.status(1).liveness() == Liveness.STOPPED,
                    () -> c.status(1));
            System.out.println("SIGTERM → stopped in " + (System.nanoTime() - termAt) / 1_000_000 + " ms");
            assertTrue(p.waitFor(15, TimeUnit.SECONDS), "the agent process ended"); // 143: the JVM's exit on SIGTERM
            Thread.sleep(500); // its participant's disposal came after "stopped": it stays stopped, not gone
            assertEquals(Liveness.STOPPED, c.status(1).liveness(), c.status(1).toString());

            // a participant deleted without "stopped" (its process goes on to exit 0): Cyclone says so at once
            long closeAt = System.nanoTime();
            try (OutputStream in = muteProcess.getOutputStream()) {
                in.write("close\n".getBytes(StandardCharsets.UTF_8));
            }
            waitFor("agent 2 gone", Duration.ofSeconds(15), () -> c.status(2).liveness() == Liveness.GONE,
                    () -> c.status(2));
            double seconds = (System.nanoTime() - closeAt) / 1e9;
            System.out.println("participant deleted → gone in " + Math.round(seconds * 1000) + " ms");
            // the default lease is 10 s: well before it, this came from the participant's disposal, not its expiry
            assertTrue(seconds < 5, "gone " + seconds + " s after the delete, not after the 10 s lease");
            assertTrue(c.status(2).describe().matches("gone \\(since \\d\\d:\\d\\d:\\d\\d\\)"), c.status(2).describe());
            assertTrue(muteProcess.waitFor(15, TimeUnit.SECONDS), "the mute agent's process ended");
            assertEquals(0, muteProcess.exitValue());
        } finally {
            if (muteProcess != null) {
                muteProcess.destroyForcibly();
            }
            agent.close();
        }
    }

    @Test
    void aKilledAgentIsGoneWhenItsLeaseExpires() throws Exception {
        Duration lease = Duration.ofSeconds(2);
        String config = CycloneConfig.loopbackOnly().replace("<Discovery>",
                "<Discovery>\n      <LeaseDuration>" + lease.toSeconds() + " s</LeaseDuration>");
        assertTrue(config.contains("<LeaseDuration>2 s</LeaseDuration>"), config);
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 76, RunDefinition.Transport.UDP, config,
                2, 1, "", line -> { });
        try (Domain domain = Domain.create(76, agents.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            assertTrue(c.awaitAgents(Duration.ofSeconds(30), 1, 2), "both announced: " + c.agents());
            Process killed = agents.agents().get(1).process();
            long killedAt = System.nanoTime();
            killed.destroyForcibly(); // SIGKILL: no "stopped", no goodbye to DDS; only the lease tells
            assertTrue(killed.waitFor(10, TimeUnit.SECONDS));
            waitFor("agent 2 gone", Duration.ofSeconds(15), () -> c.status(2).liveness() == Liveness.GONE,
                    () -> c.status(2));
            double seconds = (System.nanoTime() - killedAt) / 1e9;
            System.out.println("SIGKILL → gone in " + Math.round(seconds * 1000) + " ms (lease " + lease.toSeconds() + " s)");
            assertTrue(seconds < 8, "gone " + seconds + " s after the kill: the 2 s lease, not Cyclone's default 10 s");
            assertEquals("running", c.status(2).announcement().state(), "its last word was 'running'");
            assertEquals(Liveness.LIVE, c.status(1).liveness(), "the other agent is unaffected: " + c.status(1));
        } finally {
            agents.close();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Busy work until {@code on} turns false. */
    private static void spin(AtomicBoolean on) {
        double x = 1;
        while (on.get()) {
            for (int i = 0; i < 100_000; i++) {
                x = Math.sin(x) + 1.0001;
            }
        }
        if (x == 42) {
            System.out.println(x); // keeps the loop from being optimised away
        }
    }

    /** {@link MuteAgent#main} in a JVM of its own on {@code domain}; returns once it printed READY. */
    private static Process startMute(int domain, int appId, String config) throws Exception {
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> c : List.of(MuteAgent.class, Domain.class, AgentAnnouncement.class)) {
            cp.addAll(AgentLauncher.entryOf(c));
        }
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, cp), MuteAgent.class.getName(),
                Integer.toString(domain), Integer.toString(appId), config);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CountDownLatch ready = new CountDownLatch(1);
        List<String> out = new ArrayList<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    System.out.println("[mute " + appId + "] " + line);
                    synchronized (out) {
                        out.add(line);
                    }
                    if (line.startsWith("READY")) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // ended
            }
        });
        if (!ready.await(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            synchronized (out) {
                throw new AssertionError("the mute agent process did not get ready: " + out);
            }
        }
        return p;
    }
}
