package org.ddstuner.system.ui.details;

import org.ddstuner.system.ui.Messages;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * A heading over a read-only, wrapping text: where a value too long for a table cell (a match reason,
 * a GUID, user data) is shown in full and can be selected and copied.
 */
public final class ExplanationPane extends Composite {

    private final Label heading;
    private final Text text;

    public ExplanationPane(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 2).margins(2, 0).applyTo(this);
        heading = new Label(this, SWT.NONE);
        heading.setFont(JFaceResources.getFontRegistry().getBold(JFaceResources.DEFAULT_FONT));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(heading);
        text = new Text(this, SWT.MULTI | SWT.WRAP | SWT.READ_ONLY | SWT.V_SCROLL | SWT.BORDER);
        text.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        text.setToolTipText(Messages.PANE_TIP);
        GridDataFactory.fillDefaults().grab(true, true).hint(120, 40).applyTo(text);
    }

    /** Shows {@code body} under {@code title}; leaves the widgets alone (and the scroll position) when unchanged. */
    public void show(String title, String body) {
        if (!title.equals(heading.getText())) {
            heading.setText(title);
        }
        if (!body.equals(text.getText())) {
            text.setText(body);
        }
    }

    public String headingText() {
        return heading.getText();
    }

    public Text text() {
        return text;
    }

    /** Whether all of the text is in sight, without scrolling. */
    public boolean showsAllText() {
        int needed = text.getLineCount() * text.getLineHeight();
        return text.isVisible() && needed <= text.getClientArea().height;
    }
}
