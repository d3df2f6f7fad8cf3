package org.ddstuner.samples.ui.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.ddstuner.dds.Qos;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * One policy of the {@link QosEditor}: a name, its controls and, beside them, the error of this field in red.
 * A row knows how to show a policy of a {@link Qos} and to put the edited one back; a row the person did not
 * touch keeps the policy exactly as derived (maybe unset), so editing one field never pins the others.
 */
final class QosRow {

    /** A field that does not parse; the message is shown at the row. */
    static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** Reads a policy from the row's controls (may throw {@link Invalid}). */
    interface Reader {
        Qos apply(Qos q) throws Invalid;
    }

    final String name;
    final int tab;
    final Composite controls;
    private final Label error;
    private final List<Control> inputs = new ArrayList<>();
    private java.util.function.Consumer<Qos> shower = q -> { };
    private Reader reader = q -> q;
    private String shownState = "";

    QosRow(Composite parent, int tab, String name, String tip) {
        this.name = name.endsWith(":") ? name.substring(0, name.length() - 1) : name;
        this.tab = tab;
        Label l = new Label(parent, SWT.NONE);
        l.setText(name);
        l.setToolTipText(tip);
        controls = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(8).applyTo(controls);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(controls);
        error = new Label(parent, SWT.WRAP);
        error.setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_RED));
        // the column takes no room until a field has an error (the Writer view's QoS pane is narrow)
        GridDataFactory.fillDefaults().hint(0, SWT.DEFAULT).align(SWT.FILL, SWT.CENTER).applyTo(error);
    }

    QosRow onShow(java.util.function.Consumer<Qos> s) {
        this.shower = s;
        return this;
    }

    QosRow onApply(Reader r) {
        this.reader = r;
        return this;
    }

    // ---- controls

    Combo combo(Enum<?>[] values) {
        Combo c = new Combo(controls, SWT.READ_ONLY);
        for (Enum<?> v : values) {
            c.add(v.name());
        }
        inputs.add(c);
        return c;
    }

    Text text(String tip, int widthHint) {
        Text t = new Text(controls, SWT.BORDER);
        t.setToolTipText(tip);
        t.setMessage(tip);
        GridDataFactory.fillDefaults().hint(widthHint, SWT.DEFAULT).grab(widthHint < 0, false).applyTo(t);
        inputs.add(t);
        return t;
    }

    Button check(String label) {
        Button b = new Button(controls, SWT.CHECK);
        b.setText(label);
        inputs.add(b);
        return b;
    }

    void label(String text) {
        new Label(controls, SWT.NONE).setText(text);
    }

    // ---- show / apply

    void show(Qos q) {
        shower.accept(q);
        shownState = state();
        setError(null);
    }

    /** The policy as edited, or {@code q} unchanged if the person did not touch this row. */
    Qos apply(Qos q) throws Invalid {
        if (state().equals(shownState)) {
            return q;
        }
        return reader.apply(q);
    }

    /** Whether the person changed this row since {@link #show}. */
    boolean edited() {
        return !state().equals(shownState);
    }

    /** What the controls hold now, to tell whether the person edited the row. */
    private String state() {
        StringBuilder sb = new StringBuilder();
        for (Control c : inputs) {
            if (c instanceof Combo x) {
                sb.append(x.getSelectionIndex());
            } else if (c instanceof Text x) {
                sb.append(x.getText().strip());
            } else if (c instanceof Button x) {
                sb.append(x.getSelection());
            }
            sb.append('\u0001');
        }
        return sb.toString();
    }

    void setError(String message) {
        boolean shown = message != null && !message.isEmpty();
        error.setText(shown ? message : "");
        error.setToolTipText(message);
        org.eclipse.swt.layout.GridData gd = (org.eclipse.swt.layout.GridData) error.getLayoutData();
        if ((gd.widthHint > 0) != shown) {
            gd.widthHint = shown ? 200 : 0;
            error.getParent().layout(true, true);
        }
    }

    String errorText() {
        return error.getText();
    }

    // ---- parsing

    /**
     * Milliseconds (decimals allowed) as a duration; empty is {@code empty} ({@link Qos#INFINITE} or zero),
     * as are "inf" and "infinite" when infinite is allowed.
     */
    static Duration duration(Text t, Duration empty) throws Invalid {
        String s = t.getText().strip();
        boolean infOk = Qos.isInfinite(empty);
        if (s.isEmpty() || infOk && (s.equalsIgnoreCase("inf") || s.equalsIgnoreCase("infinite"))) {
            return empty;
        }
        try {
            double ms = Double.parseDouble(s);
            if (ms < 0 || Double.isNaN(ms) || Double.isInfinite(ms) || ms > 9.2e12) {
                throw new NumberFormatException();
            }
            return Duration.ofNanos(Math.round(ms * 1e6));
        } catch (NumberFormatException e) {
            throw new Invalid(Messages.fill(Messages.QOS_BAD_DURATION, s, infOk ? Messages.QOS_OR_EMPTY_INFINITE : ""));
        }
    }

    /** How a duration is shown: milliseconds without trailing zeros; infinite as empty. */
    static String durationText(Duration d, Duration empty) {
        if (d == null || d.equals(empty) || Qos.isInfinite(d) && Qos.isInfinite(empty)) {
            return "";
        }
        if (Qos.isInfinite(d)) {
            return "infinite";
        }
        return java.math.BigDecimal.valueOf(d.toNanos(), 6).stripTrailingZeros().toPlainString();
    }

    static int integer(Text t, int empty) throws Invalid {
        String s = t.getText().strip();
        if (s.isEmpty()) {
            return empty;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new Invalid(Messages.fill(Messages.QOS_BAD_INT, s));
        }
    }

    /** A resource limit: -1 (or empty) for unlimited, else at least 1. */
    static int limit(Text t) throws Invalid {
        int v = integer(t, -1);
        if (v == 0 || v < -1) {
            throw new Invalid(Messages.fill(Messages.QOS_BAD_LIMIT, t.getText().strip()));
        }
        return v;
    }

    static String limitText(int v) {
        return v < 0 ? "" : Integer.toString(v);
    }

    static <E extends Enum<E>> E selected(Combo c, E[] values) {
        return values[Math.max(0, c.getSelectionIndex())];
    }

    static <P, V> V or(P policy, Function<P, V> get, V fallback) {
        return policy == null ? fallback : get.apply(policy);
    }
}
