package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.config.scenario.SocketLimits;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every scenario's output is accepted by libddsc 0.10.2 and by Cyclone 11.0.1 (each in a private namespace). */
class ScenarioOutputTest {

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    static ScenarioOptions optionsFor(Scenario s) {
        ScenarioOptions o = ScenarioOptions.defaults().withInterface("127.0.0.1").withPeers(List.of("127.0.0.1"))
                .withTracing("config", "/tmp/ddstuner-trace-${CYCLONEDDS_PID}.log").withMonitorPort(0);
        if (s == Scenario.SECURITY) {
            o = o.withSecurity(new ScenarioOptions.SecurityFiles("/etc/dds/ca.pem", "/etc/dds/node.pem", "/etc/dds/node.key",
                    "/etc/dds/ca.pem", "/etc/dds/governance.p7s", "/etc/dds/permissions.p7s"));
        }
        return o;
    }

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void acceptedBy010And11(Scenario s) throws Exception {
        GeneratedConfig g = ScenarioWriter.write(s, optionsFor(s));
        CheckReport r010 = ConfigChecker.withDefaultLibrary().check(g.xml(), s.id() + ".xml");
        assertEquals("0.10.2", r010.libraryVersion());
        assertTrue(r010.valid(), s.id() + " for 0.10.2: " + r010.problems() + "\n" + g.xml());
        assertTrue(r010.problems().isEmpty(), s.id() + " for 0.10.2: " + r010.problems() + "\n" + g.xml());
        Path lib11 = Libraries.cyclone11();
        CheckReport r11 = new ConfigChecker(new CycloneJudge(lib11)).check(g.xml(), s.id() + ".xml");
        assertEquals("11.0.1", r11.libraryVersion());
        if (s == Scenario.TCP || s == Scenario.SECURITY) {
            // the PyPI wheel's libddsc 11.0.1 is built without TCP and DDS Security: its only objection is that
            String feature = s == Scenario.TCP ? "DDS_HAS_TCP" : "DDS_HAS_SECURITY";
            assertTrue(!r11.problems().isEmpty() && r11.problems().stream().allMatch(p -> p.message().contains(
                    "needs a libddsc built with " + feature + "; this libddsc 11.0.1 was built without it")),
                    r11.problems().toString());
        } else if (s == Scenario.SHARED_MEMORY) {
            // 0.10.x's, and the file says so: Cyclone 11 only warns that SharedMemory is deprecated
            assertTrue(g.warnings().stream().anyMatch(w -> w.contains("This file is for Cyclone 0.10.x")), g.warnings().toString());
            assertTrue(r11.valid(), r11.problems().toString());
            assertTrue(r11.problems().stream().allMatch(p -> p.element().contains("SharedMemory")), r11.problems().toString());
        } else {
            assertTrue(r11.valid(), s.id() + " for 11.0.1: " + r11.problems() + "\n" + g.xml());
            assertTrue(r11.problems().isEmpty(), s.id() + " for 11.0.1: " + r11.problems());
        }
        assertTrue(g.warnings().stream().anyMatch(w -> w.contains("without authentication")), g.warnings().toString());
    }

    /** The shared-memory elements are the ones Cyclone 0.10.2's catalogue names, and the loaded libddsc has them. */
    @org.junit.jupiter.api.Test
    void sharedMemoryWritesCyclone010sElements() {
        GeneratedConfig g = ScenarioWriter.write(Scenario.SHARED_MEMORY, optionsFor(Scenario.SHARED_MEMORY));
        for (String element : List.of("<Enable>true</Enable>", "<LogLevel>warn</LogLevel>", "<Prefix>DDS_CYCLONE</Prefix>",
                "<Peer address=\"127.0.0.1\"/>")) {
            assertTrue(g.xml().contains(element), element + " in\n" + g.xml());
        }
        var schema = org.ddstuner.config.schema.ConfigSchema.of("0.10.2");
        for (String path : List.of("CycloneDDS/Domain/SharedMemory/Enable", "CycloneDDS/Domain/SharedMemory/LogLevel",
                "CycloneDDS/Domain/SharedMemory/Prefix", "CycloneDDS/Domain/SharedMemory/Locator")) {
            assertTrue(schema.find(path).isPresent(), path);
        }
        assertTrue(org.ddstuner.config.schema.ConfigSchema.of("11.0.1").find("CycloneDDS/Domain/SharedMemory/Enable")
                .orElseThrow().deprecated(), "11.0.1 deprecates SharedMemory (PubSubMessageExchange instead)");
        assertEquals(null, org.ddstuner.config.scenario.SharedMemorySupport.unavailable(),
                "Debian's libddsc 0.10.2 is built with Iceoryx");
        assertTrue(g.notes().stream().anyMatch(n -> n.contains("iox-roudi") && n.contains("keep-last")), g.notes().toString());
        // checking must not enable it: without a RouDi, libddsc would wait 60 s for one and abort
        String checked = ConfigChecker.withoutSharedMemory(g.xml());
        assertTrue(checked.contains("<Enable>false</Enable>") && !checked.contains("<Enable>true</Enable>"), checked);
        assertEquals(g.xml().lines().count(), checked.lines().count(), "same lines: errors keep their line");
    }

    @ParameterizedTest
    @EnumSource(value = Scenario.class, names = "LARGE_DATA")
    void largeDataPrintsTheExactSysctlLines(Scenario s) {
        GeneratedConfig low = ScenarioWriter.write(s, optionsFor(s), new SocketLimits(212992, 212992));
        assertEquals(List.of("sudo sysctl -w net.core.rmem_max=8388608", "sudo sysctl -w net.core.wmem_max=8388608",
                "echo 'net.core.rmem_max=8388608' | sudo tee -a /etc/sysctl.d/60-cyclonedds.conf",
                "echo 'net.core.wmem_max=8388608' | sudo tee -a /etc/sysctl.d/60-cyclonedds.conf"), low.sysctlLines());
        assertTrue(low.xml().contains("<SocketReceiveBufferSize max=\"8388608 B\"/>"), low.xml());
        GeneratedConfig high = ScenarioWriter.write(s, optionsFor(s), new SocketLimits(16L << 20, 16L << 20));
        assertEquals(List.of(), high.sysctlLines());
        // and this host's real values are read
        SocketLimits here = SocketLimits.ofThisHost();
        assertTrue(here.rmemMax() > 0 && here.wmemMax() > 0, here.toString());
    }
}
