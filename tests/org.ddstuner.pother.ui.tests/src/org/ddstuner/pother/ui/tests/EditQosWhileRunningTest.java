package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.agent.ui.ApplicationEntity;
import org.ddstuner.agent.ui.EndpointQosDialog;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * "Edit QoS…" on a running test: the local agent processes (child JVMs) run with the DDS Tuner agent preloaded
 * (LD_PRELOAD of bundles/org.ddstuner.agent's library, named by the pom's -Dddstuner.agent.library, and the desktop's
 * secret), so the test's writer opens in the shared QoS editor; a live change (transport priority) is applied by the
 * agent inside the child JVM, confirmed from this process's discovery, the test goes on reporting, and the writer's
 * libddsc statistics reported by the agent are charted beside its QoS.
 */
class EditQosWhileRunningTest extends BenchmarksTestBase {

    @Test
    @Order(90)
    void aRunningTestsWriterIsTunedLiveThroughTheAgentAndTheRunGoesOn() {
        launcher.target().select(0); // local agent processes
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.sizes().setText("64");
        launcher.rate().setSelection(200);
        launcher.duration().setSelection(90);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        EndpointQosDialog dialog = null;
        try {
            Ui.waitUntil("three round-trip reports", () -> run.latency().size() >= 3
                    || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            var la = BenchmarkSession.get().localAgents().agents();
            String output = String.join("\n", la.agents().get(0).lastOutput());
            assertTrue(output.contains("ddstuner-agent") && output.contains("changes allowed with a signed request"),
                    "the child JVM's agent serves the control topics with the desktop's secret:\n" + output);

            AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
            Ui.page().activate(agents);
            Ui.spin(300);
            assertTrue(agents.editQosButton().isEnabled(), "Edit QoS… is offered while local agents run");
            dialog = agents.editQos();
            assertNotNull(dialog, agents.status());
            EndpointQosDialog d = dialog;
            Ui.waitUntil(Duration.ofSeconds(60), "the test's endpoints from the agents", d::loaded, d::noteText);
            List<ApplicationEntity> endpoints = d.entities();
            assertTrue(endpoints.stream().allMatch(e -> e.entity().topic().startsWith("Pother_")),
                    "only the test's endpoints, not the control topics: " + endpoints);
            ApplicationEntity writer = endpoints.stream().filter(e -> e.isWriter() && e.entity().topic().endsWith("_Ping"))
                    .findFirst().orElseThrow(() -> new AssertionError("the transceiver's ping writer: " + endpoints));
            long childPid = writer.agent().pid();
            assertTrue(la.agents().stream().anyMatch(a -> a.pid() == childPid), "a local agent process: " + childPid);
            d.select(writer);
            QosTuningEditor editor = d.editor();
            Ui.spin(300);
            // deadline is fixed at creation and not in a test's definition: locked, with the reason (history is offered by
            // re-creating the test's endpoints: EditQosRecreateTest)
            assertTrue(editor.rowTexts("deadline").get("policy").startsWith("[locked]"), editor.rowTexts("deadline").toString());
            assertEquals("0", editor.rowTexts("transport_priority").get("value"), "the Launcher's priority 0");

            int before = run.latency().size();
            editor.edit("transport_priority", "7");
            press(editor, "Preview");
            assertTrue(editor.canApply(), editor.statusText());
            long applied = System.nanoTime();
            press(editor, "Apply");
            Ui.waitUntil(Duration.ofSeconds(30), "the agent's answer", () -> !editor.isApplying(), editor::statusText);
            double confirmMs = (System.nanoTime() - applied) / 1e6; // Apply → confirmed from discovery (UI spins incl.)
            TuningOutcome out = editor.lastOutcome();
            assertTrue(out.confirmed(), editor.confirmationText());
            assertTrue(editor.confirmationText().contains("transport_priority: 0 → 7 (live, applied, confirmed from discovery)"),
                    editor.confirmationText());
            assertEquals("7", editor.rowTexts("transport_priority").get("value"));

            // the run goes on: reports keep coming from the same test after the change
            Ui.waitUntil("four more round-trip reports", () -> run.latency().size() >= before + 4
                    || run.state() != BenchmarkRun.State.RUNNING, () -> run.messages().toString());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            assertTrue(run.latency().stream().skip(before).anyMatch(p -> p.count() > 0), "round trips after the change");

            // the writer's statistics, as its agent reports them once a second, are charted beside the QoS
            var chart = d.statistics().chart();
            Ui.waitUntil(Duration.ofSeconds(20), "statistics points", () -> chart.pointCounts().getOrDefault("rexmit_bytes",
                    0) >= 3, () -> chart.pointCounts().toString());
            assertEquals(List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit"), chart.keys());
            editor.reveal("transport_priority");
            Ui.spin(1200);
            Ui.screenshot("20-edit-qos-running-test");
            System.out.println("Edit QoS: transport_priority 0 → 7 on " + writer.guid() + " in pid " + childPid
                    + ", confirmed " + String.format(java.util.Locale.ROOT, "%.1f", confirmMs) + " ms after Apply; reports "
                    + before + " → " + run.latency().size() + "; statistics "
                    + chart.pointCounts());
        } finally {
            if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
                dialog.close();
            }
            BenchmarkSession.get().stop();
            launcher.duration().setSelection(10);
            launcher.rate().setSelection(0);
        }
    }

    private static void press(Composite parent, String text) {
        Button b = find(parent, text);
        assertNotNull(b, "button " + text);
        b.notifyListeners(SWT.Selection, new Event());
    }

    private static Button find(Composite parent, String text) {
        for (var c : parent.getChildren()) {
            if (c instanceof Button b && b.getText().replace("&", "").equals(text)) {
                return b;
            }
            if (c instanceof Composite comp) {
                Button f = find(comp, text);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
