package org.ddstuner.qos.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.qos.TunedKind;
import org.ddstuner.qos.TuningOutcome;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.EditingSupport;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The QoS editor of one own reader or writer, as OpenSplice Tuner had it: a table of the policies with an
 * editable Value cell; a policy the capability table calls immutable is greyed and locked with the reason as
 * text and tooltip, one that changes only by re-creating the entity is editable but marked (peers see a new
 * GUID). Preview lists the matches gained and lost against every discovered peer; Apply runs
 * {@code QosTuner.apply} in a Job and shows the confirmation from discovery (old → new per policy, or why not).
 */
public final class QosTuningEditor extends Composite {

    /** One row: a policy, how it can change for this endpoint, its announced value and the edited text. */
    static final class Row {
        final TunableEndpoint owner;
        final String policy;
        final Capability capability;
        /** "publisher"/"subscriber" for a policy of the parent the endpoint's announcement carries; else null. */
        final String scope;
        Object current;
        String edited;

        Row(TunableEndpoint owner, String policy, Capability capability, String scope) {
            this.owner = owner;
            this.policy = policy;
            this.capability = capability;
            this.scope = scope;
        }

        Changeability how() {
            return capability == null ? Changeability.IMMUTABLE : owner.how(capability);
        }

        boolean locked() {
            return capability == null || owner.locked(capability);
        }

        String reason() {
            return capability == null ? Messages.NO_CAPABILITY : owner.reason(capability);
        }
    }

    private final Label title;
    private final TableViewer viewer;
    private final Button previewButton;
    private final Button applyButton;
    private final Label status;
    private final Label why;
    private final PreviewTable preview;
    private final Text confirmation;
    private final Font bold;
    private final List<Row> rows = new ArrayList<>();
    private TunableEndpoint endpoint;
    /** The row of Preview, Apply, Reset (and added actions) before the status. */
    private final Composite actions;
    private Qos previewed;
    private boolean applying;
    /** The GUID the values shown are of. */
    private org.ddstuner.dds.Guid shownGuid;

    public QosTuningEditor(Composite parent) {
        super(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(this);
        title = new Label(this, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(title);
        title.setText(Messages.NO_ENDPOINT);
        var fd = title.getFont().getFontData()[0];
        bold = new Font(getDisplay(), fd.getName(), fd.getHeight(), SWT.BOLD);
        addDisposeListener(e -> bold.dispose());

        // policies above, preview and confirmation below: the person drags the sash to see more of either
        SashForm sash = new SashForm(this, SWT.VERTICAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        Composite top = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(top);
        Composite bottom = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(bottom);
        sash.setWeights(62, 38);
        viewer = new TableViewer(top, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        ColumnViewerToolTipSupport.enableFor(viewer);
        column(Messages.COL_POLICY, 205, r -> (r.locked() ? Messages.LOCKED : "") + r.policy
                + (r.scope != null ? " (" + r.scope + ")" : ""), null);
        TableViewerColumn value = column(Messages.COL_VALUE, 150, r -> r.edited != null ? r.edited
                : PolicyText.format(r.current), null);
        value.setEditingSupport(new ValueEditing());
        column(Messages.COL_HOW, 252, r -> r.how().text() + (r.how() == Changeability.RECREATE ? Messages.RECREATE_MARK : ""),
                null);
        column(Messages.COL_REASON, 420, Row::reason, null);
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 200).applyTo(viewer.getControl());

        // the whole reason of the selected policy (the Why column is narrow; its tooltip says the same)
        why = new Label(top, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(why);
        viewer.addSelectionChangedListener(e -> {
            Object first = viewer.getStructuredSelection().getFirstElement();
            why.setText(first instanceof Row r ? (r.locked() ? Messages.LOCKED : "") + r.policy + " — " + r.how().text()
                    + ": " + r.reason() : "");
            top.layout(true, true);
        });

        Composite buttons = new Composite(top, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(4).applyTo(buttons);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(buttons);
        previewButton = button(buttons, Messages.PREVIEW, this::preview);
        applyButton = button(buttons, Messages.APPLY, this::apply);
        button(buttons, Messages.RESET, this::reset);
        status = new Label(buttons, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);
        actions = buttons;

        new Label(bottom, SWT.NONE).setText(Messages.PREVIEW_HEADING);
        preview = new PreviewTable(bottom);
        new Label(bottom, SWT.NONE).setText(Messages.CONFIRM_HEADING);
        confirmation = new Text(bottom, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL);
        GridDataFactory.fillDefaults().grab(true, true).hint(SWT.DEFAULT, 60).applyTo(confirmation);
        updateButtons();
    }

    private interface Texts {
        String text(Row r);
    }

    private TableViewerColumn column(String name, int width, Texts texts, Object unused) {
        TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(name);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return texts.text((Row) element);
            }

            @Override
            public String getToolTipText(Object element) {
                Row r = (Row) element;
                return r.policy + ": " + r.how().text() + " — " + r.reason();
            }

            @Override
            public Color getForeground(Object element) {
                Row r = (Row) element;
                return r.locked() ? getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY)
                        : r.how() == Changeability.RECREATE || r.how() == Changeability.NEXT_START ? getDisplay().getSystemColor(SWT.COLOR_DARK_YELLOW) : null;
            }

            @Override
            public Color getBackground(Object element) {
                return ((Row) element).locked() ? getDisplay().getSystemColor(SWT.COLOR_WIDGET_BACKGROUND) : null;
            }

            @Override
            public Font getFont(Object element) {
                return ((Row) element).edited != null ? bold : null;
            }
        });
        return c;
    }

    private final class ValueEditing extends EditingSupport {
        ValueEditing() {
            super(viewer);
        }

        @Override
        protected CellEditor getCellEditor(Object element) {
            return new TextCellEditor(viewer.getTable());
        }

        @Override
        protected boolean canEdit(Object element) {
            Row r = (Row) element;
            return !r.locked() && !applying && PolicyText.editable(r.current);
        }

        @Override
        protected Object getValue(Object element) {
            Row r = (Row) element;
            return r.edited != null ? r.edited : PolicyText.format(r.current);
        }

        @Override
        protected void setValue(Object element, Object value) {
            edit(((Row) element).policy, String.valueOf(value));
        }
    }

    private static Button button(Composite parent, String text, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /**
     * Adds a button after Preview, Apply and Reset (another kind of endpoint's own action, e.g. the agent's "Write
     * Override File…").
     */
    public Button addAction(String text, String tooltip, Runnable action) {
        Button b = button(actions, text, action);
        b.setToolTipText(tooltip);
        b.moveAbove(status);
        ((org.eclipse.swt.layout.GridLayout) actions.getLayout()).numColumns++;
        actions.getParent().layout(true, true);
        return b;
    }

    /** Shows {@code e}'s policies with the values discovery announces for it now. */
    public void show(TunableEndpoint e) {
        endpoint = e;
        rows.clear();
        previewed = null;
        preview.clear();
        if (e == null) {
            title.setText(Messages.NO_ENDPOINT);
            viewer.setInput(rows);
            confirmation.setText("");
            status.setText(""); // the last endpoint's "Applied and confirmed" is not about nothing
            updateButtons();
            return;
        }
        TunedKind kind = e.isWriter() ? TunedKind.WRITER : TunedKind.READER;
        for (Capability c : Tuning.capabilities().of(kind)) {
            rows.add(new Row(e, c.policy(), c, null));
        }
        // the publisher's/subscriber's policies that travel in the endpoint's announcement and that the library
        // cannot change: shown locked, so the person sees why a partition cannot be tuned here
        TunedKind group = e.isWriter() ? TunedKind.PUBLISHER : TunedKind.SUBSCRIBER;
        for (Capability c : Tuning.capabilities().of(group)) {
            if (c.own() == Changeability.IMMUTABLE) {
                rows.add(new Row(e, c.policy(), c, group.jsonName()));
            }
        }
        refreshValues();
        confirmation.setText(history());
        status.setText("");
        updateButtons();
    }

    private void refreshValues() {
        if (endpoint == null) {
            return;
        }
        Qos q = endpoint.announcedQos();
        for (Row r : rows) {
            r.current = PolicyValues.get(q, r.policy);
        }
        shownGuid = endpoint.guid();
        title.setText(endpoint.label() + " · " + shownGuid);
        freshItems();
        layout(true, true);
    }

    /**
     * Shows the rows in fresh items: after a value changed, TableViewer.refresh updated the items' texts (tests read
     * them) but GTK kept painting the ones they had first (screenshots showed them); selection and scroll stay.
     */
    private void freshItems() {
        Object selected = viewer.getStructuredSelection().getFirstElement();
        int top = viewer.getTable().getTopIndex();
        viewer.setInput(null);
        viewer.setInput(rows);
        if (selected != null && rows.contains(selected)) {
            viewer.setSelection(new org.eclipse.jface.viewers.StructuredSelection(selected));
        }
        viewer.getTable().setTopIndex(top);
    }

    /**
     * Shows the endpoint again when it has another GUID than the one shown (made again elsewhere, e.g. on an agent
     * after a lost link), so the values are its own; nothing while an Apply runs.
     */
    public void refreshIfRemade() {
        try {
            if (endpoint != null && !applying && shownGuid != null && !shownGuid.equals(endpoint.guid())) {
                show(endpoint);
            }
        } catch (RuntimeException deleted) {
            // deleted meanwhile: the view drops it from its list
        }
    }

    /** Types {@code text} into the Value cell of {@code policy}, as the cell editor does. */
    public void edit(String policy, String text) {
        Row r = row(policy);
        if (r.locked()) {
            throw new IllegalStateException(policy + " is locked: " + r.reason());
        }
        status.setForeground(null);
        r.edited = text.equals(PolicyText.format(r.current)) ? null : text;
        previewed = null;
        preview.clear();
        if (viewer.isCellEditorActive()) {
            viewer.refresh(r); // called from the cell editor, whose item must stay until it is done
            getDisplay().asyncExec(() -> {
                if (!isDisposed() && !viewer.isCellEditorActive()) {
                    freshItems();
                }
            });
        } else {
            freshItems();
            viewer.reveal(r);
        }
        updateButtons();
        String kind = endpoint.isWriter() ? "writer" : "reader";
        status.setText(r.edited == null ? "" : r.how() == Changeability.RECREATE
                ? String.format(Messages.RECREATE_WARNING, policy, kind)
                : r.how() == Changeability.NEXT_START ? String.format(Messages.NEXT_START_NOTE, policy, kind) : "");
    }

    /** The edited policies as a QoS; sets the status to the first parse error and returns null then. */
    private Qos change() {
        Qos q = Qos.EMPTY;
        for (Row r : rows) {
            if (r.edited == null) {
                continue;
            }
            try {
                Class<?> type = r.current != null ? r.current.getClass()
                        : PolicyValues.changed(r.policy, null).getClass();
                q = PolicyValues.with(q, PolicyText.parse(type, r.edited));
            } catch (IllegalArgumentException ex) {
                status.setText(r.policy + ": " + ex.getMessage());
                status.setForeground(getDisplay().getSystemColor(SWT.COLOR_RED));
                return null;
            }
        }
        return q;
    }

    /** Lists the matches gained and lost with the edited QoS; enables Apply. */
    public void preview() {
        status.setForeground(null);
        Qos q = change();
        if (q == null) {
            return;
        }
        if (q.setPolicies().isEmpty()) {
            status.setText(Messages.NOTHING_EDITED);
            return;
        }
        try {
            Tuning.Preview p = endpoint.preview(q);
            preview.show(p.changes(), p.participantNames());
            previewed = q;
            status.setText(Messages.PREVIEW_FIRST);
        } catch (RuntimeException ex) {
            status.setText(String.valueOf(ex.getMessage()));
        }
        updateButtons();
    }

    /** Applies the previewed change in a Job; the confirmation shows when discovery announced it (or not). */
    public void apply() {
        if (previewed == null || applying) {
            return;
        }
        Qos q = previewed;
        TunableEndpoint e = endpoint;
        applying = true;
        updateButtons();
        status.setText(String.format(Messages.APPLYING, Tuning.CONFIRM_TIMEOUT.toSeconds()));
        Job job = Job.create("Apply QoS to " + e.label(), (IProgressMonitor m) -> {
            TuningOutcome out;
            String error = null;
            try {
                out = e.apply(q);
            } catch (RuntimeException ex) {
                out = null;
                error = ex.toString();
            }
            TuningOutcome result = out;
            String failure = error;
            if (!getDisplay().isDisposed()) {
                getDisplay().asyncExec(() -> applied(e, result, failure));
            }
            return Status.OK_STATUS;
        });
        job.setSystem(false);
        job.schedule();
    }

    private void applied(TunableEndpoint e, TuningOutcome out, String failure) {
        if (isDisposed()) {
            return;
        }
        applying = false;
        if (e != endpoint) {
            return;
        }
        List<String> lines = new ArrayList<>();
        if (out == null) {
            lines.add("FAILED: " + failure);
        } else {
            for (PolicyOutcome o : out.policies()) {
                lines.add(outcomeText(o));
            }
            if (out.recreated()) {
                lines.add(out.guidNotice());
            }
        }
        status.setText(out != null && out.confirmed() ? Messages.CONFIRMED : Messages.NOT_CONFIRMED);
        for (Row r : rows) {
            r.edited = null;
        }
        previewed = null;
        refreshValues();
        confirmation.setText(String.join("\n", lines) + "\n\n" + history());
        confirmation.redraw(); // GTK leaves lines of a longer previous text painted otherwise
        lastOutcome = out;
        updateButtons();
    }

    private TuningOutcome lastOutcome;

    /** PolicyOutcome.text() with values as the table shows them ("100ms", not "PT0.1S"), plus why when not done. */
    static String outcomeText(PolicyOutcome o) {
        boolean done = o.status() == PolicyOutcome.Status.APPLIED && o.confirmed();
        // the value now in force when it took, else the one asked for ("5 → 9 (live, failed) — refused …")
        return o.policy() + ": " + PolicyText.format(o.before()) + " → "
                + PolicyText.format(done && o.after() != null ? o.after() : o.requested()) + " (" + o.how().text() + ", "
                + o.status().name().toLowerCase(java.util.Locale.ROOT)
                + (o.status() == PolicyOutcome.Status.APPLIED ? o.confirmed() ? ", confirmed from discovery"
                        : ", NOT confirmed from discovery" : "")
                + ")" + (done ? "" : " — " + o.reason());
    }

    private String history() {
        List<String> changed = endpoint == null ? List.of() : endpoint.changedThisSession();
        return changed.isEmpty() ? "" : Messages.CHANGED_THIS_SESSION + String.join("; ", changed);
    }

    private void reset() {
        for (Row r : rows) {
            r.edited = null;
        }
        previewed = null;
        preview.clear();
        status.setText("");
        freshItems();
        updateButtons();
    }

    private void updateButtons() {
        boolean edited = rows.stream().anyMatch(r -> r.edited != null);
        previewButton.setEnabled(endpoint != null && edited && !applying);
        applyButton.setEnabled(previewed != null && !applying);
    }

    // ---- for tests and the view

    Row row(String policy) {
        return rows.stream().filter(r -> r.policy.equals(policy) && r.scope == null).findFirst()
                .or(() -> rows.stream().filter(r -> r.policy.equals(policy)).findFirst())
                .orElseThrow(() -> new IllegalArgumentException("no row " + policy + " in " + rowNames()));
    }

    public List<String> rowNames() {
        return rows.stream().map(r -> r.policy).toList();
    }

    /** The texts of a policy's row: policy (with the lock), value, how it changes, why; and its tooltip. */
    public Map<String, String> rowTexts(String policy) {
        Row r = row(policy);
        var item = viewer.getTable().getItem(rows.indexOf(r));
        Map<String, String> m = new LinkedHashMap<>();
        m.put("policy", item.getText(0));
        m.put("value", item.getText(1));
        m.put("how", item.getText(2));
        m.put("reason", item.getText(3));
        m.put("editable", Boolean.toString(!r.locked() && PolicyText.editable(r.current)));
        return m;
    }

    /** Selects and shows the row of {@code policy} (its reason appears under the table). */
    public void reveal(String policy) {
        Row r = row(policy);
        viewer.setSelection(new org.eclipse.jface.viewers.StructuredSelection(r), true);
    }

    TableViewer viewer() {
        return viewer;
    }

    public String titleText() {
        return title.getText();
    }

    public String whyText() {
        return why.getText();
    }

    public List<String> previewRows() {
        return preview.rows();
    }

    public String statusText() {
        return status.getText();
    }

    public String confirmationText() {
        return confirmation.getText();
    }

    public boolean isApplying() {
        return applying;
    }

    public boolean canApply() {
        return applyButton.isEnabled();
    }

    public TuningOutcome lastOutcome() {
        return lastOutcome;
    }

    /** The own reader/writer shown, or null (none, or an application's entity: {@link #tunable()}). */
    public OwnEndpoint endpoint() {
        return endpoint instanceof OwnEndpoint o ? o : null;
    }

    /** The endpoint shown, own or not. */
    public TunableEndpoint tunable() {
        return endpoint;
    }

    /**
     * The edited policies whose changeability is {@code how}, as policy records by name (for actions other than
     * Apply, e.g. an override file for NEXT_START ones).
     *
     * @throws IllegalArgumentException saying which value does not parse
     */
    public Map<String, Object> editedValues(Changeability how) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.edited == null || r.how() != how) {
                continue;
            }
            Class<?> type = r.current != null ? r.current.getClass() : PolicyValues.changed(r.policy, null).getClass();
            try {
                out.put(r.policy, PolicyText.parse(type, r.edited));
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(r.policy + ": " + ex.getMessage(), ex);
            }
        }
        return out;
    }

    /** Shows {@code text} where the editor's own status goes (red when {@code error}). */
    public void setStatus(String text, boolean error) {
        status.setText(text);
        status.setForeground(error ? getDisplay().getSystemColor(SWT.COLOR_RED) : null);
        status.getParent().layout(true, true);
    }
}
