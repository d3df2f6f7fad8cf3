package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.ddstuner.agent.ui.ApplicationEntity;
import org.ddstuner.agent.ui.EndpointQosDialog;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.ui.AgentsView;
import org.ddstuner.pother.ui.BenchmarkSession;
import org.ddstuner.pother.ui.ViewIds;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.qos.ui.QosTuningEditor;
import org.ddstuner.qos.ui.Tuning;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * "Edit QoS…" beyond live policies and beyond UDP: the history depth of a running round trip is changed by redefining
 * the test (its endpoints are re-created in the local agent processes; discovery announces a new GUID with the new
 * depth; the run goes on reporting), and a run over TCP is edited live through a connection that joins the run's TCP
 * domain with its configuration. The processes are named by their Pother app id.
 */
class EditQosRecreateTest extends BenchmarksTestBase {

    @Test
    @Order(91)
    void historyDepthOfARunningLatencyTestIsChangedByReCreatingItsEndpoints() {
        BenchmarkRun run = startLatency(0);
        EndpointQosDialog dialog = null;
        try {
            dialog = openDialog(run);
            EndpointQosDialog d = dialog;
            List<ApplicationEntity> endpoints = d.entities();
            assertTrue(endpoints.stream().allMatch(e -> e.process().startsWith("Pother agent ")),
                    "processes named by their app id, not \"java (pid N)\": " + endpoints.stream()
                            .map(ApplicationEntity::process).toList());
            ApplicationEntity writer = pingWriter(endpoints);
            d.select(writer);
            QosTuningEditor editor = d.editor();
            Ui.spin(300);
            var history = editor.rowTexts("history");
            assertFalse(history.get("policy").startsWith("[locked]"), "history offered by re-creating: " + history);
            assertTrue(history.toString().contains("by re-creating the test's endpoints (peers see a new GUID; the run "
                    + "continues)"), history.toString());
            assertEquals("KEEP_LAST 1", history.get("value"), "the round trip's keep last 1");
            // deadline is not in a test's definition: still locked, with the reason
            assertTrue(editor.rowTexts("deadline").get("policy").startsWith("[locked]"), editor.rowTexts("deadline")
                    .toString());

            Guid oldGuid = writer.guid();
            int before = run.latency().size();
            editor.edit("history", "KEEP_LAST 5");
            press(editor, "Preview");
            assertTrue(editor.canApply(), editor.statusText());
            Ui.screenshot("21-edit-qos-recreate-preview");
            long applied = System.nanoTime();
            press(editor, "Apply");
            Ui.waitUntil(Duration.ofSeconds(60), "the re-created endpoint in discovery", () -> !editor.isApplying(),
                    editor::statusText);
            double confirmMs = (System.nanoTime() - applied) / 1e6;
            TuningOutcome out = editor.lastOutcome();
            assertTrue(out.confirmed(), editor.confirmationText() + "\n" + run.messages());
            assertTrue(out.recreated(), editor.confirmationText());
            assertNotEquals(oldGuid, out.newGuid(), "peers see a new GUID");
            assertEquals(out.newGuid(), writer.guid(), "the editor follows the new endpoint");
            assertTrue(editor.confirmationText().contains("history: KEEP_LAST 1 → KEEP_LAST 5 (by re-creating the entity, "
                    + "applied, confirmed from discovery)"), editor.confirmationText());
            // the new endpoint's own announcement, read from this process's discovery, carries the new depth
            Qos announced = Tuning.discovery(writer.connection()).endpoint(out.newGuid()).orElseThrow().qos();
            assertTrue(PolicyValues.holds(announced, "history", new Qos.History(Qos.HistoryKind.KEEP_LAST, 5)),
                    announced.toString());
            assertEquals("KEEP_LAST 5", editor.rowTexts("history").get("value"));

            Ui.waitUntil("four more round-trip reports", () -> run.latency().size() >= before + 4
                    || run.state() != BenchmarkRun.State.RUNNING, () -> run.messages().toString());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            assertTrue(run.latency().stream().skip(before + 2).anyMatch(p -> p.count() > 0),
                    "round trips after the re-creation: " + run.latency().stream().skip(before).toList());
            assertTrue(run.messages().toString().contains("changed while running"), run.messages().toString());
            editor.reveal("history");
            Ui.spin(1200);
            Ui.screenshot("22-edit-qos-recreated");

            // the agent addresses the new endpoint: a live change on it after the re-creation
            editor.edit("transport_priority", "3");
            press(editor, "Preview");
            press(editor, "Apply");
            Ui.waitUntil(Duration.ofSeconds(30), "the agent's answer", () -> !editor.isApplying(), editor::statusText);
            assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
            assertEquals(out.newGuid(), editor.lastOutcome().newGuid(), "live, on the re-created writer");

            // the redefinition re-created the test's other endpoints too: the transceiver's echo reader follows its new
            // GUID and shows the new depth
            ApplicationEntity reader = endpoints.stream().filter(e -> !e.isWriter() && e.entity().topic().endsWith("_Echo")
                    && e.agent().pid() == writer.agent().pid()).findFirst()
                    .orElseThrow(() -> new AssertionError("the transceiver's echo reader: " + endpoints));
            Guid readerBefore = reader.guid();
            d.select(reader);
            Ui.waitUntil(Duration.ofSeconds(20), "the echo reader's new depth", () -> {
                d.select(writer);
                d.select(reader);
                return editor.rowTexts("history").get("value").equals("KEEP_LAST 5");
            }, () -> editor.rowTexts("history") + " " + reader.guid());
            assertNotEquals(readerBefore, reader.guid(), "the reader was re-created too");
            // the charts go on, with a mark where the test was redefined
            d.close();
            Ui.page().activate(charts);
            Ui.waitUntil("the redefinition marked on the charts", () -> !charts.charts().redefinitionMarks().isEmpty(),
                    () -> run.messages().toString());
            Ui.spin(1500);
            Ui.screenshot("24-charts-redefined");
            System.out.println("Edit QoS by re-creating: history KEEP_LAST 1 → 5 on " + oldGuid + " → " + out.newGuid()
                    + ", confirmed " + String.format(java.util.Locale.ROOT, "%.1f", confirmMs) + " ms after Apply; reports "
                    + before + " → " + run.latency().size());
        } finally {
            close(dialog);
        }
    }

    @Test
    @Order(92)
    void aTcpRunIsEditedLive() {
        BenchmarkRun run = startLatency(1);
        EndpointQosDialog dialog = null;
        try {
            assertEquals(RunDefinition.Transport.TCP, run.definition().transport());
            dialog = openDialog(run);
            EndpointQosDialog d = dialog;
            assertTrue(d.getShell().getText().contains("tcp"), d.getShell().getText());
            ApplicationEntity writer = pingWriter(d.entities());
            d.select(writer);
            QosTuningEditor editor = d.editor();
            Ui.spin(300);
            int before = run.latency().size();
            editor.edit("transport_priority", "9");
            press(editor, "Preview");
            assertTrue(editor.canApply(), editor.statusText());
            press(editor, "Apply");
            Ui.waitUntil(Duration.ofSeconds(30), "the agent's answer", () -> !editor.isApplying(), editor::statusText);
            assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
            assertFalse(editor.lastOutcome().recreated(), "live: the same endpoint");
            assertTrue(editor.confirmationText().contains("transport_priority: 0 → 9 (live, applied, confirmed from "
                    + "discovery)"), editor.confirmationText());
            Ui.waitUntil("four more round-trip reports", () -> run.latency().size() >= before + 4
                    || run.state() != BenchmarkRun.State.RUNNING, () -> run.messages().toString());
            assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
            editor.reveal("transport_priority");
            Ui.spin(1200);
            Ui.screenshot("23-edit-qos-tcp-run");
        } finally {
            close(dialog);
        }
    }

    /** A round trip on the local agents over UDP (0) or TCP (1), running with three reports in. */
    private static BenchmarkRun startLatency(int transport) {
        launcher.target().select(0); // local agent processes
        launcher.kind().select(RunDefinition.Kind.LATENCY.ordinal());
        launcher.kind().notifyListeners(SWT.Selection, new Event());
        launcher.transport().select(transport);
        launcher.sizes().setText("64");
        launcher.rate().setSelection(200);
        launcher.duration().setSelection(120);
        launcher.period().setSelection(250);
        launcher.startButton().notifyListeners(SWT.Selection, new Event());
        BenchmarkRun run = BenchmarkSession.get().current();
        assertNotNull(run, "Start created a run: " + launcher.status());
        Ui.waitUntil(Duration.ofSeconds(120), "three round-trip reports", () -> run.latency().size() >= 3
                || run.state() != BenchmarkRun.State.RUNNING, () -> launcher.status() + " " + run.messages());
        assertEquals(BenchmarkRun.State.RUNNING, run.state(), run.endMessage() + " " + run.messages());
        return run;
    }

    private static EndpointQosDialog openDialog(BenchmarkRun run) {
        AgentsView agents = Ui.view(ViewIds.AGENTS, AgentsView.class);
        Ui.page().activate(agents);
        Ui.spin(300);
        assertTrue(agents.editQosButton().isEnabled(), "Edit QoS… is offered while local agents run");
        EndpointQosDialog d = agents.editQos();
        assertNotNull(d, agents.status());
        Ui.waitUntil(Duration.ofSeconds(60), "the test's endpoints from the agents", d::loaded, d::noteText);
        return d;
    }

    private static ApplicationEntity pingWriter(List<ApplicationEntity> endpoints) {
        return endpoints.stream().filter(e -> e.isWriter() && e.entity().topic().endsWith("_Ping")).findFirst()
                .orElseThrow(() -> new AssertionError("the transceiver's ping writer: " + endpoints));
    }

    private static void close(EndpointQosDialog dialog) {
        if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
            dialog.close();
        }
        BenchmarkSession.get().stop();
        Ui.waitUntil("the run to end", () -> !BenchmarkSession.get().isRunning(), launcher::status);
        launcher.duration().setSelection(10);
        launcher.rate().setSelection(0);
        launcher.transport().select(0);
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
