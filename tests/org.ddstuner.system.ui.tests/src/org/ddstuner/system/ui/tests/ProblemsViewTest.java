package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.system.Problem;
import org.ddstuner.system.ui.Messages;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The Problems view on the demo: the unmatched Logger explained in a short line, the full text as tooltip. */
class ProblemsViewTest extends DemoViewsTestBase {

    @Test
    @Order(60)
    void problemsViewExplainsTheUnmatchedLogger() {
        Ui.waitUntil("the Logger's unmatched reader in Problems", () -> problems.problems().rows().stream()
                .anyMatch(r -> r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED
                        && r.problem().message().toLowerCase().contains("durability")),
                () -> problems.problems().rows().toString());
        assertTrue(problems.problems().viewer().getTable().getItemCount() > 0);
        // the Description column says who and why in few words: the reason's short text, not its sentence
        var logger = problems.problems().rows().stream().filter(r -> r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED
                && r.problem().summary().startsWith("Logger reader")).findFirst().orElseThrow();
        assertEquals("Logger reader on \"SensorReadings\": no match — durability: reader TRANSIENT_LOCAL > writer "
                + "VOLATILE (SensorHub)", logger.problem().summary());
        assertTrue(logger.problem().message().endsWith("reader requests TRANSIENT_LOCAL durability, writer offers "
                + "VOLATILE: give the writer TRANSIENT_LOCAL durability or higher, or the reader VOLATILE"),
                "the message has the full reason with its fix: " + logger.problem().message());
        var table = problems.problems().viewer().getTable();
        assertEquals(Messages.COL_MESSAGE, table.getColumn(0).getText(), "the description first, severity as its icon");
        assertNotNull(table.getItem(0).getImage(0), "the severity icon");
        int description = table.getColumn(0).getWidth();
        int others = 0;
        for (int i = 1; i < table.getColumnCount(); i++) {
            others += table.getColumn(i).getWidth();
        }
        int width = table.getClientArea().width;
        assertTrue(description >= width - others - 8, "Description gets the rest of " + width + " px: " + description
                + " px, the others " + others + " px");
        // the other columns are as wide as what they show, not wider
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(table);
        try {
            // the demo's "no match" problems fit the Description column at the default window size (their
            // summaries say who and why in few words; the full explanation is the tooltip)
            for (var r : problems.problems().rows()) {
                if (r.problem().kind() == Problem.Kind.ENDPOINT_UNMATCHED) {
                    int text = gc.textExtent(r.problem().summary()).x + 16 + 12; // icon and cell padding
                    assertTrue(text <= description, "\"" + r.problem().summary() + "\" needs " + text
                            + " px, the Description column has " + description + " px");
                    assertTrue(org.ddstuner.system.ui.problems.ProblemsComposite.tooltip(r).startsWith(r.problem().message()));
                }
            }
            int label = gc.textExtent(demo().orElseThrow().label()).x;
            assertTrue(table.getColumn(2).getWidth() <= label + 40, "Connection column "
                    + table.getColumn(2).getWidth() + " px for \"" + demo().orElseThrow().label() + "\" (" + label
                    + " px)");
        } finally {
            gc.dispose();
        }
        // a participant that comes and goes is lost once in the list, not once per time it went
        long blinkerLost = problems.problems().rows().stream().filter(r -> r.problem().kind()
                == Problem.Kind.PARTICIPANT_LOST && r.problem().message().contains("\"Blinker\"")).count();
        assertTrue(blinkerLost <= 1, "Blinker lost " + blinkerLost + " times in " + problems.problems().rows());
        Ui.screenshot("10-problems");
        var row = problems.problems().rows().get(0);
        assertTrue(org.ddstuner.system.ui.problems.ProblemsComposite.tooltip(row).startsWith(row.problem().message()),
                "the tooltip has the whole description");
    }
}
