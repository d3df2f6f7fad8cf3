package org.ddstuner.qos.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Entity;
import org.ddstuner.qos.EndpointStatistics;
import org.ddstuner.qos.StatisticsSeries;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.RangeType;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.swt.ChartComposite;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * libddsc's statistics of the shown endpoint over time (retransmitted bytes and throttling of a writer, discarded
 * bytes of a reader) from a bounded series; the chart pulls the series on a one-second UI timer. An own endpoint is
 * sampled once a second on the core's own thread, following it across a re-creation (a new entity, new counters); an
 * application's endpoint is charted from what its agent reports ({@link Source}, bundle org.ddstuner.agent.ui).
 */
public final class StatisticsChart {

    /** Where the points of an endpoint that is not the tool's own come from. */
    public interface Source {
        /** The counters charted, in order. */
        List<String> keys();

        /** The points so far (bounded: {@link #POINTS}); filled by another thread. */
        StatisticsSeries series();

        /** A line under the chart saying where the numbers come from. */
        String note();
    }

    /** How many points a series keeps (five minutes at one a second). */
    public static final int POINTS = 300;
    private static final int PERIOD_MS = 1000;

    private final Composite composite;
    private final Label note;
    private final XYSeriesCollection data = new XYSeriesCollection();
    private final ChartComposite chart;
    private OwnEndpoint endpoint;
    private Entity sampled;
    private EndpointStatistics statistics;
    private Source source;

    public StatisticsChart(Composite parent) {
        composite = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(composite);
        new Label(composite, SWT.NONE).setText(Messages.STATISTICS);
        JFreeChart c = ChartFactory.createXYLineChart(null, "seconds", "count / bytes / ns", data,
                PlotOrientation.VERTICAL, true, true, false);
        XYPlot plot = c.getXYPlot();
        plot.setBackgroundPaint(java.awt.Color.WHITE);
        plot.setDomainGridlinePaint(java.awt.Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(java.awt.Color.LIGHT_GRAY);
        NumberAxis y = (NumberAxis) plot.getRangeAxis();
        y.setRangeType(RangeType.POSITIVE); // counters: all zero should read 0…1, not ±5E-9
        y.setAutoRangeMinimumSize(1.0);
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis x = (NumberAxis) plot.getDomainAxis();
        x.setRangeType(RangeType.POSITIVE);
        x.setAutoRangeMinimumSize(10.0); // the first seconds after (re-)creation read 0…10 s
        x.setAutoRangeIncludesZero(true);
        // no "Save as…": jfreechart-swt 1.0's own PNG export calls a method JFreeChart 1.5 no longer has
        chart = new ChartComposite(composite, SWT.NONE, c, 300, 240, 120, 90, 4000, 3000, true, false, false, false,
                true, true);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(chart);
        note = new Label(composite, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(note);
        composite.addDisposeListener(e -> stop());
        tick();
    }

    public Composite composite() {
        return composite;
    }

    void show(OwnEndpoint e) {
        endpoint = e;
        source = null;
        restart();
    }

    /** Charts {@code s}'s points (null: nothing). */
    public void show(Source s) {
        endpoint = null;
        restart();
        source = s;
        if (s != null) {
            for (String key : s.keys()) {
                XYSeries x = new XYSeries(key);
                x.setMaximumItemCount(POINTS);
                data.addSeries(x);
            }
            note.setText(s.note());
            draw(s.series());
            composite.layout(true, true);
        }
    }

    private void restart() {
        stop();
        data.removeAllSeries();
        sampled = endpoint == null ? null : endpoint.entity();
        if (sampled == null) {
            // libddsc's statistics are the process's own: those of an entity on an agent stay there
            note.setText(endpoint instanceof AgentOwnEndpoint a ? String.format(Messages.STATISTICS_ON_AGENT,
                    a.remote().name()) : "");
            return;
        }
        if (!EndpointStatistics.supported()) {
            note.setText("The loaded libddsc has no statistics API.");
            return;
        }
        statistics = new EndpointStatistics(sampled, POINTS);
        for (String key : statistics.keys()) {
            XYSeries s = new XYSeries(key);
            s.setMaximumItemCount(POINTS);
            data.addSeries(s);
        }
        statistics.start(java.time.Duration.ofMillis(PERIOD_MS));
        note.setText("libddsc statistics of " + sampled.guid() + ", once a second");
        composite.layout(true, true);
    }

    private void stop() {
        if (statistics != null) {
            statistics.close();
            statistics = null;
        }
    }

    private void tick() {
        if (composite.isDisposed()) {
            return;
        }
        if (endpoint != null && endpoint.entity() != sampled) {
            restart(); // re-created: the new entity has counters of its own
        }
        if (statistics != null) {
            draw(statistics.series());
        } else if (source != null) {
            draw(source.series());
            String n = source.note();
            if (!n.equals(note.getText())) {
                note.setText(n);
                composite.layout(true, true);
            }
        }
        composite.getDisplay().timerExec(PERIOD_MS, this::tick);
    }

    private void draw(StatisticsSeries series) {
        List<StatisticsSeries.Point> points = series.points();
        long first = points.isEmpty() ? 0 : points.get(0).timeNanos();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            XYSeries s = data.getSeries(i);
            String key = (String) s.getKey();
            s.setNotify(false);
            s.clear();
            for (StatisticsSeries.Point p : points) {
                Long v = p.values().get(key);
                if (v != null) {
                    s.add((p.timeNanos() - first) / 1e9, v.doubleValue());
                }
            }
            s.setNotify(true);
        }
    }

    /** Per counter, how many points the chart shows now (for tests). */
    public Map<String, Integer> pointCounts() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            m.put((String) data.getSeries(i).getKey(), data.getSeries(i).getItemCount());
        }
        return m;
    }

    public List<String> keys() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            out.add((String) data.getSeries(i).getKey());
        }
        return out;
    }
}
