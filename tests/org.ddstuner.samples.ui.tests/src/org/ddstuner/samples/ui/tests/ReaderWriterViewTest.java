package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.samples.RepeatJob;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TopicViewState;
import org.ddstuner.samples.ui.reader.ReaderPanel;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.samples.ui.writer.EditNode;
import org.ddstuner.samples.ui.writer.LeafNode;
import org.ddstuner.samples.ui.writer.SequenceNode;
import org.ddstuner.samples.ui.writer.UnionNode;
import org.ddstuner.samples.ui.writer.WriterView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The product's workbench with a foreign Cyclone DDS 11 Python peer publishing tuner::RichReading on
 * RichData (partition "rich"; @mutable with @optional members, a union, an array, a bounded string, a
 * sequence of structs): "Read Samples…" in the Topics view opens the Reader view, whose table shows the
 * values the peer wrote; "Inject…" opens the Writer view with the selected sample, an invalid field writes
 * nothing, a confirmed write reaches both the Reader view and the peer. Domain 166. Then the in-process demo
 * (domain 77): a Reader view on SensorReadings decodes with the demo's own types, a sample injected from it shows
 * up in it, and unregistering it (autodispose off) leaves the instance NOT_ALIVE_NO_WRITERS.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReaderWriterViewTest {

    private static final int DOMAIN = 166;
    private static final String TOPIC = "RichData";

    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static List<String> loggedErrors;
    private static PeerProcess peer;
    private static LiveConnection connection;
    private static TopicsView topics;

    @BeforeAll
    static void startPeerAndConnect() {
        loggedErrors = Ui.collectLoggedErrors();
        NetNs.requireIsolated();
        Peers.requireAvailable();
        peer = Peers.start("cyclone_peer", DOMAIN, "--name", "rich_peer", "--rich", "--period-ms", "250");
        toClose.add(peer);
        connection = Ui.connectLoopback("Rich peer", DOMAIN, toClose);
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
    }

    @AfterAll
    static void closeAll() throws Exception {
        for (IWorkbenchPartReference r : Ui.page().getViewReferences()) {
            if (r.getId().equals(ReaderView.ID) || r.getId().equals(WriterView.ID)) {
                Ui.page().hideView((org.eclipse.ui.IViewReference) r);
            }
        }
        Ui.closeAll(toClose);
    }

    private static TopicTarget target() {
        return new TopicTarget(connection, TOPIC, null);
    }

    private static ReaderView reader() {
        var ref = Ui.page().findViewReference(ReaderView.ID, target().secondaryId());
        return ref == null ? null : (ReaderView) ref.getView(true);
    }

    private static WriterView writer() {
        var ref = Ui.page().findViewReference(WriterView.ID, target().secondaryId());
        return ref == null ? null : (WriterView) ref.getView(true);
    }

    @Test
    @Order(10)
    void readSamplesShowsThePeersValuesInTheTable() {
        awaitWriterAndReader();
        AtomicReference<String> partitions = new AtomicReference<>();
        TopicsTree.Opened opened = TopicsTree.readSamples(topics, connection, TOPIC, shell -> partitions.set(
                Ui.find(shell, org.eclipse.swt.widgets.Text.class,
                        t -> t.getMessage() != null && t.getMessage().startsWith("comma-separated")).getText()));
        String dialogText = opened.dialogText();
        assertTrue(dialogText.contains("Type tuner::RichReading — source: over the wire (XTypes TypeLookup)"),
                dialogText);
        assertTrue(dialogText.contains("\u2714 over the wire (XTypes TypeLookup): learned tuner::RichReading"),
                dialogText);
        assertEquals("rich", partitions.get(), "the reader joins the writer's partition");

        ReaderView view = opened.view();
        assertEquals(view, reader(), "the Reader view of RichData opened");
        assertEquals("Reader: RichData", view.getPartName());
        assertEquals("tuner::RichReading · source: over the wire (XTypes TypeLookup) · Rich peer (domain 166) · in "
                + "'rich' · take mode", view.getContentDescription());
        ReaderPanel p = view.panel();
        Ui.waitUntil("samples of both instances", () -> view.rowCount() >= 4, p::countersText);
        List<String> headers = p.headers();
        for (String h : List.of("#", "Received", "Source time", "Latency µs", "Writer", "Instance", "Sample", "View",
                "id (key)", "name", "mode", "points", "matrix[0]", "matrix[2]", "shape", "meta.seq", "meta.source",
                "note", "limit")) {
            assertTrue(headers.contains(h), h + " in " + headers);
        }
        view.showLatestPerInstance(true);
        Ui.spin(300);
        assertEquals(2, view.rowCount(), "two instances: " + p.countersText());
        int alpha = p.cell(0, "id (key)").equals("1") ? 0 : 1;
        int beta = 1 - alpha;
        assertEquals("1", p.cell(alpha, "id (key)"));
        assertEquals("alpha", p.cell(alpha, "name"));
        assertEquals("RUN", p.cell(alpha, "mode"));
        assertEquals("[{x=1.0, y=2.0}, {x=3.0, y=4.0}]", p.cell(alpha, "points"));
        assertEquals("1", p.cell(alpha, "matrix[0]"));
        assertEquals("-2", p.cell(alpha, "matrix[1]"));
        assertEquals("3", p.cell(alpha, "matrix[2]"));
        assertEquals("radius=2.5", p.cell(alpha, "shape"));
        assertEquals("peer", p.cell(alpha, "meta.source"));
        assertEquals("hello", p.cell(alpha, "note"));
        assertEquals("", p.cell(alpha, "limit"));
        assertEquals("ALIVE", p.cell(alpha, "Instance"));
        assertEquals("beta", p.cell(beta, "name"));
        assertEquals("FAULT", p.cell(beta, "mode"));
        assertEquals("label=tag", p.cell(beta, "shape"));
        assertEquals("9.5", p.cell(beta, "limit"));
        assertEquals("[]", p.cell(beta, "points"));
        assertTrue(p.cell(alpha, "Writer").length() > 20, "the writer's GUID: " + p.cell(alpha, "Writer"));
        assertTrue(p.countersText().contains("matched writers 1"), p.countersText());
        assertTrue(p.countersText().contains("decode errors 0"), p.countersText());

        view.selectRow(alpha);
        List<String> details = p.detailLines();
        for (String line : List.of("Sample = ", "  name = \"alpha\"", "  mode = RUN (1)", "  points = 2 elements",
                "    [1] = ", "      x = 3.0", "  shape = radius  (discriminator 1)", "    radius = 2.5",
                "  meta = ", "    source = \"peer\"", "  limit = (not set)", "Sample info = ")) {
            assertTrue(details.contains(line) || details.stream().anyMatch(l -> l.startsWith(line) && line.endsWith("= ")),
                    "'" + line + "' in\n" + String.join("\n", details));
        }
        shots("40-reader-view", view);
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(20)
    void filterExportAndPause() throws Exception {
        ReaderView view = reader();
        ReaderPanel p = view.panel();
        view.showLatestPerInstance(false);
        p.filterField().setText("id == ");
        Ui.spin(50);
        assertTrue(p.filterErrorText().startsWith("\u26a0 column 7: "), p.filterErrorText());
        p.filterField().setText("id == 2 && shape.label == \"tag\"");
        Ui.spin(50);
        assertEquals("", p.filterErrorText());
        Ui.waitUntil("only beta rows", () -> view.rowCount() > 0 && allRows(p, "name", "beta"), p::countersText);

        Path dir = Files.createTempDirectory("reader-export");
        Path csv = dir.resolve("rich.csv");
        Path json = dir.resolve("rich.json");
        view.exportCsv(csv, false);
        view.exportJson(json, false);
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertTrue(lines.get(0).startsWith("@seq,@received,@source_timestamp,"), lines.get(0));
        assertTrue(lines.get(0).contains(",id,name,mode,"), lines.get(0));
        assertTrue(lines.size() >= 2, lines.toString());
        assertTrue(lines.get(1).contains(",2,beta,FAULT,"), lines.get(1));
        String js = Files.readString(json, StandardCharsets.UTF_8);
        assertTrue(js.contains("\"name\":\"beta\""), js);
        assertFalse(js.contains("alpha"), js);

        view.setPaused(true);
        Ui.spin(600);
        long before = view.session().stats().retained();
        Ui.spin(800);
        assertEquals(before, view.session().stats().retained(), "paused: nothing is kept");
        Ui.waitUntil("samples discarded while paused", () -> view.session().stats().pausedDiscarded() > 0,
                p::countersText);
        view.setPaused(false);
        p.filterField().setText("");
        Ui.spin(50);
    }

    @Test
    @Order(30)
    void injectAnEditedSampleInvalidInputWritesNothingAndAConfirmedWriteArrives() {
        ReaderView view = reader();
        ReaderPanel p = view.panel();
        view.showLatestPerInstance(true);
        Ui.waitUntil("two instances", () -> view.rowCount() == 2, p::countersText);
        view.selectRow(p.cell(0, "name").equals("alpha") ? 0 : 1);
        WriterView w = view.inject();
        assertNotNull(w, "Inject… opened the Writer view");
        assertEquals("Writer: RichData", w.getPartName());

        // prefilled with the selected sample; the editor follows the type
        assertEquals("alpha", ((LeafNode) w.editor().node("name")).text());
        assertEquals("1", ((LeafNode) w.editor().node("id")).text());
        assertTrue(w.editor().node("id").key(), "id is marked as the key");
        assertEquals("@key long", w.editor().node("id").typeText());
        assertEquals("string<16>", w.editor().node("name").typeText());
        assertEquals(List.of("IDLE", "RUN", "FAULT"), ((LeafNode) w.editor().node("mode")).choices());
        UnionNode shape = (UnionNode) w.editor().node("shape");
        assertEquals("radius", shape.chosen());
        assertEquals(List.of("radius (case 1)", "label (case 2)", "no member (discriminator 0)"), shape.choices(),
                "branches by member name and case label");
        assertEquals("radius (case 1)", shape.valueText());
        assertTrue(w.editor().node("note").present() && w.editor().node("note").optional());
        assertFalse(w.editor().node("limit").present(), "limit was not set in the sample");
        assertEquals(2, w.editor().node("points").children().size());
        assertEquals(List.of("rich"), w.qosEditor().result().partitions());

        // an invalid field: the error shows at the field, nothing is written, nothing is asked
        w.editor().edit("name", "a name longer than sixteen");
        w.editor().edit("meta.seq", "-1");
        EditNode name = w.editor().node("name");
        assertEquals("longer than the bound: 26 characters, at most 16", name.error());
        TreeItem nameRow = treeItem(w.editor().viewer().getTree().getItems(), "name");
        assertEquals("\u26a0 longer than the bound: 26 characters, at most 16", nameRow.getText(4));
        assertEquals(SWT.COLOR_RED, colorId(nameRow.getForeground(2)));
        assertTrue(w.editor().node("meta.seq").error().startsWith("-1 is out of the range of unsigned long"),
                w.editor().node("meta.seq").error());
        assertFalse(w.writeSample());
        assertEquals("\u26a0 Nothing was written: name — longer than the bound: 26 characters, at most 16", w.status());
        assertNull(w.session(), "no writer was created");
        shots("50-writer-invalid-input", w);

        // a valid sample: id 100, another branch of the union, an element added, an optional member set
        w.editor().edit("name", "injected");
        w.editor().edit("meta.seq", "7");
        w.editor().edit("id", "100");
        w.editor().edit("mode", "IDLE");
        w.editor().chooseBranch("shape", "label (case 2)");
        assertEquals(2L, ((UnionNode) w.editor().node("shape")).discriminator(), "the discriminator follows the choice");
        w.editor().edit("shape.label", "from-tuner");
        w.editor().select(w.editor().node("points[1]"));
        assertTrue(w.editor().addElement());
        w.editor().edit("points[2].x", "5");
        w.editor().edit("points[2].y", "6.5");
        w.editor().setPresent("limit", true);
        w.editor().edit("limit", "1.25");
        w.editor().setPresent("note", false);
        assertEquals(List.of(), w.editor().invalid());
        assertEquals(3, ((SequenceNode) w.editor().node("points")).children().size());

        AtomicReference<String> confirmText = new AtomicReference<>();
        Ui.whenShellOpens("Write into a live system?", shell -> {
            confirmText.set(Ui.texts(shell));
            Ui.press(shell, "Write into the system");
        });
        assertTrue(w.writeSample(), w.status());
        assertNotNull(confirmText.get(), "writing was confirmed in a dialog");
        assertTrue(confirmText.get().contains("samples of tuner::RichReading into topic 'RichData' on DDS domain "
                + DOMAIN + " (connection 'Rich peer'), in 'rich'."), confirmText.get());
        assertTrue(w.status().startsWith("Wrote one sample to RichData (XCDR2)"), w.status());

        // the Reader view shows exactly that sample; the peer received it too
        p.filterField().setText("id == 100");
        Ui.waitUntil("the injected sample in the Reader view", () -> view.rowCount() == 1, p::countersText);
        assertEquals("injected", p.cell(0, "name"));
        assertEquals("IDLE", p.cell(0, "mode"));
        assertEquals("[{x=1.0, y=2.0}, {x=3.0, y=4.0}, {x=5.0, y=6.5}]", p.cell(0, "points"));
        assertEquals("label=from-tuner", p.cell(0, "shape"));
        assertEquals("7", p.cell(0, "meta.seq"));
        assertEquals("", p.cell(0, "note"));
        assertEquals("1.25", p.cell(0, "limit"));
        Ui.waitUntil("the peer echoes the injected sample", () -> peer.stdout().contains(
                "ECHO RichData RichReading(id=100, name='injected', mode=<Mode.IDLE: 0>, points=[Point2(x=1.0, y=2.0), "
                        + "Point2(x=3.0, y=4.0), Point2(x=5.0, y=6.5)]"), peer::stdout);

        // write N at a rate: no second confirmation, every sample arrives
        w.editor().edit("meta.seq", "8");
        RepeatJob job = w.startRepeat(5, 50);
        assertNotNull(job, w.status());
        Ui.waitUntil("5 samples written", () -> !job.isRunning(), w::status);
        assertEquals(5, job.written());
        view.showLatestPerInstance(false);
        p.filterField().setText("id == 100 && meta.seq == 8");
        Ui.waitUntil("the 5 repeated samples in the Reader view", () -> view.rowCount() == 5, p::countersText);
        Ui.spin(300);
        assertEquals("Wrote 5 samples.", w.status());

        // dispose: the reader sees the instance disposed
        assertTrue(w.disposeInstance(), w.status());
        p.filterField().setText("@instance_state == \"NOT_ALIVE_DISPOSED\"");
        Ui.waitUntil("the disposed instance", () -> view.rowCount() >= 1, p::countersText);
        p.filterField().setText("");
        assertEquals(List.of(), loggedErrors);
    }

    @Test
    @Order(35)
    void templatesAndJsonImportFillTheEditor() throws Exception {
        WriterView w = writer();
        w.editor().edit("name", "tmpl");
        assertTrue(w.panel().saveTemplate("ui test"), w.status());
        assertTrue(w.panel().templateNames().contains("ui test"), w.panel().templateNames().toString());
        w.editor().edit("name", "other");
        assertTrue(w.panel().loadTemplate("ui test"), w.status());
        assertEquals("tmpl", ((LeafNode) w.editor().node("name")).text());

        // a sample exported from the Reader view imports back into the editor
        ReaderView view = reader();
        ReaderPanel p = view.panel();
        view.showLatestPerInstance(true);
        p.filterField().setText("id == 2");
        Ui.waitUntil("beta alone", () -> view.rowCount() == 1 && p.cell(0, "name").equals("beta"), p::countersText);
        view.selectRow(0);
        Path json = Files.createTempFile("beta", ".json");
        view.exportJson(json, true);
        assertTrue(w.importJson(json), w.status());
        assertEquals("beta", ((LeafNode) w.editor().node("name")).text());
        assertEquals("label", ((UnionNode) w.editor().node("shape")).chosen());
        assertEquals("9.5", ((LeafNode) w.editor().node("limit")).text());
        assertTrue(w.status().startsWith("Imported the first of 1 sample(s) from "), w.status());
        assertFalse(w.importJsonText("{\"id\": \"x\"}", "bad.json"));
        assertTrue(w.status().startsWith("\u26a0 Cannot import bad.json: at $.id: "), w.status());
        p.filterField().setText("");
    }

    @Test
    @Order(40)
    void screenshotsOfTheEditorAndTheReaderWithDetails() {
        WriterView w = writer();
        w.editor().viewer().expandAll();
        Ui.page().activate(w);
        Ui.spin(200);
        // in the default layout the QoS pane shows the Reliability row up to its "max blocking (ms)" label
        org.eclipse.swt.widgets.Label blocking = Ui.find(w.qosEditor(), org.eclipse.swt.widgets.Label.class,
                l -> l.getText().equals("max blocking (ms)"));
        assertNotNull(blocking, "the max blocking label");
        org.eclipse.swt.widgets.Composite scroll = blocking.getParent();
        while (!(scroll instanceof org.eclipse.swt.custom.ScrolledComposite)) {
            scroll = scroll.getParent();
        }
        int labelRight = blocking.toDisplay(blocking.getSize().x, 0).x;
        int paneRight = scroll.toDisplay(scroll.getClientArea().width, 0).x;
        assertTrue(labelRight <= paneRight, "max blocking (ms) ends at " + labelRight + ", the QoS pane at " + paneRight);
        shots("60-writer-editor", w);
        ReaderView view = reader();
        view.showLatestPerInstance(true);
        Ui.spin(400);
        view.selectRow(0);
        shots("61-reader-details", view);
    }

    @Test
    @Order(45)
    void theDetailsPaneGetsRoomInTheDefaultLayout() {
        ReaderView view = reader();
        Ui.page().activate(view);
        Ui.spin(200);
        ReaderPanel p = view.panel();
        org.eclipse.swt.graphics.Point size = p.table().getParent().getSize();
        int expected = size.x > size.y * 3 / 2 ? SWT.HORIZONTAL : SWT.VERTICAL;
        assertEquals(expected, p.detailsOrientation(), "details beside the table in a wide view, below in a tall one: "
                + size);
        int[] w = p.sashWeights();
        double detailsShare = w[1] / (double) (w[0] + w[1]);
        if (expected == SWT.HORIZONTAL) {
            assertTrue(detailsShare > 0.28 && detailsShare < 0.38, "details beside get a third: "
                    + java.util.Arrays.toString(w));
        } else {
            assertTrue(detailsShare > 0.35 && detailsShare < 0.5, "details below get about 40 %: "
                    + java.util.Arrays.toString(w));
        }
        // the key and the first field after it are in sight next to the reception time
        int width = p.table().getClientArea().width;
        assertTrue(p.columnRight("name") <= width, "column name ends at " + p.columnRight("name") + " of " + width
                + " in " + p.headers());
        view.selectRow(0);
        Ui.screenshot("62-reader-details-default-layout");
    }

    @Test
    @Order(47)
    void restoredViewsReopenTheirTopicOrSayWhyNot() throws Exception {
        org.eclipse.ui.XMLMemento m = org.eclipse.ui.XMLMemento.createWriteRoot("view");
        reader().saveState(m);
        TopicViewState saved = TopicViewState.load(m);
        assertEquals(new TopicViewState("Rich peer", DOMAIN, TOPIC, null), saved, "what the memento keeps");

        // a view that never had a topic says how to get one
        ReaderView fresh = (ReaderView) Ui.page().showView(ReaderView.ID, "restore-test", IWorkbenchPage.VIEW_ACTIVATE);
        assertTrue(fresh.notice().isVisible());
        assertEquals("Use Read Samples… on a topic in the System or Topics view.", fresh.notice().text());

        // restored, but its connection is not open: a clear message with the actions, not a blank view
        fresh.restore(new TopicViewState("Closed peer", DOMAIN, TOPIC, null));
        Ui.spin(100);
        assertTrue(fresh.notice().text().contains("connection 'Closed peer' (domain " + DOMAIN + "), which is not open"),
                fresh.notice().text());
        assertTrue(fresh.notice().reopenVisible());
        Ui.screenshot("63-reader-restored-connection-not-open");
        org.eclipse.ui.XMLMemento m2 = org.eclipse.ui.XMLMemento.createWriteRoot("view");
        fresh.saveState(m2);
        assertEquals("Closed peer", TopicViewState.load(m2).connectionName(), "kept for the next restart");

        // restored with an open connection: reads the topic again
        fresh.restore(saved);
        Ui.waitUntil("the restored reader's rows", () -> fresh.rowCount() > 0, () -> fresh.notice().text());
        assertFalse(fresh.notice().isVisible(), "the notice hides once the topic is shown");
        assertEquals("Reader: RichData", fresh.getPartName());
        Ui.spin(300);
        Ui.screenshot("64-reader-restored");
        Ui.page().hideView(fresh);

        WriterView w = (WriterView) Ui.page().showView(WriterView.ID, "restore-test", IWorkbenchPage.VIEW_ACTIVATE);
        assertTrue(w.notice().isVisible());
        w.restore(saved);
        Ui.waitUntil("the restored writer's editor", () -> w.type() != null, () -> w.notice().text());
        assertNotNull(w.editor().node("shape"));
        assertFalse(w.notice().isVisible());
        Ui.page().hideView(w);
    }

    @Test
    @Order(50)
    void aDemoTopicDecodesWithTheDemosTypesAndShowsAnInjectedSample() {
        Ui.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        LiveConnection demo = LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst().orElseThrow();
        String topic = "SensorReadings";
        // the type comes from the demo's own types once its writer is discovered: wait for that writer, not just
        // for the topic row (which a reader alone makes), so the resolution cannot run ahead of discovery
        Ui.waitUntil("the demo's " + topic + " writer", () -> demo.connection().model().snapshot(true).endpoints()
                .stream().anyMatch(e -> e.alive() && !e.isReader() && e.topicName().equals(topic)),
                () -> demo.snapshot().endpoints().toString());
        TopicsTree.Opened opened = TopicsTree.readSamples(topics, demo, topic, shell -> { });
        assertTrue(opened.dialogText().contains("Type demo::SensorReading — source: known to this process"),
                opened.dialogText());
        assertTrue(opened.dialogText().contains("\u2714 known to this process: registered by the Local demo"),
                opened.dialogText());
        ReaderView view = opened.view();
        ReaderPanel p = view.panel();
        assertFalse(view.session().type().isRaw(), "decoded with the demo's types");
        Ui.waitUntil("demo samples", () -> view.rowCount() >= 2, p::countersText);
        view.selectRow(0);
        assertTrue(p.detailLines().get(0).startsWith("Sample = "), p.detailLines().toString());
        view.showLatestPerInstance(true);
        Ui.waitUntil("the 4 sensors", () -> view.rowCount() == 4, p::countersText);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(p.cell(i, "sensor_id (key)"));
            assertEquals("degC", p.cell(i, "unit"));
        }
        assertEquals(List.of("1", "2", "3", "4"), ids.stream().sorted().toList());
        view.selectRow(0);
        assertTrue(p.detailLines().contains("  unit = \"degC\""), p.detailLines().toString());
        shots("70-reader-demo-topic", view);

        // inject a sample of a new sensor from the Reader view: it arrives in the same Reader view
        WriterView w = view.inject();
        assertNotNull(w, "Inject… opened the Writer view of the demo topic");
        w.editor().edit("sensor_id", "99");
        w.editor().edit("value", "42.5");
        w.editor().edit("unit", "injected");
        // unregistering must leave the instance without writers, not dispose it
        w.qosEditor().checkField("Writer data lifecycle", "dispose instances on unregister").setSelection(false);
        Ui.whenShellOpens("Write into a live system?", shell -> Ui.press(shell, "Write into the system"));
        assertTrue(w.writeSample(), w.status());
        assertTrue(w.status().startsWith("Wrote one sample to " + topic), w.status());
        view.showLatestPerInstance(false);
        p.filterField().setText("sensor_id == 99");
        Ui.waitUntil("the injected sample in the Reader view", () -> view.rowCount() == 1, p::countersText);
        assertEquals("42.5", p.cell(0, "value"));
        assertEquals("injected", p.cell(0, "unit"));
        assertEquals("ALIVE", p.cell(0, "Instance"));
        shots("71-reader-demo-injected", view);

        assertTrue(w.unregisterInstance(), w.status());
        // an unregister carries the key only: filter on the state (the demo's own sensors stay alive)
        p.filterField().setText("@instance_state == \"NOT_ALIVE_NO_WRITERS\"");
        Ui.waitUntil("the unregistered instance without writers", () -> view.rowCount() >= 1
                && p.cell(0, "Instance").equals("NO_WRITERS"), p::countersText);
        p.filterField().setText("@instance_state == \"NOT_ALIVE_DISPOSED\"");
        Ui.waitUntil("no disposed instance: unregistered, not disposed", () -> view.rowCount() == 0, p::countersText);
        p.filterField().setText("");
        Ui.page().hideView(w);
        Ui.page().hideView(view);
        assertEquals(List.of(), loggedErrors);
    }

    private static void awaitWriterAndReader() {
        Ui.waitUntil("writer and reader of " + TOPIC, () -> connection.snapshot().endpoints().stream()
                .filter(e -> e.alive() && e.topicName().equals(TOPIC)).count() >= 2,
                () -> connection.snapshot().topics().toString());
    }

    private static boolean allRows(ReaderPanel p, String header, String value) {
        for (int i = 0; i < p.table().getItemCount(); i++) {
            if (!p.cell(i, header).equals(value)) {
                return false;
            }
        }
        return true;
    }

    private static TreeItem treeItem(TreeItem[] items, String label) {
        for (TreeItem i : items) {
            if (i.getText(0).equals(label)) {
                return i;
            }
        }
        throw new AssertionError("no row " + label);
    }

    private static int colorId(org.eclipse.swt.graphics.Color c) {
        return c.equals(Ui.display().getSystemColor(SWT.COLOR_RED)) ? SWT.COLOR_RED : -1;
    }

    /** The workbench, then the view maximized. */
    private static void shots(String name, IViewPart view) {
        Ui.page().activate(view);
        Ui.spin(200);
        Ui.screenshot(name);
        IWorkbenchPartReference ref = Ui.page().getReference(view);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(300);
        Ui.screenshot(name + "-maximized");
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        Ui.spin(200);
    }

    @SuppressWarnings("unused")
    private static Shell shell() {
        return Ui.display().getActiveShell();
    }
}
