package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Sample;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.Role;
import org.ddstuner.pother.protocol.ThroughputPeriodReport;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.testsupport.CliClassPath;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.LocalAgentsSource;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.Scenario;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.system.ProcessInfo;
import org.junit.jupiter.api.Test;

/**
 * {@link AgentReportSource} driving real agents over the command topics: two {@link Agent}s in this process
 * on their own participants (domain 155), two agent processes started by {@link LocalAgents} (domain 156),
 * and {@link LocalAgentsSource} running the transport comparison over UDP (domain 157), TCP (domain 158) and
 * shared-memory (domain 159, with a RouDi) agent processes, whose participants must announce UDP and TCP locators. Counts delivered to the run must equal
 * what the agents sent.
 */
class AgentReportSourceTest {

    private static final Duration PERIOD = Duration.ofMillis(250);

    /** The CLI's class path as the product's start script builds it: the headless bundles' jars or folders. */
    static AgentLauncher launcher() {
        return AgentLauncher.of(CliClassPath.entries());
    }

    private static BenchmarkRun run(AgentReportSource source, RunDefinition d) throws Exception {
        BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        source.run(d, run, () -> false);
        return run;
    }

    /** Latency: every report from the measuring agent, echoes = pings (one may be in flight at the stop). */
    private static void checkLatency(BenchmarkRun run, int measurer, int echo) {
        List<Points.Latency> points = run.latency();
        assertTrue(points.size() >= 6, "2 s at 250 ms gives 8 reports (+ the last), got " + points.size() + " "
                + run.messages());
        assertTrue(points.stream().allMatch(p -> p.agent().equals(AgentReportSource.agentName(measurer))));
        long sent = points.stream().mapToLong(p -> p.report().sent()).sum();
        long received = points.stream().mapToLong(p -> p.report().received()).sum();
        assertTrue(received > 100, "round trips measured: " + received);
        assertTrue(sent - received >= 0 && sent - received <= 1, "reliable: every ping echoed but the last in flight: sent "
                + sent + ", received " + received);
        for (int app : List.of(measurer, echo)) {
            assertTrue(run.resources().stream().anyMatch(r -> r.agent().equals(AgentReportSource.agentName(app))
                    && r.resources().rssBytes() > 10 << 20), "CPU/RSS of agent " + app + ": " + run.resources());
        }
    }

    /** Throughput: the receiver's samples add up to the transmitter's total sent, none lost. */
    private static void checkThroughput(BenchmarkRun run, BlockingQueue<PotherReport> raw, int transmitter) {
        List<ThroughputPeriodReport> tx = new ArrayList<>();
        for (PotherReport r : raw) {
            if (r instanceof ThroughputPeriodReport t && t.role() == Role.TRANSMITTER && t.appId() == transmitter && t.last()) {
                tx.add(t);
            }
        }
        assertEquals(1, tx.size(), "the transmitter's last report: " + tx);
        long sent = tx.get(0).totalSamples();
        long received = run.throughput().stream().mapToLong(p -> p.report().samples()).sum();
        assertTrue(sent > 1000, "samples sent: " + sent);
        assertEquals(sent, received, "every sample sent arrived and was reported once");
        assertEquals(0, run.throughput().get(run.throughput().size() - 1).report().lostTotal());
    }

    /**
     * Every participant of every agent process (the agent's own and its tests') announces, in its discovery data,
     * network addresses (Cyclone's {@code __NetworkAddresses} locators, e.g. "tcp/127.0.0.1:40123@1") of the
     * transport {@code kind} ("udp/" or "tcp/"), and only of it: the proof that the agents really used it.
     */
    private static void assertLocators(Domain domain, LocalAgents agents, String kind) throws InterruptedException {
        Set<Long> pids = new HashSet<>();
        agents.agents().forEach(a -> pids.add(a.pid()));
        Map<Long, List<String>> seen = new TreeMap<>();
        try (Participant observer = domain.createParticipant()) {
            BuiltinReader<ParticipantData> parts = BuiltinReader.participants(observer);
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!seen.keySet().containsAll(pids) && System.nanoTime() < end) {
                for (Sample<ParticipantData> x : parts.take(1000)) {
                    ProcessInfo info = x.info().validData() ? ProcessInfo.fromQos(x.data().qos()) : ProcessInfo.UNKNOWN;
                    if (pids.contains(info.pid())) {
                        seen.computeIfAbsent(info.pid(), k -> new ArrayList<>()).addAll(info.addresses());
                    }
                }
                Thread.sleep(100);
            }
        }
        assertEquals(pids, seen.keySet(), "the participants of every agent process were discovered: " + seen);
        for (Map.Entry<Long, List<String>> e : seen.entrySet()) {
            assertFalse(e.getValue().isEmpty(), "agent process " + e.getKey() + " announces its addresses");
            assertTrue(e.getValue().stream().allMatch(a -> a.startsWith(kind + "127.0.0.1:")),
                    "agent process " + e.getKey() + " is reachable over " + kind + " on loopback only: " + e.getValue());
        }
    }

    @Test
    void agentsInThisProcessOnTheirOwnParticipants() throws Exception {
        try (Domain domain = Domain.create(155, CycloneConfig.loopbackOnly());
                Agent a = Agent.start(domain, 1, "inproc", s -> { });
                Agent b = Agent.start(domain, 2, "inproc", s -> { });
                PotherController c = PotherController.open(domain)) {
            AgentReportSource source = AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2));
            checkLatency(run(source, RunDefinition.latency(64, Duration.ofSeconds(2)).withPeriod(PERIOD)), 1, 2);
            BlockingQueue<PotherReport> raw = c.queue(100_000);
            checkThroughput(run(source, RunDefinition.throughput(1024, Duration.ofSeconds(2)).withRate(2000, 5)
                    .withPeriod(PERIOD)), raw, 1);
            assertTrue(a.tests().isEmpty() && b.tests().isEmpty(), "every test removed: " + a.tests() + b.tests());
            assertNotNull(source.unsupported(RunDefinition.latency(64, Duration.ofSeconds(1))
                    .withTransport(RunDefinition.Transport.TCP)), "UDP agents do not claim to measure TCP");
            // the group form finds both agents, the lowest app id measures
            AgentReportSource group = AgentReportSource.ofGroup(c, RunDefinition.Transport.UDP, "inproc");
            checkLatency(run(group, RunDefinition.latency(256, Duration.ofSeconds(2)).withPeriod(PERIOD)), 1, 2);
        }
    }

    @Test
    void agentProcessesReportAndAreGoneAfterClose() throws Exception {
        LocalAgents agents = LocalAgents.start(launcher(), 156, RunDefinition.Transport.UDP, null, 2, 21, "procs",
                System.out::println);
        List<ProcessHandle> handles = agents.agents().stream().map(p -> p.process().toHandle()).toList();
        try (Domain domain = Domain.create(156, agents.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            assertEquals(List.of(21, 22), agents.appIds());
            assertTrue(agents.alive());
            AgentReportSource source = AgentReportSource.of(c, RunDefinition.Transport.UDP, agents.appIds());
            BlockingQueue<PotherReport> raw = c.queue(100_000);
            checkThroughput(run(source, RunDefinition.throughput(1024, Duration.ofSeconds(2)).withPeriod(PERIOD)), raw, 21);
            BenchmarkRun rtt = run(source, RunDefinition.latency(64, Duration.ofSeconds(2)).withPeriod(PERIOD));
            checkLatency(rtt, 21, 22);
            assertEquals(agents.agents().get(0).pid(), c.agents().get(21).pid(), "agent 21 is the first child process");
            assertTrue(rtt.resources().stream().anyMatch(r -> r.resources().cpuTotalPercent() > 0), rtt.resources().toString());
        } finally {
            agents.close();
        }
        assertFalse(agents.alive());
        for (ProcessHandle h : handles) {
            assertFalse(h.isAlive(), "agent process " + h.pid() + " ended");
        }
    }

    @Test
    void transportComparisonStartsAgentProcessesPerTransport() throws Exception {
        try (Domain domain = Domain.create(157, CycloneConfig.loopbackOnly());
                PotherController c = PotherController.open(domain);
                LocalAgentsSource source = new LocalAgentsSource(launcher(), c, 157, CycloneConfig.loopbackOnly(),
                        System.out::println)) {
            // the UDP agents of step 1, started here so their discovery data can be read first
            LocalAgents udp = source.ensure(RunDefinition.Transport.UDP);
            assertLocators(domain, udp, "udp/");
            // two of the sizes: every transport over each, transport by transport (agents restart per transport only)
            Scenario s = Scenarios.transportComparison(Duration.ofSeconds(2), List.of(64, 4096));
            List<RunDefinition> steps = s.steps().stream().map(d -> d.withPeriod(PERIOD)).toList();
            assertEquals(List.of("UDP/64", "UDP/4096", "TCP/64", "TCP/4096", "SHM/64", "SHM/4096"), steps.stream()
                    .map(d -> d.transport() + "/" + d.size()).toList());
            BenchmarkRun run = BenchmarkRun.unsaved(s.runDefinition(), RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(source, run, steps);
            assertTrue(r.await(Duration.ofSeconds(240)), "the scenario ended");
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
            for (int step = 0; step < steps.size(); step++) {
                int st = step;
                List<Points.Latency> pts = run.latency().stream().filter(p -> p.step() == st).toList();
                assertTrue(pts.size() >= 6, "step " + step + " (" + steps.get(step).label() + ") reports: " + pts.size());
                assertTrue(pts.stream().mapToLong(p -> p.report().received()).sum() > 100, steps.get(step).label());
            }
            assertTrue(run.messages().stream().anyMatch(m -> m.text().contains("over TCP on domain 158")), run.messages()
                    .toString());
            assertTrue(run.messages().stream().anyMatch(m -> m.text().contains("over SHM on domain 159")), run.messages()
                    .toString());
            assertTrue(run.messages().stream().noneMatch(m -> m.text().contains("skipped")), run.messages().toString());
            LocalAgents shm = source.agents();
            assertNotNull(shm);
            assertEquals(RunDefinition.Transport.SHM, shm.transport());
            assertNotNull(shm.roudi(), "shared-memory agents hold a RouDi");
            assertTrue(udp.isClosed(), "the UDP agents were stopped for the TCP step");
            List<ProcessHandle> shmHandles = shm.agents().stream().map(p -> p.process().toHandle()).toList();
            source.stopAgents();
            assertNull(source.agents());
            assertTrue(shmHandles.stream().noneMatch(ProcessHandle::isAlive), "shared-memory agents ended");
            assertTrue(org.ddstuner.pother.runs.Roudi.runningPid().isEmpty(), "their RouDi was stopped with them");
            // TCP agents as the TCP steps had them: reachable over TCP on loopback only
            int tcpDomainId = LocalAgentsSource.domainFor(157, RunDefinition.Transport.TCP);
            try (LocalAgents tcp = LocalAgents.start(launcher(), tcpDomainId, RunDefinition.Transport.TCP, null, 2, 151,
                    "tcp", System.out::println); Domain tcpDomain = Domain.create(tcpDomainId, tcp.controllerConfig())) {
                assertTrue(tcp.controllerConfig().contains("<Transport>tcp</Transport>"), tcp.controllerConfig());
                assertLocators(tcpDomain, tcp, "tcp/");
            }
            assertNull(source.agents());
        }
    }
}
