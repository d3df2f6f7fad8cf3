package org.ddstuner.testsupport.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
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

/**
 * Helpers of the UI tests (all on the UI thread): the workbench's display, page and views, running the
 * event loop for a while or until a condition holds, reading the rows of lazy trees, screenshots.
 *
 * <p>Each UI test bundle has a class {@code Ui extends WorkbenchUi} (or {@link ViewsUi}, which adds connections,
 * dialogs and widget look-ups) so its tests keep calling
 * {@code Ui.spin(…)}, {@code Ui.waitUntil(…)} etc.; a bundle that needs another timeout declares its own
 * {@code TIMEOUT} and {@code waitUntil(String, BooleanSupplier, Supplier)} calling
 * {@link #waitUntil(Duration, String, BooleanSupplier, Supplier)}.
 */
public class WorkbenchUi {

    /** How long {@link #waitUntil(String, BooleanSupplier, Supplier)} waits. */
    public static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** Subclassed only, by each test bundle's {@code Ui}, for the static helpers under that name. */
    protected WorkbenchUi() {
    }

    /**
     * Collects the ERROR entries of the Eclipse log from now on ({@code plugin: message exception}), for a test
     * to assert that none were logged while the views ran.
     */
    public static List<String> collectLoggedErrors() {
        List<String> errors = new CopyOnWriteArrayList<>();
        Platform.addLogListener((status, plugin) -> {
            if (status.getSeverity() == IStatus.ERROR) {
                errors.add(plugin + ": " + status.getMessage()
                        + (status.getException() != null ? " " + status.getException() : ""));
            }
        });
        return errors;
    }

    public static Display display() {
        return PlatformUI.getWorkbench().getDisplay();
    }

    public static IWorkbenchPage page() {
        return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
    }

    public static <T extends IViewPart> T view(String id, Class<T> type) {
        try {
            return type.cast(page().showView(id));
        } catch (PartInitException e) {
            throw new AssertionError("cannot open view " + id, e);
        }
    }

    /** Runs the event loop for {@code ms} milliseconds. */
    public static void spin(long ms) {
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
    public static void waitUntil(String what, BooleanSupplier condition, Supplier<String> stateWhenFailing) {
        waitUntil(TIMEOUT, what, condition, stateWhenFailing);
    }

    /** Spins the event loop until {@code condition} holds; fails after {@code timeout} with {@code what}. */
    public static void waitUntil(Duration timeout, String what, BooleanSupplier condition,
            Supplier<String> stateWhenFailing) {
        Display d = display();
        long end = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what
                        + "; state: " + stateWhenFailing.get());
            }
            if (!d.readAndDispatch()) {
                d.timerExec(20, () -> { });
                d.sleep();
            }
        }
    }

    /** Labels of the rows of a (virtual) tree down to {@code depth} levels, indented by level. */
    public static List<String> labels(Tree tree, int depth) {
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

    public static boolean anyContains(List<String> labels, String text) {
        return labels.stream().anyMatch(l -> l.contains(text));
    }

    /** Saves what the screen shows to target/screenshots/{name}.png. */
    public static Path screenshot(String name) {
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
