package org.ddstuner.qos.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The product's workbench on the in-process demo (domain 77, loopback, in a private network namespace): a Reader
 * view on SensorReadings gets "Edit QoS…" in its toolbar, which opens the QoS Tuning view on its own reader; a live
 * change (user_data) is previewed, applied and confirmed from discovery, and the System model's own discovery sees
 * it too; the subscriber's partition is locked with the library's reason; a re-create change (reliability) gives
 * the reader a new GUID while the view keeps its samples. Then "Create Reader/Writer…" on the topic makes a
 * writer without a view: ownership_strength changes live, and making it BEST_EFFORT previews the reliable readers
 * as LOST with the reason, is applied by re-creating it, and the demo's readers lose it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QosTuningViewTest {

    private static final String TOPIC = "SensorReadings";

    private static List<String> loggedErrors;
    private static LiveConnection demo;
    private static TopicsView topics;
    private static ReaderView readerView;

    @BeforeAll
    static void findDemo() {
        loggedErrors = Ui.collectLoggedErrors();
        NetNs.requireIsolated();
        Ui.waitUntil("the demo connection", () -> LiveSystems.get().connections().stream()
                .anyMatch(c -> c.connection().profile().equals(ConnectionProfile.localDemo())),
                () -> LiveSystems.get().connections().toString());
        demo = LiveSystems.get().connections().stream()
                .filter(c -> c.connection().profile().equals(ConnectionProfile.localDemo())).findFirst().orElseThrow();
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        Ui.waitUntil("the demo's " + TOPIC + " writer", () -> demo.connection().model().snapshot(true).endpoints()
                .stream().anyMatch(e -> e.topicName().equals(TOPIC) && !e.isReader() && !e.own()),
                () -> demo.snapshot().endpoints().toString());
    }

    @AfterAll
    static void closeAll() {
        for (OwnEndpoint e : OwnEndpoints.get().all()) {
            OwnEndpoints.get().remove(e);
        }
        if (readerView != null) {
            Ui.page().hideView(readerView);
        }
    }

    private static QosTuningView tuningView() {
        var ref = Ui.page().findViewReference(QosTuningView.ID);
        assertNotNull(ref, "the QoS Tuning view is open");
        return (QosTuningView) ref.getView(true);
    }

    private static void previewAndApply(QosTuningEditor editor) {
        Ui.press(editor, Messages.PREVIEW);
        assertTrue(editor.canApply(), "Apply is enabled after Preview: " + editor.statusText());
        Ui.press(editor, Messages.APPLY);
        assertTrue(editor.isApplying() || editor.lastOutcome() != null, "Apply started");
        Ui.waitUntil("the confirmation", () -> !editor.isApplying(), editor::statusText);
    }

    private static Endpoint modelled(Guid guid) {
        return demo.connection().model().snapshot(true).endpoints().stream().filter(e -> e.guid().equals(guid))
                .findFirst().orElse(null);
    }

    private static void shots(String name, org.eclipse.ui.IViewPart view) {
        Ui.page().activate(view);
        Ui.spin(200);
        Ui.screenshot(name);
        var ref = Ui.page().getReference(view);
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        Ui.spin(300);
        Ui.screenshot(name + "-maximized");
        Ui.page().setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        Ui.spin(100);
    }

    @Test
    @Order(10)
    void editQosOnAReaderViewAppliesAUserDataChangeLiveAndDiscoveryConfirmsIt() throws Exception {
        readerView = TopicsTree.readSamples(topics, demo, TOPIC, shell -> { }).view();
        Ui.waitUntil("demo samples", () -> readerView.rowCount() >= 2, () -> readerView.panel().countersText());
        Ui.page().activate(readerView);
        Ui.spin(200);
        ToolBarManager tb = (ToolBarManager) readerView.getViewSite().getActionBars().getToolBarManager();
        boolean contributed = false;
        for (ToolItem i : tb.getControl().getItems()) {
            contributed |= ("" + i.getText() + i.getToolTipText()).contains("Edit QoS");
        }
        assertTrue(contributed, "Edit QoS… is in the Reader view's toolbar: "
                + Arrays.stream(tb.getItems()).map(IContributionItem::getId).toList());
        readerView.getSite().getService(IHandlerService.class).executeCommand("org.ddstuner.qos.ui.editQos", null);

        QosTuningView view = tuningView();
        QosTuningEditor editor = view.editor();
        assertNotNull(editor.endpoint(), "the editor shows the Reader view's reader");
        assertFalse(editor.endpoint().isWriter());
        Guid oldGuid = readerView.session().endpoint().guid();
        assertEquals(oldGuid, editor.endpoint().entity().guid());
        assertTrue(view.listLabels().stream().anyMatch(l -> l.startsWith("Reader view: " + TOPIC)), view.listLabels().toString());

        Map<String, String> userData = editor.rowTexts("user_data");
        assertEquals("live", userData.get("how"), userData.toString());
        assertEquals("true", userData.get("editable"));
        Map<String, String> partition = editor.rowTexts("partition");
        assertTrue(partition.get("policy").startsWith(Messages.LOCKED) && partition.get("policy").contains("subscriber"),
                partition.toString());
        assertEquals("immutable", partition.get("how"), partition.toString());
        assertEquals("false", partition.get("editable"));
        assertFalse(partition.get("reason").isBlank(), "the capability table's reason is shown: " + partition);
        assertTrue(partition.get("value").contains("sensors"), "the reader is in the writer's partition: " + partition);
        editor.reveal("partition");
        assertTrue(editor.whyText().contains(partition.get("reason")), editor.whyText());
        shots("qos-09-reader-locked-partition", view);
        Map<String, String> reliability = editor.rowTexts("reliability");
        assertTrue(reliability.get("how").startsWith("by re-creating the entity")
                && reliability.get("how").contains("new GUID"), reliability.toString());

        editor.edit("user_data", "\"tuned-by-ui\"");
        Ui.press(editor, Messages.PREVIEW);
        List<String> preview = editor.previewRows();
        assertTrue(preview.stream().anyMatch(r -> r.startsWith("kept | writer")), "the demo's writer stays matched: " + preview);
        shots("qos-10-reader-user-data-preview", view);
        Ui.press(editor, Messages.APPLY);
        Ui.waitUntil("the confirmation", () -> !editor.isApplying(), editor::statusText);
        TuningOutcome out = editor.lastOutcome();
        assertNotNull(out, editor.confirmationText());
        assertTrue(out.confirmed(), editor.confirmationText());
        assertFalse(out.recreated());
        assertEquals(Messages.CONFIRMED, editor.statusText());
        assertTrue(editor.confirmationText().contains("user_data: (not set) → \"tuned-by-ui\" (live, applied, confirmed "
                + "from discovery)") || editor.confirmationText().contains("→ \"tuned-by-ui\" (live, applied, confirmed"),
                editor.confirmationText());
        assertTrue(editor.confirmationText().contains("Changed this session: user_data:"), editor.confirmationText());
        assertEquals("\"tuned-by-ui\"", editor.rowTexts("user_data").get("value"), "the table shows the announced value");
        // the System views' own discovery (another set of built-in readers) sees the new value too
        Ui.waitUntil("the System model sees the new user_data", () -> {
            Endpoint e = modelled(oldGuid);
            return e != null && e.qos().userData() != null && Arrays.equals("tuned-by-ui".getBytes(StandardCharsets.UTF_8),
                    e.qos().userData().value());
        }, () -> String.valueOf(modelled(oldGuid)));
        assertEquals(List.of("discarded_bytes"), view.chart().keys(), "the reader's statistics are charted");
        shots("qos-11-reader-user-data-confirmed", view);

        // the Details view of the reader shows old → new for what was changed this session
        // (the views hide the tool's own entities unless "Show own entities" is on)
        LiveSystems.get().setShowOwn(true);
        Ui.waitUntil("the views' snapshot has the own reader", () -> demo.snapshot().endpoints().stream()
                .anyMatch(e -> e.guid().equals(oldGuid)), () -> "");
        DetailsView details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        details.details().show(EntityRef.of(demo, modelled(oldGuid)));
        var tabs = details.details().tabs();
        tabs.setSelection(DetailsComposite.QOS_TAB); // as a click does: the view then keeps this tab
        Event click = new Event();
        click.item = tabs.getItem(DetailsComposite.QOS_TAB);
        tabs.notifyListeners(SWT.Selection, click);
        Ui.page().activate(details);
        Ui.spin(200);
        String userDataRow = details.details().qosTable().rows().stream().filter(r -> r.name().equals("user_data"))
                .map(r -> r.value()).findFirst().orElse("(no user_data row)");
        assertTrue(userDataRow.contains("→ \"tuned-by-ui\"") && userDataRow.contains("changed this session"), userDataRow);
        shots("qos-13-details-old-new", details);
        LiveSystems.get().setShowOwn(false);
        Ui.page().activate(view);
    }

    @Test
    @Order(20)
    void aReCreateChangeOnTheReaderViewGivesANewGuidAndKeepsItsSamples() {
        QosTuningView view = tuningView();
        QosTuningEditor editor = view.editor();
        Guid oldGuid = readerView.session().endpoint().guid();
        editor.edit("reliability", "BEST_EFFORT 100ms");
        assertTrue(editor.statusText().contains("new GUID"), editor.statusText());
        int rowsBefore = readerView.rowCount();
        long receivedBefore = readerView.session().stats().received();
        previewAndApply(editor);
        TuningOutcome out = editor.lastOutcome();
        assertTrue(out.recreated(), editor.confirmationText());
        assertTrue(out.confirmed(), editor.confirmationText());
        assertNotEquals(oldGuid, out.newGuid());
        assertEquals(out.newGuid(), readerView.session().endpoint().guid(), "the Reader view's session took the new reader");
        assertTrue(editor.confirmationText().contains("re-created"), editor.confirmationText());
        assertTrue(editor.confirmationText().contains("peers see a new GUID"), editor.confirmationText());
        assertTrue(readerView.rowCount() >= rowsBefore, "the samples the view had are kept");
        Ui.waitUntil("new samples through the re-created reader",
                () -> readerView.session().stats().received() > receivedBefore + 1, () -> readerView.panel().countersText());
        assertEquals(Qos.ReliabilityKind.BEST_EFFORT, modelledEventually(out.newGuid()).qos().reliability().kind());
        shots("qos-12-reader-recreated", view);
    }

    private static Endpoint modelledEventually(Guid guid) {
        Ui.waitUntil("the System model sees " + guid, () -> modelled(guid) != null, () -> "");
        return modelled(guid);
    }

    @Test
    @Order(30)
    void aWriterCreatedOnATopicTunesLiveAndItsReliabilityChangePreviewsLostMatches() {
        // writing into the demo is confirmed once per connection (the Writer view's question)
        InjectionGuard.of(demo.connection()).ensureConfirmed((label, topic) -> true, TOPIC);
        TopicsTree.select(topics, TopicsTree.row(topics, demo, TOPIC));
        Menu menu = topics.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        MenuItem create = List.of(menu.getItems()).stream().filter(i -> i.getText().replace("&", "")
                .startsWith("Create Reader/Writer")).findFirst().orElseThrow();
        assertTrue(create.isEnabled(), "Create Reader/Writer… is enabled on a topic");
        Ui.whenShellOpens("Create Reader/Writer — " + TOPIC, shell -> Ui.press(shell, Messages.CREATE_WRITER));
        create.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());

        QosTuningView view = tuningView();
        QosTuningEditor editor = view.editor();
        assertNotNull(editor.endpoint());
        assertTrue(editor.endpoint().isWriter(), editor.endpoint().label());
        assertFalse(editor.endpoint().hasView());
        assertTrue(view.listLabels().contains("Writer: " + TOPIC + " (" + demo.label() + ")")
                || view.listLabels().stream().anyMatch(l -> l.startsWith("Writer: " + TOPIC)), view.listLabels().toString());
        Guid guid = editor.endpoint().entity().guid();
        Ui.waitUntil("the demo's reliable readers match the new writer",
                () -> ((org.ddstuner.dds.RawWriter) editor.endpoint().entity()).publicationMatched().currentCount() >= 2,
                () -> "");

        assertEquals("live", editor.rowTexts("ownership_strength").get("how"));
        // typed into the Value cell as a person does: the cell editor opens, Enter applies it
        editor.viewer().editElement(editor.row("ownership_strength"), 1);
        org.eclipse.swt.widgets.Text cell = Ui.find(editor.viewer().getTable(), org.eclipse.swt.widgets.Text.class,
                t -> t.isVisible());
        assertNotNull(cell, "the Value cell's editor opened");
        cell.setText("9");
        cell.notifyListeners(SWT.DefaultSelection, new Event());
        Ui.spin(100);
        assertEquals("9", editor.rowTexts("ownership_strength").get("value"), "the edited value is shown");
        // a locked row does not open an editor
        editor.viewer().editElement(editor.row("partition"), 1);
        assertFalse(editor.viewer().isCellEditorActive(), "partition (publisher) is locked");
        previewAndApply(editor);
        assertTrue(editor.lastOutcome().confirmed(), editor.confirmationText());
        assertFalse(editor.lastOutcome().recreated());
        assertTrue(editor.confirmationText().contains("→ 9 (live, applied, confirmed from discovery)"),
                editor.confirmationText());
        assertEquals(guid, editor.endpoint().entity().guid());

        editor.edit("reliability", "BEST_EFFORT 100ms");
        Ui.press(editor, Messages.PREVIEW);
        List<String> preview = editor.previewRows();
        List<String> lost = preview.stream().filter(r -> r.startsWith("LOST | reader")).toList();
        assertTrue(lost.size() >= 2, "the demo's dashboard and controller readers (reliable) are lost: " + preview);
        assertTrue(lost.stream().allMatch(r -> r.toLowerCase(java.util.Locale.ROOT).contains("reliab")),
                "each with the reliability reason: " + lost);
        // libddsc's statistics of the writer, charted next to the editor
        assertEquals(List.of("rexmit_bytes", "throttle_count", "time_throttle", "time_rexmit"), view.chart().keys());
        Ui.waitUntil("statistics points of the writer", () -> view.chart().pointCounts().get("rexmit_bytes") >= 2,
                () -> view.chart().pointCounts().toString());
        shots("qos-20-writer-reliability-preview-lost", view);
        Ui.press(editor, Messages.APPLY);
        Ui.waitUntil("the confirmation", () -> !editor.isApplying(), editor::statusText);
        TuningOutcome out = editor.lastOutcome();
        assertTrue(out.recreated() && out.confirmed(), editor.confirmationText());
        assertNotEquals(guid, out.newGuid());
        assertTrue(editor.confirmationText().matches("(?s).*Changed this session: ownership_strength: \\S* → 9; reliability: .*BEST_EFFORT.*"),
                editor.confirmationText());
        assertEquals(9, editor.endpoint().entity().qos().ownershipStrength().value(),
                "the re-created writer keeps the live change");
        shots("qos-21-writer-recreated", view);

        OwnEndpoint created = editor.endpoint();
        Ui.press(view.getViewSite().getShell(), Messages.DELETE);
        assertFalse(OwnEndpoints.get().all().contains(created), "Delete forgets it");
        assertTrue(created.entity().isClosed(), "and deletes the writer");
        assertTrue(loggedErrors.isEmpty(), "no errors logged: " + loggedErrors);
    }
}
