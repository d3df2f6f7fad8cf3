package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.InterfaceRef;
import org.ddstuner.config.check.ConfigOutline;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.config.scenario.SocketLimits;
import org.ddstuner.config.trial.ConfigTrial;
import org.ddstuner.config.trial.LoopbackSandbox;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.testsupport.CliClassPath;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Try with a benchmark": a node's file (another host's interface and peers, multicast TTL, monitor port, tracing) is
 * tried as a loopback-only copy that Cyclone accepts and that keeps its tuning; a round trip on two real local agent
 * processes under the current and the new configuration gives two saved runs with figures on both sides.
 */
class ConfigTrialTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    private static String nodeFile() {
        ScenarioOptions o = ScenarioOptions.defaults().withInterface("10.9.8.7").withPeers(List.of("10.9.8.6", "10.9.8.5"))
                .withTracing("config", "/tmp/ddstuner-trace.log").withMonitorPort(8123);
        return ScenarioWriter.write(Scenario.LARGE_DATA, o, new SocketLimits(1L << 24, 1L << 24)).xml();
    }

    @Test
    void theLoopbackCopyTalksOnlyOnLoopbackKeepsTheTuningAndCycloneAcceptsIt() throws Exception {
        String xml = nodeFile();
        LoopbackSandbox.Result r = LoopbackSandbox.of(xml);
        List<InterfaceRef> nics = InterfaceRef.of(ConfigOutline.parse(r.xml()));
        assertEquals(1, nics.size(), r.xml());
        assertEquals("127.0.0.1", nics.get(0).address(), r.xml());
        assertFalse(r.xml().contains("10.9.8."), "no address of the node is left: " + r.xml());
        assertTrue(r.xml().contains("<AllowMulticast>false</AllowMulticast>") && r.xml().contains(
                "<Peer address=\"127.0.0.1\"/>") && r.xml().contains("<ParticipantIndex>auto</ParticipantIndex>"), r.xml());
        assertFalse(r.xml().contains("MonitorPort") || r.xml().contains("Tracing"), r.xml());
        // the tuning stays: message and fragment sizes, socket buffers, watermarks
        for (String kept : List.of("<MaxMessageSize>65500 B</MaxMessageSize>", "<FragmentSize>62 KiB</FragmentSize>",
                "SocketReceiveBufferSize max=\"8388608 B\"", "<WhcHigh>8 MiB</WhcHigh>")) {
            assertTrue(r.xml().contains(kept), kept + " kept: " + r.xml());
        }
        assertTrue(String.join("\n", r.changes()).contains("127.0.0.1"), r.changes().toString());
        assertTrue(String.join("\n", r.changes()).contains("MonitorPort"), r.changes().toString());
        CheckReport check = ConfigChecker.withDefaultLibrary().check(r.xml(), "copy.xml");
        assertTrue(check.valid() && check.problems().isEmpty(), check.problems() + "\n" + r.xml());

        IllegalArgumentException tcp = assertThrows(IllegalArgumentException.class, () -> LoopbackSandbox.of(
                ScenarioWriter.write(Scenario.TCP, ScenarioOptions.defaults().withPeers(List.of("10.1.1.1")),
                        new SocketLimits(1L << 24, 1L << 24)).xml()));
        assertTrue(tcp.getMessage().contains("Transport tcp"), tcp.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoopbackSandbox.of("<CycloneDDS><Domain>"));
    }

    @Test
    void aRoundTripUnderBothConfigurationsOnLocalAgents() throws Exception {
        RunStore store = new RunStore(dir.resolve("runs"));
        List<String> started = new ArrayList<>();
        ConfigTrial trial = new ConfigTrial(AgentLauncher.of(CliClassPath.entries()), ConfigTrial.Kind.RTT,
                Duration.ofSeconds(3), 61, store, System.out::println);
        List<ConfigTrial.Side> sides = trial.run("<CycloneDDS xmlns=\"https://cdds.io/config\"/>", nodeFile(),
                s -> started.add(s.name()), () -> false);
        assertEquals(List.of("current", "new"), started);
        assertEquals(2, sides.size());
        for (ConfigTrial.Side s : sides) {
            assertEquals(BenchmarkRun.State.FINISHED, s.run().state(), s.name() + ": " + s.run().endMessage() + " "
                    + s.run().messages());
            assertFalse(s.run().latency().isEmpty(), s.name() + " measured round trips: " + s.run().messages());
            assertTrue(s.run().environment().config().contains("127.0.0.1"), s.run().environment().config());
        }
        assertTrue(sides.get(1).run().environment().config().contains("<MaxMessageSize>65500 B</MaxMessageSize>"));
        List<ConfigTrial.Row> rows = ConfigTrial.compare(ConfigTrial.Kind.RTT, sides.get(0).run(), sides.get(1).run());
        assertEquals(2, rows.size(), rows.toString());
        for (ConfigTrial.Row r : rows) {
            System.out.println("try " + r.format());
            assertTrue(r.current() > 0 && r.candidate() > 0 && Double.isFinite(r.ratio()), r.format());
        }
        assertEquals(2, store.list().size(), "both runs saved for Saved Runs");
    }

    @Test
    void aPayloadSweepUnderBothConfigurationsGivesThroughputPerSize() throws Exception {
        ConfigTrial trial = new ConfigTrial(AgentLauncher.of(CliClassPath.entries()), ConfigTrial.Kind.SWEEP,
                Duration.ofSeconds(2), 81, null, null);
        List<ConfigTrial.Side> sides = trial.run("<CycloneDDS xmlns=\"https://cdds.io/config\"/>", nodeFile(), s -> { },
                () -> false);
        assertEquals(2, sides.size());
        List<ConfigTrial.Row> rows = ConfigTrial.compare(ConfigTrial.Kind.SWEEP, sides.get(0).run(), sides.get(1).run());
        assertEquals(List.of(64, 256, 1024, 4096, 16384, 65536), rows.stream().map(ConfigTrial.Row::size).toList(),
                rows.toString());
        for (ConfigTrial.Row r : rows) {
            System.out.println("try sweep " + r.format());
            assertEquals("samples/s", r.unit());
            assertTrue(r.current() > 0 && r.candidate() > 0 && Double.isFinite(r.ratio()), r.format());
        }
    }
}
