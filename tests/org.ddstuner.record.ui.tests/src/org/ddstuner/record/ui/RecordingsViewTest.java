package org.ddstuner.record.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.ddstuner.testsupport.ui.ViewsUi;
import org.junit.jupiter.api.Test;

/**
 * The product's workbench on the in-process demo (domain 77, loopback, private namespace): the Recordings view
 * records the demo's SensorReadings and Tracks while they run, shows the counts growing, stops, lists the file as
 * done, and the file holds what the row says; "Open in Reader View" shows its samples decoded with the
 * recording's schema. Screenshots: recordings-running.png, recordings-done.png, recordings-reader.png.
 */
class RecordingsViewTest {

    @Test
    void recordsTheDemosTopicsAndListsTheFile() throws Exception {
        List<String> errors = WorkbenchUi.collectLoggedErrors();
        NetNs.requireIsolated();
        WorkbenchUi.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        RecordingsView view = WorkbenchUi.view(RecordingsView.ID, RecordingsView.class);
        RecordingsComposite ui = view.composite();
        // the view opens stacked under the Topics view: give it the window for the screenshots
        WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(view),
                org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        Path dir = Files.createTempDirectory("recordings");
        ui.setFolder(dir);
        String demo = LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst().orElseThrow()
                .label();
        WorkbenchUi.waitUntil("the demo's SensorReadings writer in the topic list", () -> ui.selectConnection(demo)
                && ui.checkTopic("SensorReadings"), ui::statusText);
        ViewsUi.press(ui, Messages.START);
        WorkbenchUi.waitUntil("a running recording with samples", () -> ui.isRecording() && !ui.rowTexts().isEmpty()
                && ui.rowTexts().getFirst().contains("| " + Messages.RECORDING + " |") && messages(ui) >= 20,
                () -> ui.statusText() + "\n" + ui.rowTexts());
        // chunks reach the file while it records (at least every second), not only at the end
        WorkbenchUi.waitUntil("chunks written while recording", () -> ui.rowTexts().getFirst().matches(
                ".*\\| [0-9.]+ kB \\|.*") && kilobytes(ui) > 8, () -> ui.rowTexts().toString());
        String runningRow = ui.rowTexts().getFirst();
        assertTrue(runningRow.contains("SensorReadings"), runningRow);
        WorkbenchUi.screenshot("recordings-running");
        ViewsUi.press(ui, Messages.STOP);
        WorkbenchUi.waitUntil("the recording done", () -> !ui.isRecording() && ui.rowTexts().getFirst().contains(
                "| " + Messages.DONE + " |"), () -> ui.statusText() + "\n" + ui.rowTexts());
        WorkbenchUi.spin(300);
        WorkbenchUi.screenshot("recordings-done");
        String row = ui.rowTexts().getFirst();
        long shown = messages(ui);
        assertTrue(shown >= 20, row);
        assertTrue(ui.statusText().contains("dropped 0"), ui.statusText());
        Path file;
        try (var files = Files.list(dir)) {
            file = files.filter(p -> p.toString().endsWith(".mcap")).findFirst().orElseThrow();
        }
        assertTrue(row.startsWith(file.getFileName().toString()), row);
        try (McapReader r = McapReader.open(file)) {
            assertEquals(List.of(), r.notes());
            assertEquals(shown, r.summaryMessageCount(), row);
            assertTrue(r.channels().values().stream().allMatch(c -> c.topic().equals("SensorReadings")));
            assertEquals("omgidl", r.schemas().values().iterator().next().encoding());
        }
        openedInTheReaderView(ui, shown);
        assertEquals(List.of(), errors, "errors logged");
    }

    /** "Open in Reader View": the recorded samples, decoded with the recording's schema, in a read-only Reader view. */
    private static void openedInTheReaderView(RecordingsComposite ui, long shown) {
        ui.openInReader(0, "SensorReadings");
        org.ddstuner.samples.ui.reader.ReaderView[] reader = new org.ddstuner.samples.ui.reader.ReaderView[1];
        WorkbenchUi.waitUntil("a Reader view on the recording", () -> {
            for (var ref : WorkbenchUi.page().getViewReferences()) {
                if (ref.getId().equals(org.ddstuner.samples.ui.SamplesIds.READER_VIEW) && ref.getSecondaryId() != null
                        && ref.getSecondaryId().startsWith("recording/")
                        && ref.getView(false) instanceof org.ddstuner.samples.ui.reader.ReaderView v
                        && v.showsRecording()) {
                    reader[0] = v;
                    return v.rowCount() > 0;
                }
            }
            return false;
        }, ui::statusText);
        var v = reader[0];
        assertEquals(shown, v.rowCount(), "every recorded sample: " + ui.statusText());
        assertEquals(null, v.session(), "no reader: the samples come from the file");
        v.selectRow(0);
        var sample = v.shownSamples().get(0);
        assertTrue(sample.decoded(), "decoded with the recording's schema: " + sample);
        assertTrue(sample.value() instanceof java.util.Map<?, ?> m && !m.isEmpty(), String.valueOf(sample.value()));
        assertTrue(sample.writer() != null, "the channel's writer GUID");
        assertTrue(v.getContentDescription().contains("read-only"), v.getContentDescription());
        WorkbenchUi.page().activate(v);
        WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(v), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchUi.spin(300);
        WorkbenchUi.screenshot("recordings-reader");
        WorkbenchUi.page().setPartState(WorkbenchUi.page().getReference(v), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
    }

    private static long messages(RecordingsComposite ui) {
        String[] cells = ui.rowTexts().getFirst().split(" \\| ");
        return cells.length > 3 && !cells[3].isEmpty() ? Long.parseLong(cells[3]) : 0;
    }

    private static double kilobytes(RecordingsComposite ui) {
        String[] cells = ui.rowTexts().getFirst().split(" \\| ");
        return Double.parseDouble(cells[5].replace(" kB", "").replace(" MB", "000"));
    }
}
