package org.ddstuner.system.ui;

import org.ddstuner.system.ui.problems.ProblemsComposite;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

/** The Problems view. */
public final class ProblemsView extends ViewPart {

    public static final String ID = ViewIds.PROBLEMS;

    private ProblemsComposite problems;

    @Override
    public void createPartControl(Composite parent) {
        problems = new ProblemsComposite(parent);
        getSite().setSelectionProvider(problems.viewer());
    }

    public ProblemsComposite problems() {
        return problems;
    }

    @Override
    public void setFocus() {
        problems.viewer().getControl().setFocus();
    }
}
