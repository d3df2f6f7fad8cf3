package org.ddstuner.samples.ui.reader;

import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchPartSite;

/**
 * An empty context menu on the details tree that other bundles fill through {@code org.eclipse.ui.menus}
 * ({@code popup:<DETAILS_MENU>}), so a feature such as plotting a field needs nothing in this bundle; its
 * selection is the selected row as a {@link DetailsField}.
 */
final class DetailsMenu implements ISelectionProvider {

    private final ReaderPanel panel;

    private DetailsMenu(ReaderPanel panel) {
        this.panel = panel;
    }

    static void register(IWorkbenchPartSite site, String id, ReaderPanel panel) {
        MenuManager menu = new MenuManager();
        menu.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        panel.detailsTree().setMenu(menu.createContextMenu(panel.detailsTree()));
        site.registerContextMenu(id, menu, new DetailsMenu(panel));
    }

    @Override
    public ISelection getSelection() {
        DetailsField f = panel.isDisposed() ? null : panel.selectedField();
        return f == null ? StructuredSelection.EMPTY : new StructuredSelection(f);
    }

    @Override
    public void setSelection(ISelection selection) {
        // the tree's own selection is the person's
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener listener) {
        // read when the menu opens; no one needs to follow it
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener listener) {
        // see addSelectionChangedListener
    }
}
