package org.ddstuner.health.ui;

import java.util.List;
import java.util.function.Predicate;

import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.testsupport.ui.WorkbenchUi;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;

/** UI test helpers: {@link WorkbenchUi} under the name the tests use, plus the Topics view's context menu. */
final class Ui extends WorkbenchUi {

    private Ui() {
    }

    /** Selects {@code topic}'s row of connection {@code c} in the Topics view and picks {@code item} from its menu. */
    static void topicMenu(TopicsView topics, LiveConnection c, String topic, String item) {
        Predicate<Node> row = n -> n.kind() == Node.Kind.TOPIC && n.connection() == c && n.text().startsWith(topic + " : ");
        treeMenu(topics, row, "row of topic " + topic, item);
    }

    /** Selects the first row of {@code view} that {@code row} accepts and picks {@code item} from its menu. */
    static void treeMenu(org.ddstuner.system.ui.LiveTreeView view, Predicate<Node> row, String what, String item) {
        Menu menu = showTreeMenu(view, row, what);
        MenuItem mi = menuItem(menu, item);
        if (!mi.isEnabled()) {
            throw new AssertionError(item + " is disabled");
        }
        mi.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
        spin(100);
    }

    /** Whether {@code item} of the menu of {@code view}'s first row that {@code row} accepts is enabled. */
    static boolean treeMenuEnabled(org.ddstuner.system.ui.LiveTreeView view, Predicate<Node> row, String what,
            String item) {
        Menu menu = showTreeMenu(view, row, what);
        try {
            return menuItem(menu, item).isEnabled();
        } finally {
            menu.notifyListeners(SWT.Hide, new Event());
            spin(50);
        }
    }

    private static Menu showTreeMenu(org.ddstuner.system.ui.LiveTreeView view, Predicate<Node> row, String what) {
        waitUntil(what, () -> Node.find(view.tree().roots(), row) != null, () -> view.tree().roots().toString());
        page().activate(view);
        view.tree().viewer().setSelection(new TreeSelection(Node.find(view.tree().roots(), row).treePath()), true);
        spin(100);
        Menu menu = view.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event()); // fills the contributed items, updates their enablement
        return menu;
    }

    private static MenuItem menuItem(Menu menu, String item) {
        return List.of(menu.getItems()).stream().filter(i -> i.getText().replace("&", "").startsWith(item))
                .findFirst().orElseThrow(() -> new AssertionError(item + " not in the menu: "
                        + List.of(menu.getItems()).stream().map(MenuItem::getText).toList()));
    }

    /**
     * Answers the next Watch dialog (opened modal by a menu item picked after this call): {@code fill} sets its
     * fields (and may take a screenshot), then Watch is pressed.
     */
    static void answerWatchDialog(java.util.function.Consumer<WatchDialog> fill) {
        long end = System.nanoTime() + TIMEOUT.toNanos();
        Runnable[] look = new Runnable[1];
        look[0] = () -> {
            for (org.eclipse.swt.widgets.Shell sh : display().getShells()) {
                if (!sh.isDisposed() && sh.isVisible() && sh.getData() instanceof WatchDialog d) {
                    fill.accept(d);
                    d.pressOk();
                    return;
                }
            }
            if (System.nanoTime() < end) {
                display().timerExec(100, look[0]);
            }
        };
        display().timerExec(100, look[0]);
    }
}
