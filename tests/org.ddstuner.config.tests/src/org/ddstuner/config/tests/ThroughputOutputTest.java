package org.ddstuner.config.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.config.scenario.SocketLimits;
import org.ddstuner.config.scenario.Throughput;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The throughput page's writer-history and delivery choices: accepted by libddsc 0.10.2 and 11.0.1 as written. */
class ThroughputOutputTest {

    @BeforeAll
    static void isolated() {
        NetNs.requireIsolated();
    }

    private static void acceptedByBoth(String xml) throws Exception {
        CheckReport r010 = ConfigChecker.withDefaultLibrary().check(xml, "throughput.xml");
        assertEquals("0.10.2", r010.libraryVersion());
        assertTrue(r010.valid() && r010.problems().isEmpty(), r010.problems() + "\n" + xml);
        CheckReport r11 = new ConfigChecker(new CycloneJudge(Libraries.cyclone11())).check(xml, "throughput.xml");
        assertEquals("11.0.1", r11.libraryVersion());
        assertTrue(r11.valid() && r11.problems().isEmpty(), r11.problems() + "\n" + xml);
    }

    @ParameterizedTest
    @EnumSource(Throughput.History.class)
    void historyPresets(Throughput.History h) throws Exception {
        ScenarioOptions o = ScenarioOptions.defaults().withPeers(List.of("127.0.0.1")).withInterface("127.0.0.1")
                .withThroughput(Throughput.of(h, Throughput.Delivery.ASYNCHRONOUS));
        GeneratedConfig g = ScenarioWriter.write(Scenario.UNICAST_PEERS, o);
        if (h.whcHigh() == null) {
            assertFalse(g.xml().contains("Watermarks"), g.xml());
        } else {
            assertTrue(g.xml().contains("<WhcHigh>" + h.whcHigh() + "</WhcHigh>")
                    && g.xml().contains("<WhcLow>" + h.whcLow() + "</WhcLow>")
                    && g.xml().contains("<WhcAdaptive>false</WhcAdaptive>"), g.xml());
        }
        assertTrue(g.xml().contains("<SynchronousDeliveryPriorityThreshold>1</SynchronousDeliveryPriorityThreshold>"), g.xml());
        acceptedByBoth(g.xml());
    }

    @Test
    void explicitValuesOverTheLargeDataScenario() throws Exception {
        Throughput t = Throughput.of(Throughput.History.BULK, Throughput.Delivery.SYNCHRONOUS)
                .overriddenBy(new Throughput("16 MiB", null, Boolean.TRUE, "1 ms", 5));
        ScenarioOptions o = ScenarioOptions.defaults().withPeers(List.of("127.0.0.1")).withInterface("127.0.0.1")
                .withThroughput(t);
        GeneratedConfig g = ScenarioWriter.write(Scenario.LARGE_DATA, o, new SocketLimits(16L << 20, 16L << 20));
        String x = g.xml();
        assertEquals(1, x.split("<WhcHigh>", -1).length - 1, x); // large-data's 8 MiB replaced, not doubled
        assertTrue(x.contains("<WhcHigh>16 MiB</WhcHigh>") && x.contains("<WhcLow>1 MiB</WhcLow>")
                && x.contains("<WhcAdaptive>true</WhcAdaptive>")
                && x.contains("<SynchronousDeliveryLatencyBound>1 ms</SynchronousDeliveryLatencyBound>")
                && x.contains("<SynchronousDeliveryPriorityThreshold>5</SynchronousDeliveryPriorityThreshold>"), x);
        assertTrue(g.notes().stream().anyMatch(n -> n.contains("suspended at 16 MiB")), g.notes().toString());
        acceptedByBoth(x);
    }
}
