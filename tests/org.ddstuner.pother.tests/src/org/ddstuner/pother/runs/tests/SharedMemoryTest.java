package org.ddstuner.pother.runs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.Domain;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.Roudi;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.Transports;
import org.ddstuner.dds.CycloneConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Shared memory for real (issue 16): the RouDi that {@link Roudi} starts, reuses, stops and recovers after a crash,
 * and two agent processes whose round trips go through Iceoryx, proven by the namespace's UDP counters (the tests
 * run inside releng/scripts/netns-run.sh, so /proc/net/snmp counts only this namespace's loopback datagrams): over
 * shared memory the round trips add next to no datagrams, over UDP at least two per round trip. Needs Debian's
 * libddsc 0.10.2 (built with Iceoryx) and the package {@code iceoryx}.
 */
class SharedMemoryTest {

    private static final Path MGMT = Path.of("/dev/shm/iceoryx_mgmt");
    private static final Path SOCKET = Path.of("/tmp/roudi");
    private static final Duration PERIOD = Duration.ofMillis(250);

    @BeforeAll
    static void iceoryxHere() {
        assumeTrue(Roudi.runningPid().isEmpty(), "a RouDi of someone else runs on this host: these tests start their own");
        Transports.Availability shm = Transports.sharedMemory();
        assertTrue(shm.available(), "libddsc 0.10.2 with Iceoryx and iox-roudi installed (apt install iceoryx): "
                + shm.reason());
        assertTrue(shm.reason().contains("a RouDi (") && shm.reason().contains("is started for the run"), shm.reason());
    }

    @Test
    void roudiIsStartedReusedStoppedAndRecoversFromACrash() throws Exception {
        Roudi.Lease first = Roudi.acquire();
        long pid;
        try {
            assertTrue(first.started(), "none ran: started one");
            pid = first.pid().orElseThrow();
            assertEquals(pid, Roudi.runningPid().orElseThrow());
            assertTrue(Files.exists(MGMT) && Files.exists(SOCKET), "its shared memory and socket");
            assertTrue(Transports.sharedMemory().reason().contains("RouDi running (pid " + pid + ")"),
                    Transports.sharedMemory().reason());
            try (Roudi.Lease second = Roudi.acquire()) {
                assertFalse(second.started(), "one runs: reused");
                assertTrue(second.pid().isEmpty());
            }
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "a reused RouDi is left running");
        } finally {
            first.close();
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "stopped");
        assertTrue(Roudi.runningPid().isEmpty());
        assertFalse(Files.exists(MGMT) || Files.exists(SOCKET), "a clean stop leaves nothing");

        // a crash (SIGKILL) leaves its files; the next RouDi starts anyway and the one after it stops cleanly
        Roudi.Lease crashed = Roudi.acquire();
        long crashedPid = crashed.pid().orElseThrow();
        ProcessHandle.of(crashedPid).orElseThrow().destroyForcibly();
        Waits.waitFor("the killed RouDi to be gone", Duration.ofSeconds(10), () -> Roudi.runningPid().isEmpty(), () -> "");
        assertTrue(Files.exists(MGMT) && Files.exists(SOCKET), "the killed RouDi left its files");
        try (Roudi.Lease next = Roudi.acquire()) {
            assertTrue(next.started());
            assertTrue(next.output().stream().anyMatch(l -> l.contains("RouDi is ready for clients")), next.output().toString());
        }
        crashed.close(); // its process is gone: closing it later does no harm
        assertTrue(Roudi.runningPid().isEmpty());
        assertFalse(Files.exists(MGMT) || Files.exists(SOCKET), "nothing left after the stale files' recovery");
    }

    /** UDP datagrams this network namespace sent so far (Udp OutDatagrams of /proc/net/snmp). */
    private static long udpOut() throws IOException {
        List<String> udp = Files.readAllLines(Path.of("/proc/net/snmp")).stream().filter(l -> l.startsWith("Udp:")).toList();
        List<String> names = List.of(udp.get(0).split("\\s+"));
        return Long.parseLong(udp.get(1).split("\\s+")[names.indexOf("OutDatagrams")]);
    }

    /** Round trips of 1 KiB for 2 s between two agent processes over {@code t}; returns {round trips, datagrams}. */
    private static long[] roundTrips(LocalAgents agents) throws Exception {
        try (Domain domain = Domain.create(agents.domainId(), agents.controllerConfig());
                PotherController c = PotherController.open(domain)) {
            AgentReportSource source = AgentReportSource.of(c, agents.transport(), agents.appIds());
            RunDefinition d = RunDefinition.latency(1024, Duration.ofSeconds(2)).withPeriod(PERIOD)
                    .withTransport(agents.transport());
            assertNull(Transports.shmRefusal(d), "keep-last 1: shared memory can carry it");
            BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            // the agents' discovery and the run's setup are done before counting: count the measuring part only
            Thread.sleep(1500);
            long before = udpOut();
            source.run(d, run, () -> false);
            long datagrams = udpOut() - before;
            long trips = run.latency().stream().mapToLong(p -> p.report().received()).sum();
            return new long[] { trips, datagrams };
        }
    }

    @Test
    void roundTripsGoThroughSharedMemoryNotUdp() throws Exception {
        long[] shm;
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 161, RunDefinition.Transport.SHM, null, 2,
                41, "shm", System.out::println);
        List<ProcessHandle> handles = agents.agents().stream().map(a -> a.process().toHandle()).toList();
        long roudiPid;
        try {
            assertNotNull(agents.roudi());
            assertTrue(agents.roudi().started(), "a RouDi was started for the agents");
            roudiPid = agents.roudi().pid().orElseThrow();
            assertFalse(agents.controllerConfig().contains("SharedMemory"),
                    "the controller joins over UDP only (a stopping RouDi would SIGTERM it)");
            shm = roundTrips(agents);
        } finally {
            agents.close();
        }
        assertTrue(handles.stream().noneMatch(ProcessHandle::isAlive), "agents ended");
        assertFalse(ProcessHandle.of(roudiPid).map(ProcessHandle::isAlive).orElse(false), "their RouDi stopped after them");
        assertFalse(Files.exists(MGMT) || Files.exists(SOCKET), "and left nothing behind");

        long[] udp;
        try (LocalAgents u = LocalAgents.start(AgentReportSourceTest.launcher(), 162, RunDefinition.Transport.UDP, null, 2,
                43, "udp", System.out::println)) {
            assertNull(u.roudi(), "no RouDi for UDP");
            udp = roundTrips(u);
        }
        System.out.printf("round trips / UDP datagrams: shared memory %d / %d, UDP %d / %d%n", shm[0], shm[1], udp[0],
                udp[1]);
        assertTrue(shm[0] > 500 && udp[0] > 500, "both measured round trips: " + shm[0] + ", " + udp[0]);
        assertTrue(udp[1] >= 2 * udp[0], "over UDP every ping and echo is a datagram: " + udp[1] + " for " + udp[0]);
        assertTrue(shm[1] < shm[0] / 10, "over shared memory the samples sent no datagrams (only discovery, reports, "
                + "heartbeats): " + shm[1] + " for " + shm[0] + " round trips");
    }

    @Test
    void anAgentKilledUnderRoudiLeavesNothingThatBreaksTheNextRun() throws Exception {
        LocalAgents agents = LocalAgents.start(AgentReportSourceTest.launcher(), 163, RunDefinition.Transport.SHM, null, 2,
                45, "shmkill", System.out::println);
        try {
            // killed while registered with RouDi: RouDi's stop then fails to SIGTERM it and aborts
            agents.agents().get(0).process().destroyForcibly().waitFor();
        } finally {
            agents.close();
        }
        assertTrue(Roudi.runningPid().isEmpty(), "no RouDi left running");
        assertFalse(Files.exists(MGMT) || Files.exists(SOCKET), "no stale RouDi files");
        try (var tmp = Files.list(Path.of("/tmp"))) {
            assertTrue(tmp.noneMatch(f -> f.getFileName().toString().startsWith("iceoryx_rt_"
                    + agents.agents().get(0).pid() + "_")), "the killed agent's Iceoryx socket is removed");
        }
        try (LocalAgents again = LocalAgents.start(AgentReportSourceTest.launcher(), 163, RunDefinition.Transport.SHM, null,
                2, 45, "shmkill", System.out::println)) {
            long[] r = roundTrips(again);
            assertTrue(r[0] > 500, "the next run over shared memory works: " + r[0]);
        }
    }

    @Test
    void keepAllIsRefusedRatherThanMeasuredOverUdp() {
        RunDefinition keepAll = RunDefinition.throughput(1024, Duration.ofSeconds(1)).withTransport(RunDefinition.Transport.SHM);
        assertEquals(0, keepAll.testQos().historyDepth(), "throughput defaults to keep-all");
        String why = Transports.shmRefusal(keepAll);
        assertNotNull(why);
        assertTrue(why.contains("keep-last"), why);
        RunDefinition deep = keepAll.withEndpointQos(new EndpointQos(17, 0, 0));
        assertTrue(Transports.shmRefusal(deep).contains("at most 16"), Transports.shmRefusal(deep));
        assertNull(Transports.shmRefusal(keepAll.withEndpointQos(new EndpointQos(16, 0, 0))));
        assertNull(Transports.shmRefusal(RunDefinition.throughput(1024, Duration.ofSeconds(1))), "UDP: no refusal");
        assertTrue(Transports.config(RunDefinition.Transport.SHM).contains("<Enable>true</Enable>"));
    }
}
