package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Scenarios;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.Messages;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The Launcher's form builds the run definitions it shows: the fan-in's senders, history, priority, latency budget
 * and durability reach the definition, and bad input says why and starts nothing.
 */
class LauncherFormTest extends BenchmarksTestBase {

    @Test
    @Order(65)
    void fanInFromTheFormUsesTheSendersField() {
        assertEquals(Messages.KIND_FAN_IN, launcher.kind().getItem(RunDefinition.Kind.FAN_IN.ordinal()));
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(!launcher.senders().isEnabled(), "senders only matter for a fan-in");
        launcher.kind().select(RunDefinition.Kind.FAN_IN.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.senders().isEnabled());
        assertEquals(Scenarios.FAN_IN_SENDERS, launcher.senders().getSelection(), "the one-click fan-in's default");
        launcher.sizes().setText("1024, 64");
        launcher.senders().setSelection(5);
        List<RunDefinition> defs = launcher.definitions();
        assertEquals(2, defs.size());
        for (RunDefinition d : defs) {
            assertEquals(RunDefinition.Kind.FAN_IN, d.kind());
            assertEquals(5, d.senders());
            assertEquals(6, d.agentsNeeded(), "five senders and the receiver");
        }
        assertEquals(List.of(1024, 64), defs.stream().map(RunDefinition::size).toList());
        // the spinner holds its bounds: typed or set values outside them are clamped
        launcher.senders().setSelection(RunDefinition.MAX_SENDERS + 10);
        assertEquals(RunDefinition.MAX_SENDERS, launcher.senders().getSelection());
        launcher.senders().setSelection(1);
        assertEquals(2, launcher.senders().getSelection(), "a fan-in of one would be a plain pair");
        // the relay kind builds a 3-stage pipeline and ignores the senders
        launcher.kind().select(RunDefinition.Kind.RELAY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        assertTrue(!launcher.senders().isEnabled());
        RunDefinition relay = launcher.definitions().get(0);
        assertEquals(RunDefinition.Kind.RELAY, relay.kind());
        assertEquals(3, relay.agentsNeeded());
        launcher.kind().select(0);
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
    }

    @Test
    @Order(66)
    void historyPriorityAndLatencyBudgetFromTheFormReachTheDefinition() {
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        RunDefinition plain = launcher.definitions().get(0);
        assertEquals(EndpointQos.DEFAULTS, plain.endpointQos(), "the test's own defaults unless changed");
        assertEquals(1, plain.testQos().historyDepth(), "a round trip keeps the last sample");
        assertTrue(!launcher.depth().isEnabled(), "a depth only for keep last");
        launcher.history().select(2);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        assertTrue(launcher.depth().isEnabled());
        launcher.depth().setSelection(8);
        launcher.priority().setSelection(7);
        launcher.budget().setSelection(2000);
        RunDefinition d = launcher.definitions().get(0);
        assertEquals(new EndpointQos(8, 7, 2_000_000), d.endpointQos());
        assertEquals(8, d.testQos().historyDepth());
        assertEquals(7, d.testQos().transportPriority());
        assertEquals(2_000_000, d.testQos().latencyBudgetNanos());
        assertEquals(new org.ddstuner.dds.Qos.TransportPriority(7), d.qos().transportPriority());
        assertTrue(d.label().contains("keep last 8") && d.label().contains("priority 7"), d.label());
        launcher.history().select(1);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        assertEquals(0, launcher.definitions().get(0).testQos().historyDepth(), "keep all");
        launcher.durability().select(1);
        RunDefinition tl = launcher.definitions().get(0);
        assertEquals(org.ddstuner.pother.protocol.TestQos.TRANSIENT_LOCAL, tl.testQos().durability());
        assertEquals(org.ddstuner.dds.Qos.DurabilityKind.TRANSIENT_LOCAL, tl.qos().durability().kind());
        assertTrue(tl.label().contains("transient local"), tl.label());
        launcher.reveal(launcher.durability()); // the QoS group in sight, as someone changing it would scroll
        Ui.spin(100);
        for (Control c : List.of(launcher.reliability(), launcher.history(), launcher.depth(), launcher.priority(),
                launcher.budget(), launcher.durability())) {
            assertFullyVisible(c, "QoS field " + c);
        }
        Ui.screenshot("11-launcher-qos");
        launcher.reveal(launcher.target());
        launcher.durability().select(0);
        launcher.history().select(0);
        launcher.history().notifyListeners(SWT.Selection, new Event());
        launcher.priority().setSelection(0);
        launcher.budget().setSelection(0);
        assertEquals(EndpointQos.DEFAULTS, launcher.definitions().get(0).endpointQos());
    }

    @Test
    @Order(67)
    void badInputInTheLauncherSaysWhyAndStartsNothing() {
        BenchmarkRun before = BenchmarkSession.get().current();
        launcher.target().select(1);
        launcher.kind().select(RunDefinition.Kind.THROUGHPUT.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        try {
            // a negative rate cannot be entered: the spinner holds 0 (as fast as possible) and up
            launcher.rate().setSelection(-5);
            assertEquals(0, launcher.rate().getSelection(), "the rate spinner refuses -5");
            // 2 MiB is beyond the largest sample
            launcher.sizes().setText(Integer.toString(2 * 1024 * 1024));
            launcher.startButton().notifyListeners(SWT.Selection, new Event());
            String tooBig = "Cannot start: sample size must be between " + org.ddstuner.pother.PotherType.FIXED_BYTES
                    + " and " + org.ddstuner.pother.PotherType.MAX_SIZE + " bytes, not 2097152";
            assertEquals(tooBig, launcher.status());
            assertTrue(BenchmarkSession.get().current() == before && !BenchmarkSession.get().isRunning(), "nothing started");
            Ui.spin(3 * 250 + 100); // the refresh ticks keep the reason (they used to show the previous run again)
            assertEquals(tooBig, launcher.status());
            assertTrue(launcher.startButton().isEnabled());
            Ui.screenshot("14-launcher-bad-input");
            // a size with a unit is not a number of bytes
            launcher.sizes().setText("64, 2 MiB");
            launcher.startButton().notifyListeners(SWT.Selection, new Event());
            assertEquals("Cannot start: '2 MiB' is not a sample size in bytes", launcher.status());
            assertTrue(BenchmarkSession.get().current() == before, "nothing started");
        } finally {
            launcher.sizes().setText("64");
            launcher.rate().setSelection(0);
            launcher.kind().select(0);
            launcher.kind().notifyListeners(SWT.Selection, new Event());
        }
    }
}
