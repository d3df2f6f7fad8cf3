package org.ddstuner.testsupport.ui;

import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IViewReference;

/**
 * UI test helpers: {@link WorkbenchUi} (event loop, views, lazy trees, screenshots) under the name the tests
 * use, plus dialogs and widget look-ups.
 */
public class ViewsUi extends WorkbenchUi {

    protected ViewsUi() {
    }

    /**
     * Opens a loopback-only connection to {@code domain} named {@code name} and waits until the views show it;
     * closing it is added to {@code toClose}.
     */
    public static LiveConnection connectLoopback(String name, int domain, List<AutoCloseable> toClose) {
        Connection c = ConnectionManager.get().open(ConnectionProfile.loopback(name, domain));
        toClose.add(() -> ConnectionManager.get().close(c));
        waitUntil("connection " + name + " in the views", () -> LiveSystems.get().find(c) != null,
                () -> LiveSystems.get().connections().toString());
        return LiveSystems.get().find(c);
    }

    /** Closes what a test class opened, last opened first (a connection before the peer it connects to). */
    public static void closeAll(List<AutoCloseable> toClose) throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    /** Closes the Reader view of {@code target}'s topic, if one is open. */
    public static void hideReaderView(TopicTarget target) {
        IViewReference ref = page().findViewReference(ReaderView.ID, target.secondaryId());
        if (ref != null) {
            page().hideView(ref);
        }
    }

    /**
     * Answers a modal dialog that is about to open: polls (on the UI thread, from the dialog's own event loop)
     * for a visible shell whose title starts with {@code title} and runs {@code answer} on it once.
     */
    public static void whenShellOpens(String title, java.util.function.Consumer<org.eclipse.swt.widgets.Shell> answer) {
        Display d = display();
        long end = System.nanoTime() + TIMEOUT.toNanos();
        Runnable poll = new Runnable() {
            @Override
            public void run() {
                for (org.eclipse.swt.widgets.Shell s : d.getShells()) {
                    if (!s.isDisposed() && s.isVisible() && s.getText().startsWith(title)) {
                        answer.accept(s);
                        return;
                    }
                }
                if (System.nanoTime() < end) {
                    d.timerExec(50, this);
                }
            }
        };
        d.timerExec(50, poll);
    }

    /** Presses the button labelled {@code text} (mnemonics ignored) somewhere in {@code parent}. */
    public static void press(org.eclipse.swt.widgets.Composite parent, String text) {
        org.eclipse.swt.widgets.Button b = find(parent, org.eclipse.swt.widgets.Button.class,
                x -> x.getText().replace("&", "").equals(text));
        if (b == null) {
            throw new AssertionError("no button '" + text + "' in " + parent);
        }
        b.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    /** The first control of {@code type} below {@code parent} that satisfies {@code p}, or null. */
    public static <T extends org.eclipse.swt.widgets.Control> T find(org.eclipse.swt.widgets.Composite parent, Class<T> type,
            java.util.function.Predicate<T> p) {
        for (org.eclipse.swt.widgets.Control c : parent.getChildren()) {
            if (type.isInstance(c) && p.test(type.cast(c))) {
                return type.cast(c);
            }
            if (c instanceof org.eclipse.swt.widgets.Composite comp) {
                T f = find(comp, type, p);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** Every text of the Text and Label widgets below {@code parent}, joined by newlines. */
    public static String texts(org.eclipse.swt.widgets.Composite parent) {
        StringBuilder sb = new StringBuilder();
        for (org.eclipse.swt.widgets.Control c : parent.getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Text t) {
                sb.append(t.getText()).append('\n');
            } else if (c instanceof org.eclipse.swt.widgets.Label l) {
                sb.append(l.getText()).append('\n');
            } else if (c instanceof org.eclipse.swt.widgets.Group g) {
                sb.append(g.getText()).append('\n');
            }
            if (c instanceof org.eclipse.swt.widgets.Composite comp) {
                sb.append(texts(comp));
            }
        }
        return sb.toString();
    }
}
