package org.ddstuner.plot.ui;

import java.util.List;

import org.ddstuner.plot.NumericValues;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

/**
 * Chooses a numeric field of any open Reader view, so fields of several topics share one chart: the readers by
 * topic and connection, the fields as the newest sample holds them (nested members, first array elements).
 */
final class AddFieldDialog extends Dialog {

    /** Instances offered at most (a topic may have 20,000). */
    private static final int MAX_INSTANCES = 200;

    private final List<ReaderView> readers;
    private Combo readerCombo;
    private Combo fieldCombo;
    private Combo instanceCombo;
    private List<String> paths = List.of();
    /** The latest sample per instance of the chosen reader; null first: every instance. */
    private List<ReceivedSample> instances = List.of();
    private ReceivedSample chosenInstance;
    private ReaderView chosenReader;
    private String chosenPath;

    AddFieldDialog(Shell parent, List<ReaderView> readers) {
        super(parent);
        this.readers = readers;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(Messages.DIALOG_TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite c = (Composite) super.createDialogArea(parent);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(c);
        if (readers.isEmpty()) {
            new Label(c, SWT.WRAP).setText(Messages.DIALOG_NO_READERS);
            return c;
        }
        new Label(c, SWT.NONE).setText(Messages.DIALOG_READER);
        readerCombo = new Combo(c, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).hint(420, SWT.DEFAULT).applyTo(readerCombo);
        for (ReaderView r : readers) {
            readerCombo.add(r.target().topic() + " \u2014 " + r.target().name());
        }
        new Label(c, SWT.NONE).setText(Messages.DIALOG_FIELD);
        fieldCombo = new Combo(c, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(fieldCombo);
        new Label(c, SWT.NONE).setText(Messages.DIALOG_INSTANCE);
        instanceCombo = new Combo(c, SWT.READ_ONLY);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(instanceCombo);
        readerCombo.addListener(SWT.Selection, e -> fields());
        readerCombo.select(0);
        fields();
        return c;
    }

    /** The numeric leaves of the chosen reader's newest sample, and its instances. */
    private void fields() {
        ReaderView r = readers.get(readerCombo.getSelectionIndex());
        List<ReceivedSample> latest = r.session().instances().stream()
                .sorted(java.util.Comparator.comparingLong(InstanceView::instanceHandle)).map(InstanceView::latest)
                .filter(s -> s != null && s.value() != null).toList();
        paths = latest.isEmpty() ? List.of() : NumericValues.numericPaths(latest.getFirst().value());
        fieldCombo.removeAll();
        if (paths.isEmpty()) {
            fieldCombo.add(Messages.DIALOG_NO_SAMPLE);
        }
        paths.forEach(fieldCombo::add);
        fieldCombo.select(0);
        // a keyed topic: one instance per line (the first by default), or all of them in one
        instanceCombo.removeAll();
        List<ReceivedSample> keyed = latest.stream()
                .filter(s -> !PlotSeries.instanceLabel(r.session(), s).isEmpty())
                .sorted(java.util.Comparator.comparing(s -> PlotSeries.instanceLabel(r.session(), s)))
                .limit(MAX_INSTANCES).toList();
        instances = new java.util.ArrayList<>();
        instances.add(null);
        instances.addAll(keyed);
        instanceCombo.add(Messages.DIALOG_ALL_INSTANCES);
        keyed.forEach(s -> instanceCombo.add(PlotSeries.instanceLabel(r.session(), s)));
        instanceCombo.select(keyed.isEmpty() ? 0 : 1);
    }

    @Override
    protected void okPressed() {
        if (readerCombo != null && !paths.isEmpty()) {
            chosenReader = readers.get(readerCombo.getSelectionIndex());
            chosenPath = paths.get(fieldCombo.getSelectionIndex());
            chosenInstance = instances.get(Math.max(instanceCombo.getSelectionIndex(), 0));
        }
        super.okPressed();
    }

    ReaderView reader() {
        return chosenReader;
    }

    String path() {
        return chosenPath;
    }

    /** A sample of the chosen instance, or null for every instance. */
    ReceivedSample instanceOf() {
        return chosenInstance;
    }
}
