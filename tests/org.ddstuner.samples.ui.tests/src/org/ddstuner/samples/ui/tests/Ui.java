package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/** UI test helpers: waiting while the event loop runs, reading lazy trees, screenshots. */
final class Ui {

    static final Duration TIMEOUT = Duration.ofSeconds(20);

    private Ui() {
    }

    static Display display() {
        return PlatformUI.getWorkbench().getDisplay();
    }

    static IWorkbenchPage page() {
        return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
    }

    static <T extends IViewPart> T view(String id, Class<T> type) {
        try {
            return type.cast(page().showView(id));
        } catch (PartInitException e) {
            throw new AssertionError("cannot open view " + id, e);
        }
    }

    /** Runs the event loop for {@code ms} milliseconds. */
    static void spin(long ms) {
        Display d = display();
        long end = System.nanoTime() + ms * 1_000_000;
        while (System.nanoTime() < end) {
            if (!d.readAndDispatch()) {
                d.timerExec(10, () -> { });
                d.sleep();
            }
        }
    }

    /** Spins the event loop until {@code condition} holds; fails after {@link #TIMEOUT} with {@code what}. */
    static void waitUntil(String what, BooleanSupplier condition, Supplier<String> stateWhenFailing) {
        Display d = display();
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                fail("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what + "; state: "
                        + stateWhenFailing.get());
            }
            if (!d.readAndDispatch()) {
                d.timerExec(20, () -> { });
                d.sleep();
            }
        }
    }

    /**
     * Answers a modal dialog that is about to open: polls (on the UI thread, from the dialog's own event loop)
     * for a visible shell whose title starts with {@code title} and runs {@code answer} on it once.
     */
    static void whenShellOpens(String title, java.util.function.Consumer<org.eclipse.swt.widgets.Shell> answer) {
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
    static void press(org.eclipse.swt.widgets.Composite parent, String text) {
        org.eclipse.swt.widgets.Button b = find(parent, org.eclipse.swt.widgets.Button.class,
                x -> x.getText().replace("&", "").equals(text));
        if (b == null) {
            throw new AssertionError("no button '" + text + "' in " + parent);
        }
        b.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    /** The first control of {@code type} below {@code parent} that satisfies {@code p}, or null. */
    static <T extends org.eclipse.swt.widgets.Control> T find(org.eclipse.swt.widgets.Composite parent, Class<T> type,
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
    static String texts(org.eclipse.swt.widgets.Composite parent) {
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

    /** Labels of the rows of a (virtual) tree down to {@code depth} levels, indented by level. */
    static List<String> labels(Tree tree, int depth) {
        List<String> out = new ArrayList<>();
        for (TreeItem item : tree.getItems()) {
            collect(item, 0, depth, out);
        }
        return out;
    }

    private static void collect(TreeItem item, int level, int depth, List<String> out) {
        out.add("  ".repeat(level) + item.getText()); // getText() makes a virtual row ask for its data
        if (level + 1 < depth) {
            for (int i = 0; i < item.getItemCount(); i++) {
                collect(item.getItem(i), level + 1, depth, out);
            }
        }
    }

    static boolean anyContains(List<String> labels, String text) {
        return labels.stream().anyMatch(l -> l.contains(text));
    }

    /** Saves what the screen shows to target/screenshots/{name}.png. */
    static Path screenshot(String name) {
        Display d = display();
        spin(150);
        Rectangle r = d.getBounds();
        Image image = new Image(d, r.width, r.height);
        GC gc = new GC(d);
        try {
            gc.copyArea(image, 0, 0);
        } finally {
            gc.dispose();
        }
        try {
            Path dir = Path.of(System.getProperty("ddstuner.screenshots", "target/screenshots"));
            Files.createDirectories(dir);
            Path file = dir.resolve(name + ".png");
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { image.getImageData() };
            loader.save(file.toString(), SWT.IMAGE_PNG);
            return file;
        } catch (java.io.IOException e) {
            throw new AssertionError("cannot save screenshot " + name, e);
        } finally {
            image.dispose();
        }
    }
}
