package org.ddstuner.system.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.ui.DetailsView;
import org.ddstuner.system.ui.LiveTreeView;
import org.ddstuner.system.ui.PartitionsView;
import org.ddstuner.system.ui.ProblemsView;
import org.ddstuner.system.ui.SystemView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.ddstuner.system.ui.tree.LiveTreeComposite;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.ui.TunerWorkbenchAdvisor;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * What the tests of the system views share: the product's workbench connected (by its own start-up
 * auto-connect) to the built-in demo system (domain 77), its views open, and helpers to read their rows.
 * Each subclass is one view or concern and runs on its own; all of them run in the same workbench, so a
 * test leaves the views as it found them (filters cleared, extra connections closed). Every subclass ends
 * by checking that nothing was logged as an error while its tests ran.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class DemoViewsTestBase {

    static SystemView system;
    static TopicsView topics;
    static PartitionsView partitions;
    static DetailsView details;
    static ProblemsView problems;

    /** Errors the platform logs while the views run (e.g. an image that cannot be drawn during a paint). */
    private static List<String> loggedErrors;

    @BeforeAll
    static void openViewsAndWaitForDemo() {
        loggedErrors = Ui.collectLoggedErrors();
        assertTrue(TunerWorkbenchAdvisor.autoConnect(), "the product should auto-connect to the demo by default");
        assertTrue(Ui.display().getActiveShell() == null
                || Ui.page().getWorkbenchWindow().getShell().getText().contains("DDS Tuner"),
                "main window title should contain DDS Tuner");
        system = Ui.view(ViewIds.SYSTEM, SystemView.class);
        topics = Ui.view(ViewIds.TOPICS, TopicsView.class);
        partitions = Ui.view(ViewIds.PARTITIONS, PartitionsView.class);
        details = Ui.view(ViewIds.DETAILS, DetailsView.class);
        problems = Ui.view(ViewIds.PROBLEMS, ProblemsView.class);
        Ui.waitUntil("the demo connection", () -> demo().isPresent(),
                () -> ConnectionManager.get().connections().toString());
        Ui.waitUntil("the demo's endpoints in the model", () -> demo().get().snapshot().endpoints().stream()
                .filter(Endpoint::alive).map(Endpoint::topicName).distinct().count() >= 3,
                () -> demo().get().snapshot().topics().toString());
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void nothingWentWrongInTheEventLoop() {
        Ui.spin(300);
        assertTrue(loggedErrors.isEmpty(), "errors logged while the views ran: " + loggedErrors);
    }

    static Optional<LiveConnection> demo() {
        return LiveSystems.get().connections().stream()
                .filter(c -> c.isLocal() && c.connection().profile().equals(ConnectionProfile.localDemo()))
                .findFirst();
    }

    static List<String> treeLabels(LiveTreeView view, int depth) {
        return Ui.labels(view.tree().viewer().getTree(), depth);
    }

    /** Every row of {@code tree} that is open to the eye (parents expanded), first to last. */
    static List<TreeItem> rowsOf(Tree tree) {
        List<TreeItem> out = new ArrayList<>();
        List<TreeItem> todo = new ArrayList<>(List.of(tree.getItems()));
        while (!todo.isEmpty()) {
            TreeItem item = todo.remove(0);
            item.getText(); // makes a virtual row ask for its data
            out.add(item);
            if (item.getExpanded()) {
                todo.addAll(0, List.of(item.getItems()));
            }
        }
        return out;
    }

    /** The row showing the entity of {@code n} (by path), found by reading the rows. */
    static TreeItem itemOf(LiveTreeComposite tree, Node n) {
        List<TreeItem> todo = new ArrayList<>(List.of(tree.viewer().getTree().getItems()));
        while (!todo.isEmpty()) {
            TreeItem item = todo.remove(0);
            item.getText(); // makes a virtual row ask for its data
            if (item.getData() instanceof Node x && x.path().equals(n.path())) {
                return item;
            }
            if (item.getExpanded()) {
                todo.addAll(List.of(item.getItems()));
            }
        }
        throw new AssertionError("no row for " + n.label());
    }

    /** The index of {@code n}'s row among its parent's rows as the tree shows them now. */
    static int rowIndex(LiveTreeComposite tree, Node n) {
        TreeItem item = itemOf(tree, n);
        TreeItem parent = item.getParentItem();
        return parent == null ? tree.viewer().getTree().indexOf(item) : parent.indexOf(item);
    }

    /**
     * Whether the row's children are really on screen: SWT's getExpanded() answers from a flag of its
     * own, which GTK can leave behind, so look at the first child's height.
     */
    static boolean isOpenOnScreen(TreeItem item) {
        return item.getExpanded() && item.getItemCount() > 0 && item.getItem(0).getBounds().height > 1;
    }

    static void assertProcessRowOpen(String when) {
        Ui.spin(300);
        Node java = Node.find(system.tree().roots(), n -> n.kind() == Node.Kind.PROCESS);
        assertTrue(isOpenOnScreen(itemOf(system.tree(), java)), "the process row stays open " + when + ": "
                + system.tree().expandedPaths() + "\n" + String.join("\n", treeLabels(system, 8)));
    }
}
