package org.ddstuner.testsupport.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.tree.Node;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.jface.viewers.TreeSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;

/**
 * The Topics view driven as a person does: find a topic's row, select it, open Read Samples… from its context menu
 * and answer the dialog. Shared by the samples UI tests.
 */
public final class TopicsTree {

    /** What Read Samples… opened: the Reader view and every text of its dialog. */
    public record Opened(ReaderView view, String dialogText) {
    }

    private TopicsTree() {
    }

    /** The row of {@code topic} under connection {@code c}, once the Topics view shows it. */
    public static Node row(TopicsView topics, LiveConnection c, String topic) {
        Predicate<Node> row = n -> n.kind() == Node.Kind.TOPIC && n.connection() == c
                && n.text().startsWith(topic + " : ");
        ViewsUi.waitUntil("row of topic " + topic, () -> Node.find(topics.tree().roots(), row) != null,
                () -> topics.tree().roots().toString());
        return Node.find(topics.tree().roots(), row);
    }

    public static void select(TopicsView topics, Node n) {
        ViewsUi.page().activate(topics);
        topics.tree().viewer().setSelection(new TreeSelection(n.treePath()), true);
        ViewsUi.spin(100);
    }

    /**
     * Selects the row of {@code topic}, chooses Read Samples… (which must be enabled) from the context menu, lets
     * {@code inDialog} look at the dialog, presses Open Reader and returns the Reader view that opened.
     */
    public static Opened readSamples(TopicsView topics, LiveConnection c, String topic, Consumer<Shell> inDialog) {
        select(topics, row(topics, c, topic));
        Menu menu = topics.tree().viewer().getControl().getMenu();
        menu.notifyListeners(SWT.Show, new Event()); // fills the contributed items, updates their enablement
        MenuItem read = List.of(menu.getItems()).stream().filter(i -> i.getText().replace("&", "")
                .startsWith("Read Samples")).findFirst().orElseThrow();
        assertTrue(read.isEnabled(), "Read Samples… is enabled on a topic");
        AtomicReference<String> dialogText = new AtomicReference<>();
        ViewsUi.whenShellOpens("Read Samples — " + topic, shell -> {
            dialogText.set(ViewsUi.texts(shell));
            inDialog.accept(shell);
            ViewsUi.press(shell, "Open Reader");
        });
        read.notifyListeners(SWT.Selection, new Event()); // the type resolution, then the dialog (answered above)
        menu.notifyListeners(SWT.Hide, new Event());
        assertNotNull(dialogText.get(), "the Read Samples dialog opened");
        var ref = ViewsUi.page().findViewReference(ReaderView.ID, new TopicTarget(c, topic, null).secondaryId());
        assertNotNull(ref, "the Reader view of " + topic);
        ReaderView v = (ReaderView) ref.getView(true);
        ViewsUi.page().activate(v);
        return new Opened(v, dialogText.get());
    }
}
