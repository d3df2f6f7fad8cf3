package org.ddstuner.record.ui;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

/** "Recordings": a thin part around {@link RecordingsComposite}. */
public final class RecordingsView extends ViewPart {

    public static final String ID = "org.ddstuner.record.ui.views.recordings";

    private RecordingsComposite composite;

    @Override
    public void createPartControl(Composite parent) {
        composite = new RecordingsComposite(parent);
    }

    /** For tests and handlers. */
    public RecordingsComposite composite() {
        return composite;
    }

    @Override
    public void setFocus() {
        composite.setFocus();
    }
}
