package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ui.common.QosEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;

/**
 * The QoS editor of the Read dialog and the Writer view: every standard policy of one endpoint, untouched
 * policies kept exactly as derived, each invalid or contradictory field named beside it. No DDS needed.
 */
class QosEditorTest {

    private static final Qos DERIVED = Qos.EMPTY.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE,
            Duration.ofMillis(100))).withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL).withKeepLast(5000)
            .with(new Qos.Deadline(Duration.ofMillis(500)));

    private static void withEditor(boolean reader, Consumer<QosEditor> test) {
        Shell shell = new Shell(Ui.display());
        shell.setLayout(new FillLayout());
        shell.setText(reader ? "Reader QoS" : "Writer QoS");
        try {
            QosEditor e = new QosEditor(shell, reader);
            e.show(new DerivedQos(DERIVED, List.of("rich"), List.of("Reliable: every writer offers it."), List.of(),
                    false));
            shell.setBounds(40, 40, 900, 520);
            shell.open();
            Ui.spin(100);
            test.accept(e);
        } finally {
            shell.dispose();
        }
    }

    private static void select(Combo c, String item) {
        c.select(List.of(c.getItems()).indexOf(item));
        c.notifyListeners(SWT.Selection, new Event());
    }

    @Test
    void everyPolicyOfEachSideHasARow() {
        withEditor(true, e -> assertEquals(List.of("Reliability", "Durability", "History", "Deadline (ms)",
                "Resource limits", "Latency budget (ms)", "Liveliness", "Time-based filter (ms)",
                "Reader data lifecycle (ms)", "Ownership", "Destination order", "Presentation", "Data representation",
                "Type consistency"), e.rowNames()));
        withEditor(false, e -> assertEquals(List.of("Reliability", "Durability", "History", "Deadline (ms)",
                "Resource limits", "Latency budget (ms)", "Liveliness", "Lifespan (ms)", "Transport priority",
                "Ownership", "Destination order", "Presentation", "Data representation", "Writer data lifecycle"),
                e.rowNames()));
    }

    @Test
    void untouchedPoliciesStayAsDerived() {
        withEditor(true, e -> {
            DerivedQos r = e.result();
            assertNotNull(r);
            assertEquals(DERIVED, r.qos(), "nothing edited: not one policy pinned or changed");
            assertEquals(List.of("rich"), r.partitions());
            assertEquals("500", e.textField("Deadline (ms)", 0).getText());
            assertEquals("100", e.textField("Reliability", 0).getText(), "max blocking time");
        });
    }

    @Test
    void editedPoliciesAreApplied() {
        withEditor(true, e -> {
            e.textField("Reliability", 0).setText("250");
            e.textField("Resource limits", 0).setText("20000");
            e.textField("Resource limits", 2).setText("5000");
            e.textField("Latency budget (ms)", 0).setText("1.5");
            select(e.comboField("Liveliness", 0), "MANUAL_BY_TOPIC");
            e.textField("Liveliness", 0).setText("2000");
            e.textField("Time-based filter (ms)", 0).setText("10");
            e.textField("Reader data lifecycle (ms)", 1).setText("30000");
            select(e.comboField("Ownership", 0), "EXCLUSIVE");
            select(e.comboField("Destination order", 0), "BY_SOURCE_TIMESTAMP");
            select(e.comboField("Presentation", 0), "TOPIC");
            e.checkField("Presentation", "ordered").setSelection(true);
            e.checkField("Data representation", "XCDR2").setSelection(true);
            e.checkField("Type consistency", "ignore member names").setSelection(true);
            Qos q = e.result().qos();
            assertEquals(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofMillis(250)), q.reliability());
            assertEquals(new Qos.ResourceLimits(20000, -1, 5000), q.resourceLimits());
            assertEquals(Duration.ofNanos(1_500_000), q.latencyBudget().duration());
            assertEquals(new Qos.Liveliness(Qos.LivelinessKind.MANUAL_BY_TOPIC, Duration.ofSeconds(2)), q.liveliness());
            assertEquals(Duration.ofMillis(10), q.timeBasedFilter().minimumSeparation());
            assertEquals(new Qos.ReaderDataLifecycle(Qos.INFINITE, Duration.ofSeconds(30)), q.readerDataLifecycle());
            assertEquals(Qos.OwnershipKind.EXCLUSIVE, q.ownership().kind());
            assertEquals(Qos.DestinationOrderKind.BY_SOURCE_TIMESTAMP, q.destinationOrder().kind());
            assertEquals(new Qos.Presentation(Qos.AccessScope.TOPIC, false, true), q.presentation());
            assertEquals(List.of(Qos.XCDR1, Qos.XCDR2), q.dataRepresentation().ids());
            assertTrue(q.typeConsistency().ignoreMemberNames());
            assertEquals(DERIVED.history(), q.history(), "history untouched");
        });
        withEditor(false, e -> {
            select(e.comboField("Ownership", 0), "EXCLUSIVE");
            e.textField("Ownership", 0).setText("7");
            e.textField("Lifespan (ms)", 0).setText("60000");
            e.textField("Transport priority", 0).setText("3");
            e.checkField("Writer data lifecycle", "dispose instances on unregister").setSelection(false);
            Qos q = e.result().qos();
            assertEquals(Qos.OwnershipKind.EXCLUSIVE, q.ownership().kind());
            assertEquals(7, q.ownershipStrength().value());
            assertEquals(Duration.ofMinutes(1), q.lifespan().duration());
            assertEquals(3, q.transportPriority().value());
            assertEquals(false, q.writerDataLifecycle().autodisposeUnregisteredInstances());
        });
    }

    @Test
    void invalidFieldsAreNamedBesideThem() {
        withEditor(true, e -> {
            e.textField("Deadline (ms)", 0).setText("soon");
            e.textField("Resource limits", 1).setText("0");
            e.checkField("Data representation", "XCDR1").setSelection(false);
            assertNull(e.result());
            assertEquals("not a duration: 'soon' (milliseconds, 0 or more, or empty for infinite)",
                    e.fieldError("Deadline (ms)"));
            assertEquals("'0' must be 1 or more, or -1/empty for unlimited", e.fieldError("Resource limits"));
            assertEquals("choose at least one representation", e.fieldError("Data representation"));
            assertEquals("", e.fieldError("History"));
            assertEquals("Fix the QoS fields marked in red: Deadline (ms), Resource limits, Data representation",
                    e.errorText());
            Ui.spin(200);
            Ui.screenshot("qos-editor-field-errors-main");

            // contradictions between fields: history deeper than the per-instance limit, filter over the deadline
            e.textField("Deadline (ms)", 0).setText("100");
            e.textField("Resource limits", 1).setText("");
            e.textField("Resource limits", 2).setText("1000");
            e.checkField("Data representation", "XCDR1").setSelection(true);
            e.textField("Time-based filter (ms)", 0).setText("200");
            assertNull(e.result());
            assertEquals("history depth 5000 exceeds max samples per instance 1000", e.fieldError("History"));
            assertEquals("must not exceed the deadline (100 ms)", e.fieldError("Time-based filter (ms)"));
            assertEquals("", e.fieldError("Deadline (ms)"), "fixed fields lose their error");
            e.showTab(1);
            Ui.spin(200);
            Ui.screenshot("qos-editor-field-errors-timing");

            e.textField("History", 0).setText("1000");
            e.textField("Time-based filter (ms)", 0).setText("");
            DerivedQos ok = e.result();
            assertNotNull(ok, e.errorText());
            assertEquals(1000, ok.qos().history().depth());
            assertEquals("", e.errorText());
        });
    }
}
