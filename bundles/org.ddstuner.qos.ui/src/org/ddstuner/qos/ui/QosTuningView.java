package org.ddstuner.qos.ui;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.ListViewer;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;

/**
 * "QoS Tuning": the own readers and writers (of Reader/Writer views whose QoS was edited, and those made by
 * Create Reader/Writer… without a view) on the left, the {@link QosTuningEditor} of the chosen one on the
 * right. A thin part: the editor does the work.
 */
public final class QosTuningView extends ViewPart {

    public static final String ID = "org.ddstuner.qos.ui.views.tuning";

    private ListViewer list;
    private QosTuningEditor editor;
    private StatisticsChart chart;
    private final Runnable listener = this::refreshList;

    @Override
    public void createPartControl(Composite parent) {
        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        Composite left = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(left);
        new Label(left, SWT.NONE).setText(Messages.OWN_HEADING);
        list = new ListViewer(left, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL);
        list.setContentProvider(ArrayContentProvider.getInstance());
        list.setLabelProvider(new LabelProvider());
        GridDataFactory.fillDefaults().grab(true, true).applyTo(list.getControl());
        Button delete = new Button(left, SWT.PUSH);
        delete.setText(Messages.DELETE);
        delete.setToolTipText(Messages.DELETE_TIP);
        delete.addListener(SWT.Selection, e -> {
            OwnEndpoint sel = selected();
            if (sel != null && !sel.hasView()) {
                OwnEndpoints.get().remove(sel);
            }
        });
        editor = new QosTuningEditor(sash);
        chart = new StatisticsChart(sash);
        sash.setWeights(21, 56, 23); // room for "… (on agent NAME)" in the list
        list.addSelectionChangedListener(e -> {
            OwnEndpoint sel = selected();
            delete.setEnabled(sel != null && !sel.hasView());
            if (sel != editor.endpoint()) {
                editor.show(sel);
                chart.show(sel);
            }
        });
        OwnEndpoints.get().addListener(listener);
        refreshList();
    }

    private OwnEndpoint selected() {
        return (OwnEndpoint) ((IStructuredSelection) list.getSelection()).getFirstElement();
    }

    private void refreshList() {
        if (list == null || list.getControl().isDisposed()) {
            return;
        }
        OwnEndpoint sel = selected();
        list.setInput(OwnEndpoints.get().all());
        if (sel != null && OwnEndpoints.get().all().contains(sel)) {
            list.setSelection(new StructuredSelection(sel));
        } else if (editor.endpoint() != null && !OwnEndpoints.get().all().contains(editor.endpoint())) {
            editor.show(null);
            chart.show((OwnEndpoint) null);
        }
        if (editor.endpoint() != null && OwnEndpoints.get().all().contains(editor.endpoint())) {
            editor.refreshIfRemade();
        }
    }

    /** Shows {@code e} in the list and its QoS in the editor. */
    public void select(OwnEndpoint e) {
        refreshList();
        list.setSelection(new StructuredSelection(e), true);
        if (editor.endpoint() != e) {
            editor.show(e);
            chart.show(e);
        }
    }

    StatisticsChart chart() {
        return chart;
    }

    public QosTuningEditor editor() {
        return editor;
    }

    public java.util.List<String> listLabels() {
        return java.util.List.of(list.getList().getItems());
    }

    @Override
    public void setFocus() {
        list.getControl().setFocus();
    }

    @Override
    public void dispose() {
        OwnEndpoints.get().removeListener(listener);
        super.dispose();
    }
}
