package org.ddstuner.system.ui.tree;

import java.util.function.Consumer;

import org.ddstuner.system.NameFilter;
import org.ddstuner.system.ui.Messages;
import org.eclipse.jface.fieldassist.ControlDecoration;
import org.eclipse.jface.fieldassist.FieldDecorationRegistry;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Text;

/**
 * A filter text with a "Regex" switch. A bad regular expression shows an error decoration with the
 * reason and leaves the last good filter in force, so typing never breaks the view.
 */
public final class FilterBar extends Composite {

    private final Text text;
    private final Button regex;
    private final ControlDecoration error;
    private final Consumer<NameFilter> onChange;
    private NameFilter current = NameFilter.ALL;

    public FilterBar(Composite parent, Consumer<NameFilter> onChange) {
        super(parent, SWT.NONE);
        this.onChange = onChange;
        GridLayoutFactory.fillDefaults().numColumns(2).extendedMargins(8, 2, 2, 2).applyTo(this);
        text = new Text(this, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        text.setMessage(Messages.FILTER_HINT);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
        regex = new Button(this, SWT.CHECK);
        regex.setText(Messages.FILTER_REGEX);
        regex.setToolTipText(Messages.FILTER_REGEX_TIP);
        error = new ControlDecoration(text, SWT.LEFT | SWT.CENTER);
        error.setImage(FieldDecorationRegistry.getDefault().getFieldDecoration(FieldDecorationRegistry.DEC_ERROR)
                .getImage());
        error.hide();
        text.addModifyListener(e -> applyText());
        regex.addListener(SWT.Selection, e -> applyText());
    }

    private void applyText() {
        NameFilter f;
        try {
            f = text.getText().isEmpty() ? NameFilter.ALL : NameFilter.of(text.getText(), regex.getSelection());
        } catch (IllegalArgumentException bad) {
            error.setDescriptionText(bad.getMessage());
            error.show();
            error.showHoverText(bad.getMessage());
            text.setToolTipText(bad.getMessage());
            return;
        }
        error.hide();
        error.hideHover();
        text.setToolTipText(null);
        current = f;
        onChange.accept(f);
    }

    /** The filter in force (the last valid one). */
    public NameFilter filter() {
        return current;
    }

    /** The error shown for the current text, or null. */
    public String errorText() {
        return error.isVisible() ? error.getDescriptionText() : null;
    }

    public Text text() {
        return text;
    }

    public Button regexButton() {
        return regex;
    }
}
