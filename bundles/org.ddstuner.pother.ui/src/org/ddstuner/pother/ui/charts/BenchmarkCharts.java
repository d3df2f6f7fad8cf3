package org.ddstuner.pother.ui.charts;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Plateau;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.xy.XYSeries;

/**
 * The seven live charts of the Benchmarks perspective in a grid of six cells (percentiles and histogram share one). {@link #show} sets which runs they draw
 * (one, or several overlaid as A, B, …); {@link #refresh} appends what those runs measured since the
 * last call with chart notification off, then redraws each chart once. Call both on the UI thread.
 */
public final class BenchmarkCharts {

    /** Points each series keeps; older ones scroll out. */
    public static final int MAX_POINTS = ChartKit.MAX_POINTS;

    private final Composite composite;
    private final ChartData data = new ChartData();
    private final Map<ChartId, JFreeChart> charts = new EnumMap<>(ChartId.class);
    private final List<RunTrack> tracks = new ArrayList<>();
    private final LogAxis sizeAxis;
    private ValueMarker plateauMarker;
    private CTabFolder shapeTabs;

    /** Line styles of the charts whose series are per source (agent, pipeline stage, fan-in sender). */
    private static final Map<ChartId, List<SourceLegend.Style>> BY_SOURCE = Map.of(
            ChartId.THROUGHPUT, List.of(
                    new SourceLegend.Style(RunTrack.THEORETICAL, "theoretical (by sequence)", SourceLegend.DASHED),
                    new SourceLegend.Style("samples/s", "samples/s", null),
                    new SourceLegend.Style("MB/s", "MB/s (right axis)", SourceLegend.DOTTED)),
            ChartId.LOSS, List.of(new SourceLegend.Style("out-of-order", "out-of-order", SourceLegend.DASHED),
                    new SourceLegend.Style("lost", "lost", null)),
            ChartId.CPU, List.of(new SourceLegend.Style("CPU %", "CPU %", null),
                    new SourceLegend.Style("RSS (MB)", "RSS MB (right axis)", SourceLegend.DASHED)));

    public BenchmarkCharts(Composite parent, BiConsumer<ChartId, String> exportRequest) {
        composite = new Composite(parent, SWT.NONE);
        composite.setLayout(new GridLayout(3, true));
        NumberAxis time = ChartKit.timeAxis();
        charts.put(ChartId.RTT, ChartKit.chart(ChartId.RTT.title(), time, ChartKit.logAxis("latency (µs, log)", 10),
                data.rtt.collection, false));
        LogAxis roundTrip = ChartKit.logAxis("round trip (µs, log)", 10);
        roundTrip.setUpperMargin(0.2); // room above the highest point for its value label
        roundTrip.setLowerMargin(0.1); // and below the lowest, where an overlay's lower value puts its label
        JFreeChart percentiles = ChartKit.chart(ChartId.PERCENTILES.title(), new NinesAxis("percentile (%, in nines)"),
                roundTrip, data.percentiles.collection, true);
        ChartKit.markersOnly(percentiles);
        charts.put(ChartId.PERCENTILES, percentiles);
        LogAxis counts = ChartKit.logAxis("round trips (log)", 10);
        counts.setSmallestValue(RunTrack.BAR_FOOT);
        counts.setLowerMargin(0); // the bars stand on the axis
        JFreeChart histogram = ChartKit.chart(ChartId.HISTOGRAM.title(), ChartKit.logAxis("round trip (µs, log)", 10),
                counts, data.histogram.collection, false);
        charts.put(ChartId.HISTOGRAM, histogram);
        JFreeChart tput = ChartKit.chart(ChartId.THROUGHPUT.title(), ChartKit.timeAxis(), "samples/s",
                data.samples.collection, false);
        ChartKit.secondAxis(tput, "MB/s (dotted)", data.megabytes.collection, false);
        charts.put(ChartId.THROUGHPUT, tput);
        NumberAxis count = ChartKit.axis("samples");
        count.setStandardTickUnits(NumberAxis.createIntegerTickUnits()); // counts: no "4E-9" ticks around zero
        count.setAutoRangeMinimumSize(1);
        charts.put(ChartId.LOSS, ChartKit.chart(ChartId.LOSS.title(), ChartKit.timeAxis(), count,
                data.loss.collection, false));
        JFreeChart cpu = ChartKit.chart(ChartId.CPU.title(), ChartKit.timeAxis(), "CPU (% of one core)",
                data.cpu.collection, false);
        ChartKit.secondAxis(cpu, "RSS (MB, dashed)", data.rss.collection, false);
        charts.put(ChartId.CPU, cpu);
        sizeAxis = ChartKit.logAxis("sample size (bytes, log)", 2);
        sizeAxis.setSmallestValue(32);
        JFreeChart steps = ChartKit.chart(ChartId.STEPS.title(), sizeAxis, "mean RTT p50 (µs)", data.stepsLatency.collection,
                true);
        ChartKit.secondAxis(steps, "MB/s (dashed)", data.stepsThroughput.collection, true);
        charts.put(ChartId.STEPS, steps);
        for (ChartId id : ChartId.values()) {
            if (id == ChartId.HISTOGRAM) {
                continue; // in the percentiles' cell
            }
            if (id == ChartId.PERCENTILES) {
                shapeTabs = new CTabFolder(composite, SWT.BOTTOM | SWT.FLAT);
                shapeTabs.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
                for (ChartId tab : List.of(ChartId.PERCENTILES, ChartId.HISTOGRAM)) {
                    CTabItem item = new CTabItem(shapeTabs, SWT.NONE);
                    item.setText(tab == ChartId.PERCENTILES ? "Percentiles" : "Histogram");
                    item.setData(tab);
                    item.setControl(new ExportingChartComposite(shapeTabs, charts.get(tab),
                            format -> exportRequest.accept(tab, format)));
                }
                shapeTabs.setSelection(0);
                continue;
            }
            ExportingChartComposite c = new ExportingChartComposite(composite, charts.get(id),
                    format -> exportRequest.accept(id, format));
            c.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        }
    }

    /**
     * Shows chart {@code id} where it shares a cell: the percentiles and the histogram take turns in one cell
     * (tabs below it), as a seventh chart in the grid would make every chart a third shorter.
     */
    public void select(ChartId id) {
        for (CTabItem item : shapeTabs.getItems()) {
            if (item.getData() == id) {
                shapeTabs.setSelection(item);
            }
        }
    }

    /** The chart shown in the cell the percentiles share with the histogram. */
    public ChartId selectedShape() {
        return (ChartId) shapeTabs.getSelection().getData();
    }

    public Composite composite() {
        return composite;
    }

    /** Draws {@code runs} from their first point on; more than one are overlaid as A, B, … */
    public void show(List<BenchmarkRun> runs) {
        tracks.clear();
        data.groups().forEach(ChartData.Group::clear);
        for (int i = 0; i < runs.size(); i++) {
            tracks.add(new RunTrack(runs.get(i), runs.size() > 1 ? String.valueOf((char) ('A' + i)) : null, data));
        }
        refresh(true);
    }

    /** Appends what is new; redraws only if something was. */
    public void refresh() {
        refresh(false);
    }

    private void refresh(boolean force) {
        charts.values().forEach(c -> c.setNotify(false));
        boolean changed = force;
        for (RunTrack t : tracks) {
            changed |= t.pull();
        }
        if (changed) {
            markPlateau();
            explainEmpty();
            BY_SOURCE.forEach((id, styles) -> SourceLegend.apply(charts.get(id), styles));
            // x range first: the renderers take the y range from the items inside the x range
            fitSizeAxis();
            data.groups().forEach(ChartData.Group::fire);
        }
        charts.values().forEach(c -> c.setNotify(true)); // one redraw per chart
    }

    /**
     * Each chart's sentence for when it has no points (why the shown runs have none), and legend entries only for
     * series with points: a chart of a run that cannot fill it would otherwise list series that do not exist.
     */
    private void explainEmpty() {
        List<BenchmarkRun> runs = tracks.stream().map(t -> t.run).toList();
        charts.forEach((id, chart) -> {
            var plot = chart.getXYPlot();
            plot.setNoDataMessage(EmptyChartText.of(id, runs));
            if (BY_SOURCE.containsKey(id)) {
                return; // SourceLegend lists only the sources and styles of series with points
            }
            for (int d = 0; d < plot.getDatasetCount(); d++) {
                var dataset = plot.getDataset(d);
                var renderer = plot.getRenderer(d);
                if (dataset != null && renderer != null) {
                    for (int i = 0; i < dataset.getSeriesCount(); i++) {
                        renderer.setSeriesVisibleInLegend(i, dataset.getItemCount(i) > 0, false);
                    }
                }
            }
        });
    }

    /** A vertical line on the per-step chart where the first shown run's size sweep levels off. */
    private void markPlateau() {
        Plateau p = tracks.isEmpty() ? null : tracks.get(0).plateau();
        var plot = charts.get(ChartId.STEPS).getXYPlot();
        if (plateauMarker != null && (p == null || plateauMarker.getValue() != p.size())) {
            plot.removeDomainMarker(plateauMarker);
            plateauMarker = null;
        }
        if (p != null && plateauMarker == null) {
            plateauMarker = new ValueMarker(p.size());
            plateauMarker.setLabel("plateau " + p.size() + " B");
            plateauMarker.setPaint(java.awt.Color.GRAY);
            plateauMarker.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(12, 40, 2, 2));
            plot.addDomainMarker(plateauMarker);
        }
    }

    /** Where the shown sweep levels off, or null: the marker on the per-step chart. */
    public Plateau plateau() {
        return tracks.isEmpty() ? null : tracks.get(0).plateau();
    }

    /**
     * Half a power of two of room either side of the sizes measured: a log axis auto-ranged around one
     * size (a single run) would label every tick with that same size.
     */
    private void fitSizeAxis() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (var c : List.of(data.stepsLatency.collection, data.stepsThroughput.collection)) {
            if (c.getSeriesCount() > 0) {
                double l = c.getDomainLowerBound(false);
                double h = c.getDomainUpperBound(false);
                if (!Double.isNaN(l) && !Double.isNaN(h)) {
                    lo = Math.min(lo, l);
                    hi = Math.max(hi, h);
                }
            }
        }
        if (lo <= hi && lo > 0) {
            sizeAxis.setRange(lo / 2, hi * 2);
        } else {
            sizeAxis.setAutoRange(true);
        }
    }

    public JFreeChart chart(ChartId id) {
        return charts.get(id);
    }

    /** The series named {@code key} of chart {@code id} (e.g. RTT "p50", overlay "A p50"), or null. */
    public XYSeries series(ChartId id, String key) {
        for (ChartData.Group g : groupsOf(id)) {
            XYSeries s = g.get(key);
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /** All series keys of chart {@code id}. */
    public List<String> seriesKeys(ChartId id) {
        List<String> keys = new ArrayList<>();
        for (ChartData.Group g : groupsOf(id)) {
            g.all().forEach(s -> keys.add(String.valueOf(s.getKey())));
        }
        return keys;
    }

    private List<ChartData.Group> groupsOf(ChartId id) {
        return switch (id) {
            case RTT -> List.of(data.rtt);
            case PERCENTILES -> List.of(data.percentiles);
            case HISTOGRAM -> List.of(data.histogram);
            case THROUGHPUT -> List.of(data.samples, data.megabytes);
            case LOSS -> List.of(data.loss);
            case CPU -> List.of(data.cpu, data.rss);
            case STEPS -> List.of(data.stepsLatency, data.stepsThroughput);
        };
    }
}
