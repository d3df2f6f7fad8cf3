package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pother-run} as its own process against two real agents, each its own {@code ddstuner pother} process, on
 * loopback-only domain 132, as a person runs them; this JVM watches the agents' reports and announcements with a
 * controller of its own.
 */
class PotherRunAgentsTest {

    private static final int DOMAIN = 132;
    private static final String D = "" + DOMAIN;
    private static final List<CliProcess> AGENTS = new ArrayList<>();
    private static Domain domain;
    private static PotherController watcher;
    private static final List<PotherReport> SEEN = new CopyOnWriteArrayList<>();

    @TempDir
    Path runs;

    @BeforeAll
    static void startAgents() throws Exception {
        NetNs.requireIsolated();
        for (int app : new int[] { 1, 2 }) {
            CliProcess agent = CliProcess.start("pother", "--app-id", "" + app, "--domain", D);
            AGENTS.add(agent);
            String ready = agent.out.readLine();
            while (ready != null && !ready.startsWith("READY")) {
                ready = agent.out.readLine(); // "pother agent N: started on domain …" comes first
            }
            assertTrue(ready != null && ready.startsWith("READY pother agent app-id " + app), ready + agent.stderr());
            Thread.ofPlatform().daemon().start(() -> drain(agent)); // its log must not fill the pipe
        }
        domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
        watcher = PotherController.open(domain);
        watcher.addListener(SEEN::add);
        assertTrue(watcher.awaitAgents(java.time.Duration.ofSeconds(20), 1, 2), "agents: " + watcher.agents());
    }

    private static void drain(CliProcess agent) {
        try {
            while (agent.out.readLine() != null) {
                // the agent's log lines: not asserted
            }
        } catch (IOException e) {
            // the agent was closed
        }
    }

    @AfterAll
    static void stopAgents() throws IOException {
        if (watcher != null) {
            watcher.close();
            domain.close();
        }
        for (CliProcess a : AGENTS) {
            a.close();
        }
    }

    /** Runs {@code pother-run} to its end in a child process; returns exit code, stdout, stderr. */
    private static Result potherRun(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("pother-run", "--domain", D));
        all.addAll(Arrays.asList(args));
        try (CliProcess p = CliProcess.start(all.toArray(String[]::new))) {
            StringBuilder out = new StringBuilder();
            for (String line = p.out.readLine(); line != null; line = p.out.readLine()) {
                out.append(line).append('\n');
            }
            assertTrue(p.process.waitFor(60, TimeUnit.SECONDS), "pother-run did not exit");
            return new Result(p.process.exitValue(), out.toString(), p.stderr());
        }
    }

    /**
     * The reviewer's stall: 50,000 samples flat out, several times. Each run must get every sample, the
     * transmitter must have written nothing before its writer matched (it was started after the match), and the
     * run is in the store as the desktop saves runs.
     */
    @Test
    void throughputRunsStartTheTransmitterAfterTheMatchAndGetEverySample() throws Exception {
        for (int i = 1; i <= 3; i++) {
            String name = "flat" + i;
            SEEN.clear();
            Result r = potherRun("--throughput", "--count", "50000", "--name", name, "--period-ms", "500",
                    "--timeout", "50", "--runs-dir", runs.toString());
            assertEquals(0, r.code(), "run " + i + ": " + r.err() + r.out());
            assertTrue(r.out().contains("# both matched: starting the transmitter"), r.out());
            assertTrue(r.out().contains("RESULT received=50000 lost=0 out_of_order=0 expected=50000"), r.out());
            DiscoveryReport tx = SEEN.stream().filter(x -> x instanceof DiscoveryReport d && d.appId() == 1
                    && d.name().equals(name) && d.role() == Role.TRANSMITTER).map(DiscoveryReport.class::cast)
                    .findFirst().orElse(null);
            assertNotNull(tx, "the transmitter's discovery report");
            // a writer's samplesMissed: what it had written when it matched (it went to nobody)
            assertEquals(0, tx.samplesMissed(), "samples written before the writer matched");
        }
        List<RunStore.RunInfo> saved = new RunStore(runs).list();
        assertEquals(3, saved.size(), saved.toString());
        for (RunStore.RunInfo info : saved) {
            BenchmarkRun run = RunStore.load(info.file());
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage());
            assertEquals(RunDefinition.Kind.THROUGHPUT, run.definition().kind());
            assertEquals(1024, run.definition().size());
            assertTrue(run.definition().label().contains("50000 samples (pother-run, apps 1 → 2)"),
                    run.definition().label());
            long got = run.throughput().stream().filter(p -> "app 2".equals(p.agent())).mapToLong(p -> p.report().samples())
                    .sum();
            assertEquals(50000, got, "the receiver's saved periods add up to every sample");
            assertFalse(run.resources().isEmpty(), "CPU/RSS of the agents");
            assertFalse(run.environment().config().isBlank(), "the Cyclone configuration the run used");
        }
        Result list = CliTest.run("pother-runs", "--runs-dir", runs.toString());
        assertEquals(0, list.code(), list.err());
        assertEquals(3, list.out().lines().count(), list.out());
        for (RunStore.RunInfo info : saved) {
            assertTrue(list.out().contains(info.id() + "  throughput  finished  " + info.startedAt()), list.out());
        }
        String id = saved.get(0).id();
        Result csv = CliTest.run("pother-runs", "csv", id, "--runs-dir", runs.toString());
        assertEquals(0, csv.code(), csv.err());
        List<String> rows = csv.out().lines().toList();
        assertTrue(rows.get(0).startsWith("time_s,agent,step,kind"), rows.get(0));
        assertTrue(rows.stream().anyMatch(l -> l.contains(",app 2,0,throughput,")), csv.out());
        Result missing = CliTest.run("pother-runs", "csv", "nope", "--runs-dir", runs.toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no saved run \"nope\""), missing.err());
    }

    /** A pair that cannot finish in time says what it waited for, with the receiver's real count. */
    @Test
    void aThroughputTimeoutSaysWhatTheReceiverGot() throws Exception {
        Result r = potherRun("--throughput", "--count", "1000000", "--rate", "200", "--name", "slow", "--timeout", "4",
                "--runs-dir", runs.toString());
        assertEquals(1, r.code(), r.err() + r.out());
        Matcher m = Pattern.compile("the throughput pair did not finish within 4.0 s: the receiver \\(app 2\\) has (\\d+) "
                + "of 1000000 samples \\(lost 0\\)").matcher(r.err());
        assertTrue(m.find(), r.err());
        assertTrue(Long.parseLong(m.group(1)) > 0, "received " + m.group(1));
        assertFalse(r.err().contains("echoes"), r.err());
        BenchmarkRun run = RunStore.load(new RunStore(runs).list().get(0).file());
        assertEquals(BenchmarkRun.State.FAILED, run.state());
        assertTrue(run.endMessage().startsWith("the throughput pair did not finish within 4.0 s"), run.endMessage());
    }

    /** A latency pair that cannot finish in time says so in its own terms, with the real counts; saved as failed. */
    @Test
    void aLatencyTimeoutCountsPingsAndEchoes() throws Exception {
        Result r = potherRun("--count", "100000", "--rate", "20", "--name", "lat", "--timeout", "4", "--period-ms", "500",
                "--runs-dir", runs.toString());
        assertEquals(1, r.code(), r.err() + r.out());
        Matcher m = Pattern.compile("the latency pair did not finish within 4.0 s: sent (\\d+) of 100000 pings, (\\d+) "
                + "echoes came back").matcher(r.err());
        assertTrue(m.find(), r.err());
        assertTrue(Long.parseLong(m.group(1)) > 0 && Long.parseLong(m.group(2)) > 0, r.err());
        BenchmarkRun run = RunStore.load(new RunStore(runs).list().get(0).file());
        assertEquals(RunDefinition.Kind.LATENCY, run.definition().kind());
        assertEquals(BenchmarkRun.State.FAILED, run.state());
        long pings = run.latency().stream().filter(p -> "app 1".equals(p.agent())).mapToLong(p -> p.report().sent()).sum();
        assertEquals(Long.parseLong(m.group(1)), pings, "the saved periods hold the pings the message counts");
    }

    /** Ctrl-C: the pair's tests leave the agents (they announce them gone), and the saved run ends stopped. */
    @Test
    void sigintRemovesThePairFromTheAgents() throws Exception {
        try (CliProcess p = CliProcess.start("pother-run", "--domain", D, "--throughput", "--count", "100000000",
                "--rate", "500", "--name", "sig", "--runs-dir", runs.toString())) {
            assertTrue(awaitLine(p, "# both matched"), p.stderr());
            String period = p.out.readLine(); // the receiver's first period: something to save before the stop
            assertTrue(period != null && period.contains("sig_rx"), period + p.stderr());
            assertTrue(awaitTests(t -> t.contains("transmitter:sig:running"), 1, 10), "" + watcher.agents());
            assertTrue(awaitTests(t -> t.contains("receiver:sig_rx:running"), 2, 10), "" + watcher.agents());
            new ProcessBuilder("kill", "-INT", "" + p.process.pid()).start().waitFor();
            assertTrue(p.process.waitFor(15, TimeUnit.SECONDS), "still running 15 s after SIGINT; stderr:\n"
                    + p.stderr());
            assertEquals(130, p.process.exitValue(), p.stderr());
            assertTrue(p.stderr().contains("stopped; the pair's tests were removed from the agents"), p.stderr());
            assertTrue(awaitTests(t -> !t.contains("sig"), 1, 5), "" + watcher.agents());
            assertTrue(awaitTests(t -> !t.contains("sig"), 2, 5), "" + watcher.agents());
        }
        BenchmarkRun run = RunStore.load(new RunStore(runs).list().get(0).file());
        assertEquals(BenchmarkRun.State.STOPPED, run.state());
        assertTrue(run.throughput().size() > 0, "periods before the stop were saved");
    }

    /**
     * The QoS options reach the agents' real readers and writers (as {@code ls --json} sees them on the wire), a
     * burst of 10 arrives as such, and SIGTERM removes the pair as Ctrl-C does.
     */
    @Test
    @SuppressWarnings("unchecked")
    void qosOptionsReachTheAgentsEndpointsAndSigtermRemovesThePair() throws Exception {
        try (CliProcess p = CliProcess.start("pother-run", "--domain", D, "--throughput", "--count", "100000000",
                "--rate", "50", "--burst", "10", "--name", "qos", "--reliability", "best-effort", "--history", "7",
                "--transport-priority", "3", "--latency-budget-us", "250", "--period-ms", "500",
                "--runs-dir", runs.toString())) {
            assertTrue(awaitLine(p, "# both matched"), p.stderr());
            Result ls = CliTest.run("ls", "--domain", D, "--all", "--json", "--wait", "2", "--filter", "Pother_qos");
            assertEquals(0, ls.code(), ls.err());
            List<Map<String, Object>> endpoints = ((List<Map<String, Object>>) org.ddstuner.json.StrictJson
                    .parseMap(ls.out()).get("endpoints")).stream().filter(e -> ((String) e.get("topic"))
                            .startsWith("Pother_qos")).toList();
            assertTrue(endpoints.stream().anyMatch(e -> e.get("kind").equals("writer")), ls.out());
            assertTrue(endpoints.stream().anyMatch(e -> e.get("kind").equals("reader")), ls.out());
            for (Map<String, Object> e : endpoints) {
                Map<String, Object> qos = (Map<String, Object>) e.get("qos");
                String where = e.get("kind") + " " + e.get("topic") + ": " + qos;
                assertEquals("BEST_EFFORT", ((Map<String, Object>) qos.get("reliability")).get("kind"), where);
                assertEquals(Map.of("kind", "KEEP_LAST", "depth", java.math.BigInteger.valueOf(7)), qos.get("history"),
                        where);
                if (e.get("kind").equals("writer")) { // a writer's policy only: a reader announces the default
                    assertEquals(java.math.BigInteger.valueOf(3), ((Map<String, Object>) qos.get("transport_priority"))
                            .get("value"), where);
                }
                assertEquals(0, new java.math.BigDecimal("0.00025").compareTo(new java.math.BigDecimal(
                        ((Map<String, Object>) qos.get("latency_budget")).get("duration").toString())), where);
            }
            String period = p.out.readLine();
            assertTrue(period != null && period.contains("qos_rx"), period + p.stderr());
            p.process.destroy(); // SIGTERM
            assertTrue(p.process.waitFor(15, TimeUnit.SECONDS), "still running 15 s after SIGTERM");
            assertEquals(143, p.process.exitValue(), p.stderr());
            assertTrue(awaitTests(t -> !t.contains("qos"), 1, 5), "" + watcher.agents());
            assertTrue(awaitTests(t -> !t.contains("qos"), 2, 5), "" + watcher.agents());
        }
        BenchmarkRun run = RunStore.load(new RunStore(runs).list().get(0).file());
        assertEquals(BenchmarkRun.State.STOPPED, run.state());
        assertEquals(10, run.definition().burst());
        assertTrue(run.definition().label().contains("best-effort, keep last 7, priority 3, budget 250 µs"),
                run.definition().label());
    }

    private static boolean awaitLine(CliProcess p, String prefix) throws IOException {
        for (String line = p.out.readLine(); line != null; line = p.out.readLine()) {
            if (line.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Waits until agent {@code app}'s latest announcement's tests satisfy {@code ok}. */
    static boolean awaitTests(java.util.function.Predicate<String> ok, int app, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            Map<Integer, AgentAnnouncement> agents = watcher.agents();
            AgentAnnouncement a = agents.get(app);
            if (a != null && a.running() && ok.test(a.tests())) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}
