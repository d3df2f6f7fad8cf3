package org.ddstuner.health.ui;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.health.HealthEvent;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/**
 * A small popup at the bottom right of the workbench window for each new error, that takes no focus, blocks nothing
 * and closes by itself after {@link #SHOW_MS} (or on a click, which opens the Alerts view). At most {@link #MAX}
 * stack up; more errors at once are summed up in the last one. UI thread only.
 */
public final class Notifier {

    static final int SHOW_MS = 8000;
    static final int MAX = 3;
    private static final int WIDTH = 380;

    private final Display display;
    private final List<Shell> open = new ArrayList<>();
    private final List<String> shown = new ArrayList<>();

    Notifier(Display display) {
        this.display = display;
    }

    void show(List<HealthEvent> errors) {
        open.removeIf(Shell::isDisposed);
        int room = Math.max(0, MAX - open.size());
        for (int i = 0; i < errors.size() && i < room; i++) {
            boolean last = i == room - 1 && errors.size() > room;
            popup(errors.get(i), last ? errors.size() - room : 0);
        }
    }

    private void popup(HealthEvent e, int more) {
        Shell shell = new Shell(display, SWT.ON_TOP | SWT.TOOL | SWT.NO_FOCUS | SWT.BORDER);
        shell.setText(String.format(Messages.POPUP_TITLE, e.rule()));
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 10;
        layout.marginHeight = 8;
        shell.setLayout(layout);
        // list colours, not the tooltip ones: some GTK themes pair a dark tooltip background with dark label text
        shell.setBackground(display.getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        shell.setForeground(display.getSystemColor(SWT.COLOR_LIST_FOREGROUND));
        Label icon = new Label(shell, SWT.NONE);
        icon.setImage(display.getSystemImage(SWT.ICON_ERROR));
        icon.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false, 1, 2));
        Label title = new Label(shell, SWT.NONE);
        title.setFont(JFaceResources.getBannerFont());
        title.setText(e.rule() + " — " + e.topic());
        Label body = new Label(shell, SWT.WRAP);
        String text = e.detail() + (e.participant() != null ? "\nwriter: " + e.participant() : "")
                + (more > 0 ? "\n" + String.format(Messages.POPUP_MORE, more) : "");
        body.setText(text);
        GridData bd = new GridData(SWT.FILL, SWT.TOP, true, false);
        bd.widthHint = WIDTH - 80;
        body.setLayoutData(bd);
        for (var c : shell.getChildren()) {
            c.setBackground(shell.getBackground());
            c.setForeground(shell.getForeground());
            c.addListener(SWT.MouseDown, ev -> openAlerts(shell));
        }
        shell.addListener(SWT.MouseDown, ev -> openAlerts(shell));
        Point size = shell.computeSize(WIDTH, SWT.DEFAULT);
        Rectangle area = anchor();
        int y = area.y + area.height - 12;
        for (Shell s : open) {
            y -= s.getSize().y + 8;
        }
        shell.setBounds(area.x + area.width - size.x - 12, y - size.y, size.x, size.y);
        shell.setVisible(true); // not open(): that would activate it and take the focus
        open.add(shell);
        shown.add(e.rule() + " " + e.topic());
        display.timerExec(SHOW_MS, () -> {
            if (!shell.isDisposed()) {
                shell.dispose();
            }
        });
    }

    /** The workbench window's area, else the primary monitor's. */
    private Rectangle anchor() {
        IWorkbenchWindow w = PlatformUI.isWorkbenchRunning() ? PlatformUI.getWorkbench().getActiveWorkbenchWindow() : null;
        if (w != null && w.getShell() != null && !w.getShell().isDisposed() && w.getShell().isVisible()) {
            return w.getShell().getBounds();
        }
        return display.getPrimaryMonitor().getClientArea();
    }

    private void openAlerts(Shell popup) {
        popup.dispose();
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (w != null && w.getActivePage() != null) {
            try {
                w.getActivePage().showView(Messages.VIEW_ID);
            } catch (PartInitException ex) {
                // the view cannot open: the popup was the message
            }
        }
    }

    /** "rule topic" of every popup shown so far (tests). */
    public List<String> shown() {
        return List.copyOf(shown);
    }

    /** Closes the popups on screen. */
    public void closeAll() {
        open.forEach(s -> {
            if (!s.isDisposed()) {
                s.dispose();
            }
        });
        open.clear();
    }

    /** The popups on screen now (tests). */
    public List<Shell> openPopups() {
        open.removeIf(Shell::isDisposed);
        return List.copyOf(open);
    }
}
