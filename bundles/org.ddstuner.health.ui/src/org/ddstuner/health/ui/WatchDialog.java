package org.ddstuner.health.ui;

import java.util.List;

import org.ddstuner.health.Severity;
import org.ddstuner.health.WatchRequest;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * The parameters of a watch asked for from a topic or participant: a rate floor and a silence limit (each optional,
 * on top of the default rules), the severity of its problems and an optional sequence field whose gaps count as
 * lost samples (a combo of the type's integer fields when the type is known, else a text field). OK makes the {@link WatchRequest}.
 */
public final class WatchDialog extends TitleAreaDialog {

    private final WatchRequest.Scope scope;
    private final String target;
    private final List<String> topics;
    private final String where;
    private Button rateOn;
    private Text rate;
    private Button silenceOn;
    private Text silence;
    private Combo severity;
    /** The topic type's integer fields (a combo offers them), or {@code null}: unknown, a text field. */
    private List<String> integerFields;
    private Control sequence;
    private WatchRequest result;

    /** @param where the connection, for the message ("on Test rig (domain 66)") */
    public WatchDialog(Shell parent, WatchRequest.Scope scope, String target, List<String> topics, String where) {
        super(parent);
        this.scope = scope;
        this.target = target;
        this.topics = topics;
        this.where = where;
    }

    /** Offers {@code fields} (the integer fields of the topic's type) as the sequence field; {@code null}: unknown. */
    public WatchDialog withIntegerFields(List<String> fields) {
        this.integerFields = fields;
        return this;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(scope == WatchRequest.Scope.TOPIC ? Messages.WATCH_TOPIC_TITLE : Messages.WATCH_PARTICIPANT_TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(switch (scope) {
            case TOPIC -> "Watch topic " + target;
            case WRITES -> "Watch every topic " + target + " writes";
            case READS -> "Watch the " + topics.size() + " topic(s) " + target + " reads";
        });
        setMessage(Messages.WATCH_MESSAGE + " " + where + ".");
        Composite c = new Composite(area, SWT.NONE);
        c.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        c.setLayout(new GridLayout(3, false));
        rateOn = new Button(c, SWT.CHECK);
        rateOn.setText(Messages.WATCH_RATE);
        rate = number(c, "1", Messages.WATCH_RATE_UNIT);
        silenceOn = new Button(c, SWT.CHECK);
        silenceOn.setText(Messages.WATCH_SILENCE);
        silence = number(c, "5", Messages.WATCH_SILENCE_UNIT);
        new Label(c, SWT.NONE).setText(Messages.WATCH_SEVERITY);
        severity = new Combo(c, SWT.READ_ONLY);
        severity.setItems(Messages.WATCH_SEVERITY_USUAL, "info", "warning", "error");
        severity.select(0);
        severity.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false, 2, 1));
        new Label(c, SWT.NONE).setText(Messages.WATCH_SEQUENCE);
        if (integerFields != null) {
            Combo seq = new Combo(c, SWT.DROP_DOWN); // editable: a nested field may be typed too
            seq.add("");
            integerFields.forEach(seq::add);
            seq.select(0);
            seq.addListener(SWT.Modify, e -> validate());
            sequence = seq;
        } else {
            Text seq = new Text(c, SWT.BORDER);
            seq.setMessage(Messages.WATCH_SEQUENCE_HINT);
            seq.addListener(SWT.Modify, e -> validate());
            sequence = seq;
        }
        sequence.setToolTipText(Messages.WATCH_SEQUENCE_TIP);
        sequence.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false, 2, 1));
        Label always = new Label(c, SWT.WRAP);
        always.setText(Messages.WATCH_ALWAYS + (scope == WatchRequest.Scope.READS ? "\n" + String.join(", ", topics)
                : scope == WatchRequest.Scope.WRITES ? "\n" + Messages.WATCH_WRITES_LIVE : ""));
        GridData gd = new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1);
        gd.widthHint = 460;
        always.setLayoutData(gd);
        rateOn.addListener(SWT.Selection, e -> validate());
        silenceOn.addListener(SWT.Selection, e -> validate());
        return area;
    }

    private Text number(Composite c, String value, String unit) {
        Text t = new Text(c, SWT.BORDER | SWT.RIGHT);
        t.setText(value);
        GridData gd = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        gd.widthHint = 70;
        t.setLayoutData(gd);
        t.addListener(SWT.Modify, e -> validate());
        new Label(c, SWT.NONE).setText(unit);
        return t;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, Messages.WATCH_OK, true);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
        validate();
    }

    /** The request the fields make, or an error message in the title area (OK disabled). */
    private void validate() {
        rate.setEnabled(rateOn.getSelection());
        silence.setEnabled(silenceOn.getSelection());
        String error = null;
        try {
            result = new WatchRequest(scope, target, topics, rateOn.getSelection() ? parse(rate, "rate floor") : null,
                    silenceOn.getSelection() ? parse(silence, "silence") : null,
                    severity.getSelectionIndex() <= 0 ? null : Severity.of(severity.getText()),
                    sequence instanceof Combo k ? k.getText() : ((Text) sequence).getText());
        } catch (IllegalArgumentException e) {
            result = null;
            error = e.getMessage();
        }
        setErrorMessage(error);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(result != null);
        }
    }

    private static double parse(Text t, String what) {
        try {
            return Double.parseDouble(t.getText().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the " + what + " is not a number: \"" + t.getText() + "\"");
        }
    }

    /** The watch asked for (after OK), else {@code null}. */
    public WatchRequest request() {
        return getReturnCode() == OK ? result : null;
    }

    /** Test access: the fields, in the order rate on, rate, silence on, silence, severity, sequence field. */
    Control[] fields() {
        return new Control[] { rateOn, rate, silenceOn, silence, severity, sequence };
    }

    /** Test access: re-reads the fields after a test set them. */
    void fieldsChanged() {
        validate();
    }

    /** Test access: as a click on the Watch button. */
    void pressOk() {
        okPressed();
    }
}
