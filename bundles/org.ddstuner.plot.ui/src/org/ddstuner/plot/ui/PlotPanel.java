package org.ddstuner.plot.ui;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.plot.PlotCsv;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.PlotStore;
import org.ddstuner.plot.ui.charts.ChartFiles;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.jfree.chart.swt.ChartComposite;

/**
 * The widgets of the {@link PlotView}: a row of controls (add field, remove, clear, time / sample-number axis,
 * export), the chart, and the series with their point counts. The chart redraws on a UI timer at most
 * {@link #MAX_REDRAWS_PER_SECOND} times a second, and only when a point arrived, however fast the topics are.
 */
public final class PlotPanel extends Composite {

    static final int MAX_REDRAWS_PER_SECOND = 10;
    private static final int REDRAW_MS = 1000 / MAX_REDRAWS_PER_SECOND;

    private final PlotView view;
    private final PlotStore store;
    private final PlotChart chart = new PlotChart();
    private final ChartComposite chartComposite;
    private final Table table;
    private final Button time;
    private final Button index;
    private final Label status;
    private long drawnVersion = -1;
    private long redraws;
    private String message = "";

    PlotPanel(Composite parent, PlotView view, PlotStore store) {
        super(parent, SWT.NONE);
        this.view = view;
        this.store = store;
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(this);
        Composite bar = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(7).applyTo(bar);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        button(bar, SWT.PUSH, Messages.ADD, Messages.ADD_TIP).addListener(SWT.Selection, e -> view.addFieldDialog());
        button(bar, SWT.PUSH, Messages.REMOVE, Messages.REMOVE_TIP).addListener(SWT.Selection, e -> removeSelected());
        button(bar, SWT.PUSH, Messages.CLEAR, Messages.CLEAR_TIP).addListener(SWT.Selection, e -> store.clearPoints());
        new Label(bar, SWT.SEPARATOR | SWT.VERTICAL);
        time = button(bar, SWT.RADIO, Messages.AXIS_TIME, Messages.AXIS_TIME_TIP);
        time.setSelection(true);
        time.addListener(SWT.Selection, e -> axis(time.getSelection() ? PlotChart.Axis.TIME : PlotChart.Axis.INDEX));
        index = button(bar, SWT.RADIO, Messages.AXIS_INDEX, Messages.AXIS_INDEX_TIP);
        Button export = button(bar, SWT.PUSH, Messages.EXPORT, Messages.EXPORT_TIP);
        export.addListener(SWT.Selection, e -> exportMenu(export));

        // the chart beside the series list, both the view's full height: in the default layout the view is
        // wide and low, and a list below the chart left it a strip
        Composite body = new Composite(this, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(body);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(body);
        // no own Save as/Print/Properties items: Save as is broken with JFreeChart 1.5 (BUILD-FACTS pitfall 7)
        chartComposite = new ChartComposite(body, SWT.NONE, chart.chart(), ChartComposite.DEFAULT_WIDTH,
                ChartComposite.DEFAULT_HEIGHT, 120, 90, 4000, 3000, true, false, false, false, true, true);
        GridDataFactory.fillDefaults().grab(true, true).hint(300, 120).applyTo(chartComposite);
        table = new Table(body, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        column(Messages.COL_SERIES, 190, SWT.LEFT);
        column(Messages.COL_POINTS, 60, SWT.RIGHT);
        column(Messages.COL_LAST, 80, SWT.RIGHT);
        column(Messages.COL_SKIPPED, 60, SWT.RIGHT);
        GridDataFactory.fillDefaults().grab(false, true).hint(396, SWT.DEFAULT).applyTo(table);
        status = new Label(this, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);
        getDisplay().timerExec(REDRAW_MS, this::tick);
    }

    private static Button button(Composite parent, int style, String text, String tip) {
        Button b = new Button(parent, style);
        b.setText(text);
        b.setToolTipText(tip);
        return b;
    }

    private void column(String text, int width, int align) {
        TableColumn c = new TableColumn(table, align);
        c.setText(text);
        c.setWidth(width);
    }

    /** The throttle: redraws when something changed, then comes back in {@link #REDRAW_MS}. */
    private void tick() {
        if (isDisposed()) {
            return;
        }
        redrawIfChanged();
        getDisplay().timerExec(REDRAW_MS, this::tick);
    }

    private void redrawIfChanged() {
        long v = store.version();
        if (v == drawnVersion) {
            return;
        }
        drawnVersion = v;
        List<PlotSeries> series = store.series();
        chart.show(series, Math.max(chartComposite.getSize().x, 100));
        redraws++;
        rows(series);
    }

    private void rows(List<PlotSeries> series) {
        if (table.getItemCount() != series.size()) {
            table.setItemCount(series.size());
        }
        for (int i = 0; i < series.size(); i++) {
            PlotSeries s = series.get(i);
            TableItem item = table.getItem(i);
            item.setData(s);
            var p = s.ring().snapshot();
            item.setText(new String[] {s.id() + (s.ended() ? Messages.ENDED : ""),
                String.format("%,d", p.size()),
                p.size() == 0 ? "" : String.format(java.util.Locale.ROOT, "%.6g", p.value()[p.size() - 1]),
                String.format("%,d", s.skipped())});
        }
        showStatus(series.size());
    }

    /** The last news or problem, then the counts (which move with every redraw). */
    private void showStatus(int seriesCount) {
        String counts = Messages.fill(Messages.STATUS, seriesCount, PlotStore.MAX_POINTS, redraws);
        status.setText(message.isEmpty() ? counts : message + "  \u2014  " + counts);
    }

    /** Shows news or a problem under the chart until the next one. */
    void message(String text) {
        message = text == null ? "" : text;
        showStatus(store.series().size());
        drawnVersion = -1; // the next tick refreshes the rows
    }

    String statusText() {
        return status.getText();
    }

    void axis(PlotChart.Axis a) {
        chart.axis(a);
        time.setSelection(a == PlotChart.Axis.TIME);
        index.setSelection(a == PlotChart.Axis.INDEX);
        drawnVersion = -1;
        redrawIfChanged();
    }

    PlotChart chart() {
        return chart;
    }

    long redraws() {
        return redraws;
    }

    public Table seriesTable() {
        return table;
    }

    private void removeSelected() {
        for (TableItem i : table.getSelection()) {
            if (i.getData() instanceof PlotSeries s) {
                store.remove(s);
            }
        }
    }

    private void exportMenu(Button anchor) {
        Menu m = new Menu(anchor);
        for (String format : List.of("PNG", "SVG", "CSV")) {
            MenuItem item = new MenuItem(m, SWT.PUSH);
            item.setText(format + "\u2026");
            item.addListener(SWT.Selection, e -> view.exportWithDialog(format));
        }
        var p = anchor.toDisplay(0, anchor.getSize().y);
        m.setLocation(p);
        m.setVisible(true);
    }

    /** Writes the chart (PNG, SVG: the size it has on screen, at least 800 × 500) or its points (CSV). */
    Path export(String format, Path file) throws IOException {
        redrawIfChanged();
        var size = chartComposite.getSize();
        int w = Math.max(size.x, 800);
        int h = Math.max(size.y, 500);
        switch (format) {
            case "PNG" -> ChartFiles.png(chart.chart(), file, w, h);
            case "SVG" -> ChartFiles.svg(chart.chart(), file, w, h);
            case "CSV" -> {
                try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    PlotCsv.write(store.series(), out);
                }
            }
            default -> throw new IllegalArgumentException("unknown export format " + format);
        }
        return file;
    }
}
