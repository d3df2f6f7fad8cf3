package org.ddstuner.system.ui;

import org.ddstuner.system.ui.tree.LiveTreeComposite;
import org.ddstuner.system.ui.tree.TreeBuilder;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;

/** Thin view around a {@link LiveTreeComposite}: toolbar, selection provider, context menu, focus. */
public abstract class LiveTreeView extends ViewPart {

    private LiveTreeComposite tree;
    private ShowOwnAction showOwn;

    protected abstract TreeBuilder builder();

    @Override
    public void createPartControl(Composite parent) {
        tree = new LiveTreeComposite(parent, builder());
        getSite().setSelectionProvider(tree.viewer());
        // other bundles add items (Show Type, Read Samples…) with menuContributions on popup:<view id>
        MenuManager menu = new MenuManager();
        menu.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        Control control = tree.viewer().getControl();
        control.setMenu(menu.createContextMenu(control));
        getSite().registerContextMenu(menu, tree.viewer());
        IToolBarManager bar = getViewSite().getActionBars().getToolBarManager();
        Action collapse = new Action(Messages.COLLAPSE_ALL) {
            @Override
            public void run() {
                tree.collapseAll();
            }
        };
        collapse.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_ELCL_COLLAPSEALL));
        showOwn = new ShowOwnAction();
        bar.add(collapse);
        bar.add(showOwn);
    }

    public LiveTreeComposite tree() {
        return tree;
    }

    @Override
    public void setFocus() {
        tree.viewer().getControl().setFocus();
    }

    @Override
    public void dispose() {
        if (showOwn != null) {
            showOwn.dispose();
        }
        super.dispose();
    }
}
