package org.ddstuner.config.ui;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** A wizard page that says what its choice does and why a person would pick it, above its controls. */
abstract class ExplainedPage extends WizardPage {

    final WizardModel model;
    private final String why;

    ExplainedPage(String name, String title, String description, String why, WizardModel model) {
        super(name, title, null);
        setDescription(description);
        this.why = why;
        this.model = model;
    }

    @Override
    public final void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(c);
        Label l = new Label(c, SWT.WRAP);
        l.setText(why);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(560, SWT.DEFAULT).applyTo(l);
        fill(c);
        setControl(c);
    }

    abstract void fill(Composite c);

    Text field(Composite c, String label, String value, java.util.function.Consumer<String> onChange) {
        new Label(c, SWT.NONE).setText(label);
        Text t = new Text(c, SWT.BORDER);
        t.setText(value == null ? "" : value);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(t);
        t.addModifyListener(e -> onChange.accept(t.getText()));
        return t;
    }
}
