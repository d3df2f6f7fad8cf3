package org.ddstuner.samples.ui.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Qos.AccessScope;
import org.ddstuner.dds.Qos.DestinationOrderKind;
import org.ddstuner.dds.Qos.DurabilityKind;
import org.ddstuner.dds.Qos.HistoryKind;
import org.ddstuner.dds.Qos.LivelinessKind;
import org.ddstuner.dds.Qos.OwnershipKind;
import org.ddstuner.dds.Qos.ReliabilityKind;
import org.ddstuner.dds.Qos.TypeConsistencyKind;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ui.Messages;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.swt.widgets.Text;

/**
 * The editable {@link DerivedQos} of the tool's own reader or writer, shared by the Read dialog and the Writer
 * view: every standard policy that matters for one endpoint (on three tabs: main; timing and limits;
 * ownership, order and more), the partitions, and the notes that say why each value was derived. A field
 * that does not parse, or contradicts another (history depth over the per-instance limit, a time-based
 * filter longer than the deadline), is named in red beside it and {@link #result()} is null. Policies the
 * person did not touch are kept exactly as derived.
 */
public final class QosEditor extends Composite {

    /** How the default partition (the empty name) is written in the partitions field. */
    public static final String DEFAULT_PARTITION = "(default)";

    private final boolean reader;
    private final TabFolder tabs;
    private final List<Composite> pages = new ArrayList<>();
    private final List<QosRow> rows = new ArrayList<>();
    private final QosEditorRows built;
    private final Text partitions;
    private final Text notes;
    private final Label error;
    private DerivedQos derived;

    public QosEditor(Composite parent, boolean reader) {
        super(parent, SWT.NONE);
        this.reader = reader;
        GridLayoutFactory.fillDefaults().applyTo(this);
        tabs = new TabFolder(this, SWT.TOP);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);
        for (String t : List.of(Messages.QOS_TAB_MAIN, Messages.QOS_TAB_TIMING, Messages.QOS_TAB_MORE)) {
            TabItem item = new TabItem(tabs, SWT.NONE);
            item.setText(t);
            // scrolls where the pane is narrower than the rows (the Writer view's QoS pane)
            ScrolledComposite scroll = new ScrolledComposite(tabs, SWT.H_SCROLL | SWT.V_SCROLL);
            Composite page = new Composite(scroll, SWT.NONE);
            GridLayoutFactory.swtDefaults().numColumns(3).applyTo(page);
            scroll.setContent(page);
            scroll.setExpandHorizontal(true);
            scroll.setExpandVertical(true);
            page.addListener(SWT.Resize, e -> scroll.setMinSize(page.computeSize(SWT.DEFAULT, SWT.DEFAULT)));
            scroll.addListener(SWT.Resize, e -> scroll.setMinSize(page.computeSize(SWT.DEFAULT, SWT.DEFAULT)));
            item.setControl(scroll);
            pages.add(page);
        }
        built = new QosEditorRows(this, reader);
        QosRow p = new QosRow(pages.get(0), 0, Messages.QOS_PARTITIONS, null);
        partitions = p.text(reader ? Messages.QOS_PARTITIONS_TIP_READER : Messages.QOS_PARTITIONS_TIP_WRITER, -1);
        Label n = new Label(pages.get(0), SWT.NONE);
        n.setText(Messages.QOS_NOTES);
        GridDataFactory.fillDefaults().align(SWT.BEGINNING, SWT.BEGINNING).applyTo(n);
        notes = new Text(pages.get(0), SWT.MULTI | SWT.WRAP | SWT.READ_ONLY | SWT.V_SCROLL | SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).hint(160, 60).applyTo(notes);
        error = new Label(this, SWT.WRAP);
        error.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(error);
    }

    /** A new row on tab {@code tab} (0 main, 1 timing and limits, 2 more). */
    QosRow row(int tab, String name, String tip) {
        QosRow r = new QosRow(pages.get(tab), tab, name, tip);
        rows.add(r);
        return r;
    }

    boolean reader() {
        return reader;
    }

    /** Shows a derived QoS (and its notes) for editing. */
    public void show(DerivedQos qos) {
        this.derived = qos;
        Qos q = qos.qos();
        rows.forEach(r -> r.show(q));
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
     * The derived QoS with the person's edits, or null when a field is invalid (its error is shown beside it,
     * the first such tab is brought to the front, and {@link #errorText()} names the fields).
     */
    public DerivedQos result() {
        Qos q = derived.qos();
        List<QosRow> bad = new ArrayList<>();
        for (QosRow r : rows) {
            try {
                r.setError(null);
                q = r.apply(q);
            } catch (QosRow.Invalid e) {
                r.setError(e.getMessage());
                bad.add(r);
            }
        }
        if (bad.isEmpty()) {
            bad.addAll(built.checkConsistency(q));
        }
        if (!bad.isEmpty()) {
            tabs.setSelection(bad.get(0).tab);
            error.setText(Messages.fill(Messages.QOS_FIELD_ERRORS,
                    String.join(", ", bad.stream().map(r -> r.name).toList())));
            relayout();
            return null;
        }
        error.setText("");
        relayout();
        return derived.withQos(q).withPartitions(parsePartitions(partitions.getText()));
    }

    /** Lays out after errors came or went; the pages' scroll areas follow their new size. */
    private void relayout() {
        for (Composite p : pages) {
            ((ScrolledComposite) p.getParent()).setMinSize(p.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        }
        layout(true, true);
    }

    /** The partitions field, for tests. */
    public Text partitionsField() {
        return partitions;
    }

    public Combo reliabilityField() {
        return built.reliability;
    }

    public Text notesField() {
        return notes;
    }

    public String errorText() {
        return error.getText();
    }

    /** The error shown beside the row named {@code name} (e.g. "Deadline (ms)"), "" if none. */
    public String fieldError(String name) {
        return find(name).errorText();
    }

    /** The row's first text field ({@code index} 0) or a later one, for tests. */
    public Text textField(String name, int index) {
        return Ui.nth(find(name).controls, Text.class, index);
    }

    /** The row's combo ({@code index} 0) or a later one, for tests. */
    public Combo comboField(String name, int index) {
        return Ui.nth(find(name).controls, Combo.class, index);
    }

    /** The row's check box labelled {@code label}, for tests. */
    public org.eclipse.swt.widgets.Button checkField(String name, String label) {
        for (var c : find(name).controls.getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Button b && b.getText().equals(label)) {
                return b;
            }
        }
        throw new IllegalArgumentException("no check box " + label + " in row " + name);
    }

    /** The names of the rows (without the colon), in tab order. */
    public List<String> rowNames() {
        return rows.stream().map(r -> r.name).toList();
    }

    /** Selects tab {@code i} (0 main, 1 timing and limits, 2 more). */
    public void showTab(int i) {
        tabs.setSelection(i);
    }

    private QosRow find(String name) {
        return rows.stream().filter(r -> r.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no QoS row " + name + " in " + rowNames()));
    }

    /** Small helpers for the test accessors. */
    private static final class Ui {
        static <T> T nth(Composite c, Class<T> type, int index) {
            int i = 0;
            for (var x : c.getChildren()) {
                if (type.isInstance(x) && i++ == index) {
                    return type.cast(x);
                }
            }
            throw new IllegalArgumentException("no " + type.getSimpleName() + " #" + index);
        }
    }

    // the defaults a row shows when the derived QoS leaves a policy unset (DDS spec / Cyclone defaults)
    static final Duration INF = Qos.INFINITE;
    static final ReliabilityKind DEFAULT_READER_RELIABILITY = ReliabilityKind.BEST_EFFORT;
    static final DurabilityKind DEFAULT_DURABILITY = DurabilityKind.VOLATILE;
    static final HistoryKind DEFAULT_HISTORY = HistoryKind.KEEP_LAST;
    static final LivelinessKind DEFAULT_LIVELINESS = LivelinessKind.AUTOMATIC;
    static final OwnershipKind DEFAULT_OWNERSHIP = OwnershipKind.SHARED;
    static final DestinationOrderKind DEFAULT_ORDER = DestinationOrderKind.BY_RECEPTION_TIMESTAMP;
    static final AccessScope DEFAULT_SCOPE = AccessScope.INSTANCE;
    static final TypeConsistencyKind DEFAULT_CONSISTENCY = TypeConsistencyKind.ALLOW_TYPE_COERCION;
}
