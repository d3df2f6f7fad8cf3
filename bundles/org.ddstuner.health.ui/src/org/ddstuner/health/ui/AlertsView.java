package org.ddstuner.health.ui;

import java.nio.file.Path;

import org.ddstuner.health.RulesFileException;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
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

    @Override
    public void createPartControl(Composite parent) {
        table = new AlertsTable(parent, HealthUi.get());
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

    public AlertsTable table() {
        return table;
    }

    @Override
    public void setFocus() {
        table.viewer().getControl().setFocus();
    }
}
