package org.ddstuner.pother.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.pother.ui.charts.BenchmarkCharts;
import org.ddstuner.pother.ui.charts.ChartExport;
import org.ddstuner.pother.ui.charts.ChartId;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.ui.part.ViewPart;

/** The live charts of the shown run(s), redrawn on the refresh tick; exports from the toolbar and each chart's menu. */
public final class ChartsView extends ViewPart {

    private BenchmarkCharts charts;
    private long shownVersion = -1;
    private final Runnable refresh = this::refresh;

    @Override
    public void createPartControl(Composite parent) {
        charts = new BenchmarkCharts(parent, this::exportOne);
        Action all = new Action(Messages.EXPORT_ALL) {
            @Override
            public void run() {
                Path dir = askDirectory();
                if (dir != null) {
                    List<ChartId> empty = ChartExport.withoutData(charts); // before: the export takes a moment
                    report(() -> ChartExport.exportAll(charts, BenchmarkSession.get().shown(), dir), empty);
                }
            }
        };
        all.setToolTipText(Messages.EXPORT_ALL_TIP);
        getViewSite().getActionBars().getToolBarManager().add(all);
        RefreshTicker.add(parent.getDisplay(), refresh);
        refresh();
    }

    /** The charts (tests read their series). */
    public BenchmarkCharts charts() {
        return charts;
    }

    /** Exports every chart with points as PNG and SVG, and the shown runs as CSV, into {@code dir}. */
    public List<Path> exportAll(Path dir) throws IOException {
        return ChartExport.exportAll(charts, BenchmarkSession.get().shown(), dir);
    }

    private void refresh() {
        if (charts == null || charts.composite().isDisposed()) {
            return;
        }
        BenchmarkSession s = BenchmarkSession.get();
        if (s.shownVersion() != shownVersion) {
            shownVersion = s.shownVersion();
            charts.show(s.shown());
        } else {
            charts.refresh();
        }
    }

    private void exportOne(ChartId id, String format) {
        Path dir = askDirectory();
        if (dir != null) {
            report(() -> ChartExport.export(charts, id, BenchmarkSession.get().shown(), format, dir), List.of());
        }
    }

    private Path askDirectory() {
        DirectoryDialog d = new DirectoryDialog(getSite().getShell());
        d.setText(Messages.EXPORT_TITLE);
        d.setMessage(Messages.EXPORT_MESSAGE);
        String dir = d.open();
        return dir == null ? null : Path.of(dir);
    }

    private interface Export {
        List<Path> run() throws IOException;
    }

    /** Runs the export and says what it wrote, and which charts it left out for having nothing to draw. */
    private void report(Export e, List<ChartId> leftOut) {
        try {
            List<Path> files = e.run();
            String text = Messages.exported(files.size(), files.isEmpty() ? "" : files.get(0).getParent().toString());
            if (!leftOut.isEmpty()) {
                text += "\n" + Messages.notExported(leftOut.stream().map(ChartId::title).toList());
            }
            MessageDialog.openInformation(getSite().getShell(), Messages.EXPORT_TITLE, text);
        } catch (IOException | RuntimeException x) {
            MessageDialog.openError(getSite().getShell(), Messages.EXPORT_TITLE, Messages.EXPORT_FAILED + x.getMessage());
        }
    }

    @Override
    public void setFocus() {
        charts.composite().setFocus();
    }

    @Override
    public void dispose() {
        RefreshTicker.remove(refresh);
        super.dispose();
    }
}
