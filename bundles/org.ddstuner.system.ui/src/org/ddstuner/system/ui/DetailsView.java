package org.ddstuner.system.ui;

import org.ddstuner.system.ui.details.DetailsComposite;
import org.ddstuner.system.ui.live.EntityRef;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;

/** The Details view: follows the selection of the other views. */
public final class DetailsView extends ViewPart {

    public static final String ID = ViewIds.DETAILS;

    private DetailsComposite details;
    private final ISelectionListener listener = this::selectionChanged;

    @Override
    public void createPartControl(Composite parent) {
        details = new DetailsComposite(parent);
        getSite().getPage().addSelectionListener(listener);
        selectionChanged(null, getSite().getPage().getSelection());
    }

    private void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (part == this || details == null || details.isDisposed()) {
            return;
        }
        if (selection instanceof IStructuredSelection s && !s.isEmpty()) {
            EntityRef ref = Adapters.adapt(s.getFirstElement(), EntityRef.class);
            if (ref != null) {
                details.show(ref);
            }
        }
    }

    public DetailsComposite details() {
        return details;
    }

    @Override
    public void setFocus() {
        details.setFocus();
    }

    @Override
    public void dispose() {
        getSite().getPage().removeSelectionListener(listener);
        super.dispose();
    }
}
