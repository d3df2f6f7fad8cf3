package org.ddstuner.plot.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.plot.NumericValues;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.PlotStore;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ui.reader.DetailsField;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.ViewPart;

/**
 * Numeric fields of the open Reader views over time, several fields of several topics in one chart. The series
 * take samples from the readers themselves ({@link PlotStore}, bounded), so plotting does not change what the
 * Reader views show; closing a Reader view ends its series (their points stay until removed).
 */
public final class PlotView extends ViewPart {

    public static final String ID = "org.ddstuner.plot.ui.views.plot";

    private final PlotStore store = new PlotStore();
    private PlotPanel panel;

    @Override
    public void createPartControl(Composite parent) {
        panel = new PlotPanel(parent, this, store);
        panel.message(Messages.EMPTY);
        store.start();
    }

    /** Opens (or brings up) the Plot view of {@code page}. */
    public static PlotView open(IWorkbenchPage page) throws PartInitException {
        return (PlotView) page.showView(ID, null, IWorkbenchPage.VIEW_VISIBLE);
    }

    /** Plots the field selected in a Reader view's details; false (the status says why) when it cannot. */
    public boolean plot(DetailsField f) {
        if (f == null) {
            panel.message(Messages.NO_FIELD);
            return false;
        }
        if (!NumericValues.isNumeric(f.value())) {
            panel.message(Messages.fill(Messages.NOT_NUMERIC, f.path(), f.value() == null ? "not set"
                    : f.value().getClass().getSimpleName()));
            return false;
        }
        return plot(f.view(), f.path(), f.sample());
    }

    /** Plots field {@code path} of every sample {@code reader} receives (from the samples it holds now on). */
    public boolean plot(ReaderView reader, String path) {
        return plot(reader, path, null);
    }

    /**
     * Plots field {@code path} of the samples {@code reader} receives of {@code instanceOf}'s instance (null: of
     * every instance), from the samples it holds now on.
     */
    public boolean plot(ReaderView reader, String path, ReceivedSample instanceOf) {
        if (reader.session() == null || reader.session().isClosed()) {
            panel.message(Messages.NO_READER);
            return false;
        }
        try {
            PlotSeries s = store.add(reader.target().topic(), reader.session(), path, instanceOf);
            panel.message(Messages.fill(Messages.PLOTTING, s.id()));
            return true;
        } catch (IllegalStateException full) {
            panel.message(Messages.fill(Messages.TOO_MANY, full.getMessage()));
            return false;
        }
    }

    /** The Reader views that have a reader open, in the page's order. */
    List<ReaderView> readers() {
        List<ReaderView> out = new ArrayList<>();
        for (IViewReference r : getSite().getPage().getViewReferences()) {
            if (r.getId().equals(ReaderView.ID) && r.getView(false) instanceof ReaderView v && v.session() != null
                    && !v.session().isClosed()) {
                out.add(v);
            }
        }
        return out;
    }

    /** "Add Field…": a field of any open Reader view into this chart. */
    public void addFieldDialog() {
        AddFieldDialog d = new AddFieldDialog(getSite().getShell(), readers());
        if (d.open() == AddFieldDialog.OK && d.reader() != null && d.path() != null) {
            plot(d.reader(), d.path(), d.instanceOf());
        }
    }

    void exportWithDialog(String format) {
        FileDialog d = new FileDialog(getSite().getShell(), SWT.SAVE);
        String ext = format.toLowerCase(java.util.Locale.ROOT);
        d.setFilterExtensions(new String[] {"*." + ext});
        d.setFileName("plot." + ext);
        d.setOverwrite(true);
        String f = d.open();
        if (f != null) {
            export(format, Path.of(f));
        }
    }

    /** Saves the chart as "PNG"/"SVG" or its points as "CSV"; false (the status says why) on failure. */
    public boolean export(String format, Path file) {
        try {
            panel.export(format, file);
            panel.message(Messages.fill(Messages.EXPORTED, file));
            return true;
        } catch (IOException | RuntimeException e) {
            panel.message(Messages.fill(Messages.EXPORT_FAILED, file, e.getMessage()));
            return false;
        }
    }

    /** Sample numbers ({@code true}) or reception times on the x axis. */
    public void showSampleIndex(boolean index) {
        panel.axis(index ? PlotChart.Axis.INDEX : PlotChart.Axis.TIME);
    }

    public List<PlotSeries> series() {
        return store.series();
    }

    public void remove(PlotSeries s) {
        store.remove(s);
    }

    /** Redraws of the chart so far (each one only after new points, at most 10 a second). */
    public long redraws() {
        return panel.redraws();
    }

    public String status() {
        return panel.statusText();
    }

    /** Series drawn now and the points of each (after thinning to the chart's width), for tests. */
    public List<Integer> drawnPoints() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < panel.chart().drawnSeries(); i++) {
            out.add(panel.chart().drawn(i).getItemCount());
        }
        return out;
    }

    /** The x range drawn, for tests: [lower, upper]. */
    public double[] xRange() {
        var a = panel.chart().chart().getXYPlot().getDomainAxis();
        return new double[] {a.getLowerBound(), a.getUpperBound()};
    }

    public PlotPanel panel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.setFocus();
    }

    @Override
    public void dispose() {
        store.close();
        super.dispose();
    }
}
