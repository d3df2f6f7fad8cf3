package org.ddstuner.plot.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.plot.PlotCsv;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.ui.PlotView;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The product's workbench on its Local demo (domain 77, 4 sensors at 10 Hz, 3 tracks at 5 Hz): Reader views on
 * SensorReadings and Tracks; "Plot" from the first one's details menu plots {@code value}, "Add Field…" in the Plot
 * view adds the nested {@code position.x} of Tracks to the same chart; the axis switches between time and sample
 * number; PNG, SVG and CSV exports are valid and the CSV holds the values the readers received; redraws stay at
 * 10 a second at most; removing a series leaves the other.
 */
class PlotViewTest {

    private static final List<String> loggedErrors = Ui.collectLoggedErrors();

    @AfterAll
    static void closeViews() {
        for (IWorkbenchPartReference r : Ui.page().getViewReferences()) {
            if (r.getId().equals(ReaderView.ID) || r.getId().equals(PlotView.ID)) {
                Ui.page().hideView((org.eclipse.ui.IViewReference) r);
            }
        }
    }

    private static LiveConnection demo() {
        Ui.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        return LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst().orElseThrow();
    }

    private static ReaderView openReader(TopicsView topics, LiveConnection demo, String topic) {
        Ui.waitUntil("the demo's " + topic + " writer", () -> demo.connection().model().snapshot(true).endpoints()
                .stream().anyMatch(e -> e.alive() && !e.isReader() && e.topicName().equals(topic)),
                () -> demo.snapshot().endpoints().toString());
        ReaderView v = TopicsTree.readSamples(topics, demo, topic, shell -> { }).view();
        Ui.waitUntil(topic + " samples", () -> v.rowCount() >= 2, v.panel()::countersText);
        return v;
    }

    private static TreeItem find(TreeItem parent, String text) {
        for (TreeItem i : parent.getItems()) {
            if (i.getText(0).equals(text)) {
                return i;
            }
        }
        throw new AssertionError("no row " + text + " under " + parent.getText(0));
    }

    @Test
    void plotTwoFieldsOfTwoTopicsSwitchTheAxisAndExport() throws Exception {
        LiveConnection demo = demo();
        TopicsView topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        ReaderView sensors = openReader(topics, demo, "SensorReadings");
        ReaderView tracks = openReader(topics, demo, "Tracks");

        // "Plot" from the SensorReadings view's details menu on its "value" row
        Ui.page().activate(sensors);
        sensors.selectRow(0);
        Tree details = sensors.panel().detailsTree();
        TreeItem value = find(details.getItem(0), "value");
        String sensorId = find(details.getItem(0), "sensor_id").getText(1);
        details.setSelection(value);
        Menu menu = details.getMenu();
        assertNotNull(menu, "the details tree has a context menu");
        menu.notifyListeners(SWT.Show, new Event());
        MenuItem plotItem = null;
        List<String> items = new ArrayList<>();
        for (MenuItem i : menu.getItems()) {
            items.add(i.getText());
            if (i.getText().replace("&", "").equals("Plot")) {
                plotItem = i;
            }
        }
        assertNotNull(plotItem, "Plot in the details menu: " + items);
        plotItem.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
        var ref = Ui.page().findViewReference(PlotView.ID);
        assertNotNull(ref, "Plot opened the Plot view");
        PlotView plot = (PlotView) ref.getView(true);
        assertEquals(1, plot.series().size(), plot.status());
        PlotSeries sv = plot.series().get(0);
        assertEquals("SensorReadings \u00b7 value [sensor_id=" + sensorId + "]", sv.id(), "the selected sample's sensor");

        // a row that is not a number is refused with the reason
        details.setSelection(find(details.getItem(0), "unit"));
        assertTrue(!plot.plot(sensors.panel().selectedField()), "a string does not plot");
        assertTrue(plot.status().contains("\"unit\" is not a number"), plot.status());

        // Add Field… with a field of the other topic (a nested member), one of its instances
        java.util.concurrent.atomic.AtomicReference<Throwable> dialogFailure = new java.util.concurrent.atomic.AtomicReference<>();
        Ui.whenShellOpens("Add a Field to the Plot", shell -> {
          try {
            Combo reader = Ui.find(shell, Combo.class, c -> c.getItemCount() > 0 && c.getItem(0).contains("\u2014"));
            reader.select(indexOf(reader, "Tracks"));
            reader.notifyListeners(SWT.Selection, new Event());
            Combo field = Ui.find(shell, Combo.class, c -> List.of(c.getItems()).contains("position.x"));
            field.select(indexOf(field, "position.x"));
            Combo instance = Ui.find(shell, Combo.class, c -> c.getItemCount() > 0
                    && c.getItem(0).startsWith("all instances"));
            instance.select(indexOf(instance, "track_id=1"));
            Ui.screenshot("05-add-field-dialog");
            Ui.press(shell, "OK");
          } catch (RuntimeException | AssertionError e) {
            dialogFailure.set(e); // close the dialog, or the test would wait on it for ever
            shell.close();
          }
        });
        plot.addFieldDialog();
        if (dialogFailure.get() != null) {
            throw new AssertionError("in the Add Field dialog", dialogFailure.get());
        }
        assertEquals(List.of(sv.id(), "Tracks \u00b7 position.x [track_id=1]"),
                plot.series().stream().map(PlotSeries::id).toList(), plot.status());
        PlotSeries tx = plot.series().get(1);
        Ui.waitUntil("points of both series", () -> sv.ring().size() >= 10 && tx.ring().size() >= 10,
                () -> plot.series().toString());

        // throttled: at most 10 redraws a second while both topics keep coming
        long r0 = plot.redraws();
        long t0 = System.nanoTime();
        Ui.spin(3000);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long redraws = plot.redraws() - r0;
        assertTrue(redraws >= 1 && redraws <= 10 * seconds + 1, redraws + " redraws in " + seconds + " s");
        shots("10-plot-time-axis", plot);
        double[] timeRange = plot.xRange();
        assertTrue(timeRange[0] > 1.6e12, "x in epoch milliseconds: " + timeRange[0]);

        plot.showSampleIndex(true);
        Ui.spin(300);
        double[] indexRange = plot.xRange();
        assertTrue(indexRange[0] >= -1 && indexRange[1] < 1e6, "x in sample numbers: " + indexRange[1]);
        shots("11-plot-sample-axis", plot);

        // exports
        Path dir = Files.createTempDirectory("plot-export");
        Path png = dir.resolve("plot.png");
        Path svg = dir.resolve("plot.svg");
        Path csv = dir.resolve("plot.csv");
        assertTrue(plot.export("PNG", png), plot.status());
        assertTrue(plot.export("SVG", svg), plot.status());
        assertTrue(plot.export("CSV", csv), plot.status());
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "a PNG ImageIO reads");
        assertTrue(img.getWidth() >= 800 && img.getHeight() >= 500, img.getWidth() + "x" + img.getHeight());
        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        // the SVG names the W3C DTD: never fetch it (no network here, and none wanted)
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        var doc = xml.newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName());
        String svgText = Files.readString(svg);
        assertTrue(svgText.contains("SensorReadings \u00b7 value") && svgText.contains("Tracks \u00b7 position.x"),
                "legend in the SVG");
        assertTrue(svgText.contains("<path") || svgText.contains("<polyline") || svgText.contains("<line"),
                "lines in the SVG");
        assertCsvHoldsWhatTheReadersGot(csv, sensors, tracks);
        Files.copy(png, Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"), "20-export.png"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(svg, Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"), "20-export.svg"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        // remove the first series in the table: the other stays
        var table = plot.panel().seriesTable();
        Ui.waitUntil("two rows", () -> table.getItemCount() == 2, () -> "" + table.getItemCount());
        table.setSelection(0);
        Ui.press(plot.panel(), "Remove");
        assertEquals(List.of(tx.id()), plot.series().stream().map(PlotSeries::id).toList());
        Ui.spin(300);
        assertEquals(1, plot.drawnPoints().size());
        shots("12-plot-one-removed", plot);
        assertEquals(List.of(), loggedErrors);
    }

    /** Every CSV row is a sample the reader holds: same reception time (µs) and the field's value. */
    private static void assertCsvHoldsWhatTheReadersGot(Path csv, ReaderView sensors, ReaderView tracks)
            throws Exception {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(PlotCsv.HEADER, lines.get(0));
        Map<String, Map<Long, java.util.Set<Double>>> held = new HashMap<>();
        held.put("value", byTime(sensors.session().samples(), "value"));
        held.put("position.x", byTime(tracks.session().samples(), "position.x"));
        int checked = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Instant t = Instant.parse(f[4]);
            long us = t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
            var want = held.get(f[2]).get(us);
            if (want != null) { // the reader's ring may have moved on past the oldest plotted points
                assertTrue(want.contains(Double.parseDouble(f[5])), line + " in " + want);
                checked++;
            }
        }
        assertTrue(checked >= 20, checked + " CSV rows checked of " + (lines.size() - 1));
    }

    /** The field's values by reception time (µs): samples of several instances may share one. */
    private static Map<Long, java.util.Set<Double>> byTime(List<ReceivedSample> samples, String path) {
        Map<Long, java.util.Set<Double>> out = new HashMap<>();
        for (ReceivedSample s : samples) {
            if (s.field(path) instanceof Number n) {
                out.computeIfAbsent(s.receivedAt().getEpochSecond() * 1_000_000L + s.receivedAt().getNano() / 1000,
                        k -> new java.util.HashSet<>()).add(n.doubleValue());
            }
        }
        return out;
    }

    private static int indexOf(Combo c, String prefix) {
        for (int i = 0; i < c.getItemCount(); i++) {
            if (c.getItem(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no " + prefix + " in " + List.of(c.getItems()));
    }

    private static void shots(String name, IViewPart view) {
        Ui.page().activate(view);
        Ui.spin(300);
        Ui.screenshot(name);
        IWorkbenchPartReference ref = Ui.page().getReference(view);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(400);
        Ui.screenshot(name + "-maximized");
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        Ui.spin(200);
    }
}
