package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.ddstuner.demo.DemoSystem;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The Partitions view on the demo: every partition, patterns, and who declares them. */
class PartitionsViewTest extends DemoViewsTestBase {

    @Test
    @Order(40)
    void partitionsViewShowsDemoPartitions() {
        Ui.page().activate(partitions);
        Ui.waitUntil("demo partitions", () -> {
            List<String> l = treeLabels(partitions, 2);
            return DemoSystem.PARTITIONS.stream().allMatch(p -> Ui.anyContains(l, p + " — "));
        }, () -> String.join("\n", treeLabels(partitions, 2)));
        List<String> l = treeLabels(partitions, 3);
        assertTrue(Ui.anyContains(l, "sens* — 0 writers, 1 reader (pattern"), String.join("\n", l));
        assertTrue(Ui.anyContains(l, "writer Commands — Controller"), String.join("\n", l));
        Ui.screenshot("02-partitions");
    }
}
