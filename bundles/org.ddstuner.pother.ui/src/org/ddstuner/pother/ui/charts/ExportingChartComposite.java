package org.ddstuner.pother.ui.charts;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.swt.ChartComposite;

/**
 * jfreechart-swt's composite without its own "Save as…", "Properties" and "Print" items: "Save as…"
 * calls ChartUtilities, which JFreeChart 1.5 no longer has (it fails when clicked), so the menu offers
 * our exports instead (PNG, SVG, CSV), handled by the owner, and "Show Legend" to give a small chart's plot
 * the room its legend takes.
 */
final class ExportingChartComposite extends ChartComposite {

    private Consumer<String> export; // set after super() built the menu; read when an item is clicked

    ExportingChartComposite(Composite parent, JFreeChart chart, Consumer<String> export) {
        super(parent, SWT.NONE, chart, DEFAULT_WIDTH, DEFAULT_HEIGHT, 120, 90, 4000, 3000, true,
                false, false, false, true, true);
        this.export = export;
    }

    @Override
    protected Menu createPopupMenu(boolean properties, boolean save, boolean print, boolean zoom) {
        Menu menu = super.createPopupMenu(false, false, false, zoom);
        new MenuItem(menu, SWT.SEPARATOR);
        MenuItem legend = new MenuItem(menu, SWT.CHECK);
        legend.setText("Show Legend");
        legend.setSelection(true);
        legend.addListener(SWT.Selection, e -> {
            if (getChart() != null && getChart().getLegend() != null) {
                getChart().getLegend().setVisible(legend.getSelection());
            }
        });
        new MenuItem(menu, SWT.SEPARATOR);
        for (String format : new String[] { "PNG", "SVG", "CSV" }) {
            MenuItem item = new MenuItem(menu, SWT.PUSH);
            item.setText("Export " + format + "…");
            item.addListener(SWT.Selection, e -> {
                if (export != null) {
                    export.accept(format);
                }
            });
        }
        return menu;
    }
}
