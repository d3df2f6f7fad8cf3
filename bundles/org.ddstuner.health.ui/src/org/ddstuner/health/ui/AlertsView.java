package org.ddstuner.health.ui;

import java.nio.file.Path;

import org.ddstuner.health.RulesFileException;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;

/**
 * The Alerts view: every health event (fired, cleared) of every connection, newest first, kept across restarts;
 * "Load Rules…" applies a rules file, "Clear History" empties the history.
 */
public final class AlertsView extends ViewPart {

    public static final String ID = Messages.VIEW_ID;

    private AlertsTable table;
    private WatchesTable watches;

    @Override
    public void createPartControl(Composite parent) {
        Composite box = new Composite(parent, SWT.NONE);
        GridLayout gl = new GridLayout(1, false);
        gl.marginWidth = 0;
        gl.marginHeight = 0;
        box.setLayout(gl);
        watches = new WatchesTable(box, HealthUi.get());
        watches.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        table = new AlertsTable(box, HealthUi.get());
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table.alsoRefresh(watches::refresh);
        IToolBarManager bar = getViewSite().getActionBars().getToolBarManager();
        Action load = new Action(Messages.LOAD_RULES) {
            @Override
            public void run() {
                loadRules();
            }
        };
        load.setToolTipText(Messages.LOAD_RULES_TIP);
        load.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_OBJ_FILE));
        Action clear = new Action(Messages.CLEAR) {
            @Override
            public void run() {
                HealthUi.get().log().clear();
                table.refresh();
            }
        };
        clear.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_ETOOL_CLEAR));
        Action stop = new Action(Messages.STOP_WATCH) {
            @Override
            public void run() {
                watches.stopSelected();
            }
        };
        stop.setToolTipText(Messages.STOP_WATCH_TIP);
        stop.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_ELCL_STOP));
        bar.add(stop);
        bar.add(load);
        bar.add(clear);
        getSite().setSelectionProvider(table.viewer());
    }

    private void loadRules() {
        FileDialog d = new FileDialog(getSite().getShell(), SWT.OPEN);
        d.setFilterExtensions(new String[] { "*.json", "*" });
        String f = d.open();
        if (f == null) {
            return;
        }
        try {
            HealthUi.get().loadRules(Path.of(f));
        } catch (RulesFileException e) {
            MessageDialog.openError(getSite().getShell(), Messages.RULES_ERROR, e.getMessage());
        }
        table.refresh();
    }

    /** The watches asked for (tests). */
    WatchesTable watches() {
        return watches;
    }

    public AlertsTable table() {
        return table;
    }

    @Override
    public void setFocus() {
        table.viewer().getControl().setFocus();
    }
}
