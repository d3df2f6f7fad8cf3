package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.details.DetailsContent.MatchRow;
import org.ddstuner.system.ui.details.DetailsContent.Row;
import org.ddstuner.system.ui.tree.Node;
import org.eclipse.jface.viewers.TreeSelection;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The Details view of a selected writer: its properties, its QoS in words, and its pairs with why the
 * Logger's reader does not match, readable without clicking.
 */
class DetailsViewTest extends DemoViewsTestBase {

    @Test
    @Order(50)
    void selectingAWriterShowsItsQosAndWhyTheLoggerDoesNotMatch() {
        Ui.page().activate(topics);
        java.util.function.Supplier<Node> sensorHubWriter = () -> Node.find(topics.tree().roots(),
                n -> n.kind() == Node.Kind.WRITER && n.label().startsWith("writer SensorHub"));
        // the Topics view fills in its own turn: when this class runs first, the writer may not be there yet
        Ui.waitUntil("SensorHub's writer row in the Topics tree", () -> sensorHubWriter.get() != null,
                () -> String.join("\n", treeLabels(topics, 4)));
        Node writer = sensorHubWriter.get();
        assertNotNull(writer, "SensorHub's writer row in the Topics tree");
        topics.tree().viewer().setSelection(new TreeSelection(writer.treePath()), true);
        Ui.waitUntil("details of the SensorHub writer",
                () -> details.details().qosTable().rows().stream().anyMatch(r -> r.name().equals("reliability")),
                () -> details.details().qosTable().rows().toString());
        List<Row> qos = details.details().qosTable().rows();
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("reliability") && r.value().contains("RELIABLE")),
                qos.toString());
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("history") && r.value().equals("KEEP_LAST 8")),
                qos.toString());
        assertTrue(qos.stream().anyMatch(r -> r.name().equals("reliability")
                && r.value().equals("RELIABLE, max blocking 100 ms")), qos.toString());
        assertTrue(qos.stream().noneMatch(r -> r.value().contains("kind=") || r.value().contains("Duration")),
                "policies read as words, not as record dumps: " + qos);
        List<Row> props = details.details().propertiesTable().rows();
        assertTrue(props.stream().anyMatch(r -> r.name().equals("GUID") && r.value().length() >= 32), props.toString());
        assertTrue(props.stream().anyMatch(r -> r.name().equals("Type name") && r.value().equals("demo::SensorReading")),
                props.toString());
        assertTrue(props.stream().anyMatch(r -> r.name().equals("Type information")), props.toString());
        Ui.waitUntil("matches of the SensorHub writer", () -> details.details().matchesTable().rows().size() >= 3,
                () -> details.details().matchesTable().rows().toString());
        List<MatchRow> matches = details.details().matchesTable().rows();
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.MATCHED) && m.peer().contains("Dashboard")),
                matches.toString());
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.MATCHED) && m.peer().contains("Controller")),
                "the sens* wildcard reader matches: " + matches);
        assertTrue(matches.stream().anyMatch(m -> m.verdict().equals(Messages.NOT_MATCHED) && m.peer().contains("Logger")
                && m.reasons().toLowerCase().contains("durability")), matches.toString());
        // the reasons are the point of the tool: they must be readable in full without any clicking
        MatchRow logger = matches.stream().filter(m -> m.peer().contains("Logger")).findFirst().orElseThrow();
        assertEquals(logger, matches.get(0), "pairs that do not match come first: " + matches);
        var d = details.details();
        assertEquals(DetailsComposite.MATCHES_TAB, d.tabs().getSelectionIndex(), "a writer opens on its matches");
        assertEquals(Messages.PANE_SUMMARY, d.explanation().headingText());
        String summary = d.explanation().text().getText();
        assertTrue(summary.startsWith("Matches 2 of 3 readers on \"SensorReadings\"."), summary);
        for (var reason : logger.why()) {
            assertTrue(summary.contains(reason.explanation()), "full reason \"" + reason + "\" in:\n" + summary);
        }
        // the table says it in few words, the pane in full
        assertEquals("durability: reader TRANSIENT_LOCAL > writer VOLATILE", logger.reasons());
        assertTrue((d.explanation().text().getStyle() & org.eclipse.swt.SWT.WRAP) != 0, "the pane wraps long lines");
        assertTrue(d.explanation().showsAllText(), "the whole summary is in sight without scrolling: "
                + d.explanation().text().getSize() + " for " + d.explanation().text().getLineCount() + " lines");
        // the Why-not column is as wide as its longest reason
        var table = d.matchesTable().viewer().getTable();
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(table);
        try {
            assertTrue(table.getColumn(2).getWidth() >= gc.textExtent(logger.reasons()).x,
                    "Why not column " + table.getColumn(2).getWidth() + " px for " + logger.reasons());
        } finally {
            gc.dispose();
        }
        // the picture of the README: both trees from the same snapshot (each view refreshes in its own turn)
        Ui.waitUntil("System and Topics at the same snapshot",
                () -> treeLabels(system, 1).get(0).equals(treeLabels(topics, 1).get(0)),
                () -> treeLabels(system, 1) + " " + treeLabels(topics, 1));
        Ui.screenshot("03-details-writer");
        // a selected row shows in full, with the peer's GUID to copy
        d.matchesTable().viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(logger));
        assertEquals(Messages.PANE_SELECTED, d.explanation().headingText());
        assertTrue(d.explanation().text().getText().contains(logger.guid()), d.explanation().text().getText());
        assertTrue(d.explanation().text().getText().contains(logger.why().get(0).explanation() + ": give the writer "
                + "TRANSIENT_LOCAL durability or higher, or the reader VOLATILE"), "with the fix: "
                        + d.explanation().text().getText());
        // the GUID row copies just the GUID
        clickTab(d, DetailsComposite.PROPERTIES_TAB);
        var propsTable = d.propertiesTable();
        Row guid = props.stream().filter(r -> r.name().equals("GUID")).findFirst().orElseThrow();
        propsTable.viewer().setSelection(new org.eclipse.jface.viewers.StructuredSelection(guid));
        assertEquals(guid.value(), propsTable.selectionText());
        assertEquals(Messages.PANE_SELECTED, d.explanation().headingText());
        assertTrue(d.explanation().text().getText().contains(guid.value()), d.explanation().text().getText());
        Ui.screenshot("03b-details-guid-selected");
        clickTab(d, DetailsComposite.MATCHES_TAB);
        d.matchesTable().viewer().setSelection(org.eclipse.jface.viewers.StructuredSelection.EMPTY);
    }

    /** Selects a tab as a click does (a programmatic selection sends no event). */
    private static void clickTab(DetailsComposite d, int index) {
        d.tabs().setSelection(index);
        d.tabs().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
    }
}
