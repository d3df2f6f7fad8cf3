package org.ddstuner.samples.ui.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.HistoryKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * The editable part of a {@link DerivedQos}: reliability, durability, history, deadline and partitions,
 * with the notes that say why each value was derived. Shared by the Read dialog and the Writer view.
 * Everything else of the derived QoS (liveliness, ownership, representation…) is kept as derived.
 */
public final class QosEditor extends Composite {

    /** How the default partition (the empty name) is written in the partitions field. */
    public static final String DEFAULT_PARTITION = "(default)";

    private final Combo reliability;
    private final Combo durability;
    private final Combo history;
    private final Spinner depth;
    private final Text deadline;
    private final Text partitions;
    private final Text notes;
    private final Label error;
    private DerivedQos derived;

    public QosEditor(Composite parent, boolean reader) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(this);
        reliability = combo(Messages.QOS_RELIABILITY, ReliabilityKind.values());
        durability = combo(Messages.QOS_DURABILITY, DurabilityKind.values());
        history = combo(Messages.QOS_HISTORY, HistoryKind.values());
        GridDataFactory.fillDefaults().span(1, 1).applyTo(history);
        depth = new Spinner(this, SWT.BORDER);
        depth.setValues(1, 1, 1_000_000, 0, 1, 100);
        history.addListener(SWT.Selection, e -> depth.setEnabled(history.getSelectionIndex() == 0));
        deadline = text(Messages.QOS_DEADLINE, Messages.QOS_DEADLINE_TIP);
        partitions = text(Messages.QOS_PARTITIONS, reader ? Messages.QOS_PARTITIONS_TIP_READER
                : Messages.QOS_PARTITIONS_TIP_WRITER);
        Label n = new Label(this, SWT.NONE);
        n.setText(Messages.QOS_NOTES);
        GridDataFactory.fillDefaults().align(SWT.BEGINNING, SWT.BEGINNING).applyTo(n);
        notes = new Text(this, SWT.MULTI | SWT.WRAP | SWT.READ_ONLY | SWT.V_SCROLL | SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).hint(160, 60).applyTo(notes);
        error = new Label(this, SWT.WRAP);
        error.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(error);
    }

    private Combo combo(String label, Enum<?>[] values) {
        new Label(this, SWT.NONE).setText(label);
        Combo c = new Combo(this, SWT.READ_ONLY);
        for (Enum<?> v : values) {
            c.add(v.name());
        }
        GridDataFactory.fillDefaults().span(label.equals(Messages.QOS_HISTORY) ? 1 : 2, 1).applyTo(c);
        return c;
    }

    private Text text(String label, String tip) {
        new Label(this, SWT.NONE).setText(label);
        Text t = new Text(this, SWT.BORDER);
        t.setToolTipText(tip);
        t.setMessage(tip);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(t);
        return t;
    }

    /** Shows a derived QoS (and its notes) for editing. */
    public void show(DerivedQos qos) {
        this.derived = qos;
        Qos q = qos.qos();
        reliability.select((q.reliability() == null ? ReliabilityKind.BEST_EFFORT : q.reliability().kind()).ordinal());
        durability.select((q.durability() == null ? DurabilityKind.VOLATILE : q.durability().kind()).ordinal());
        HistoryKind hk = q.history() == null ? HistoryKind.KEEP_LAST : q.history().kind();
        history.select(hk.ordinal());
        depth.setSelection(q.history() == null || q.history().depth() < 1 ? 1 : q.history().depth());
        depth.setEnabled(hk == HistoryKind.KEEP_LAST);
        deadline.setText(q.deadline() == null || Qos.isInfinite(q.deadline().period()) ? ""
                : Long.toString(q.deadline().period().toMillis()));
        partitions.setText(partitionText(qos.partitions()));
        List<String> lines = new ArrayList<>(qos.notes());
        if (lines.isEmpty()) {
            lines.add(Messages.QOS_NO_NOTES);
        }
        notes.setText("\u2022 " + String.join("\n\u2022 ", lines));
        error.setText("");
    }

    static String partitionText(List<String> names) {
        return String.join(", ", names.stream().map(n -> n.isEmpty() ? DEFAULT_PARTITION : n).toList());
    }

    /** The partitions as typed: comma-separated, {@value #DEFAULT_PARTITION} or nothing for the default one. */
    public static List<String> parsePartitions(String text) {
        List<String> out = new ArrayList<>();
        for (String p : text.split(",")) {
            String n = p.strip();
            if (n.equals(DEFAULT_PARTITION)) {
                out.add("");
            } else if (!n.isEmpty()) {
                out.add(n);
            }
        }
        return out.isEmpty() ? List.of("") : out.stream().distinct().toList();
    }

    /**
     * The derived QoS with the person's edits, or null when a field is invalid (the error is shown under the
     * fields).
     */
    public DerivedQos result() {
        Qos q = derived.qos();
        ReliabilityKind rk = ReliabilityKind.values()[reliability.getSelectionIndex()];
        q = rk == ReliabilityKind.RELIABLE ? q.with(new Qos.Reliability(rk, q.reliability() != null
                && q.reliability().kind() == ReliabilityKind.RELIABLE ? q.reliability().maxBlockingTime()
                        : Duration.ofMillis(100))) : q.withBestEffort();
        q = q.withDurability(DurabilityKind.values()[durability.getSelectionIndex()]);
        q = history.getSelectionIndex() == 0 ? q.withKeepLast(depth.getSelection()) : q.withKeepAll();
        String d = deadline.getText().strip();
        if (d.isEmpty()) {
            q = q.with((Qos.Deadline) null);
        } else {
            try {
                long ms = Long.parseLong(d);
                if (ms <= 0) {
                    throw new NumberFormatException();
                }
                q = q.with(new Qos.Deadline(Duration.ofMillis(ms)));
            } catch (NumberFormatException e) {
                error.setText(Messages.fill(Messages.QOS_BAD_DEADLINE, d));
                return null;
            }
        }
        error.setText("");
        return derived.withQos(q).withPartitions(parsePartitions(partitions.getText()));
    }

    /** The partitions field, for tests. */
    public Text partitionsField() {
        return partitions;
    }

    public Combo reliabilityField() {
        return reliability;
    }

    public Text notesField() {
        return notes;
    }

    public String errorText() {
        return error.getText();
    }
}
