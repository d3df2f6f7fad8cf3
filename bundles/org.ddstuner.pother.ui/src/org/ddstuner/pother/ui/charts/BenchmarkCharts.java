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
import org.jfree.chart.axis.SymbolAxis;
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

    /** Room above the highest per-step point, as a fraction of the axis range. */
    private static final double STEPS_MARGIN = 0.2;

    private final Composite composite;
    private final ChartData data = new ChartData();
    private final Map<ChartId, JFreeChart> charts = new EnumMap<>(ChartId.class);
    private final List<RunTrack> tracks = new ArrayList<>();
    private final LogAxis sizeAxis;
    /** The per-step chart's RTT axis: linear, or log for a transport comparison (µs to ms of one run side by side). */
    private org.jfree.chart.axis.ValueAxis stepsLinear;
    private LogAxis stepsLog;
    private ValueMarker plateauMarker;
    /** Times (s) of the redefinitions marked on the time charts, so each is added once. */
    private final java.util.Set<Double> redefinitionsMarked = new java.util.HashSet<>();
    private CTabFolder shapeTabs;

    /** Line styles of the charts whose series are per source (agent, pipeline stage, fan-in sender). */
    private static final Map<ChartId, List<SourceLegend.Style>> BY_SOURCE = Map.of(
            ChartId.THROUGHPUT, List.of(
                    SourceLegend.Style.band(RunTrack.THEORETICAL, "theoretical (by sequence)"),
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
        // MB/s is samples/s times the size: on a scale of its own that ends where samples/s ends it would hide under
        // that line; its axis reaching twice its highest value keeps the dotted line in the lower half instead
        NumberAxis megabytes = ChartKit.secondAxis(tput, "MB/s (dotted)", data.megabytes.collection, false);
        megabytes.setUpperMargin(1.0);
        ChartKit.behind(tput, 2, data.theoretical.collection);
        tput.getXYPlot().getRangeAxis().setUpperMargin(0.1);
        charts.put(ChartId.THROUGHPUT, tput);
        NumberAxis count = ChartKit.axis("samples");
        count.setStandardTickUnits(NumberAxis.createIntegerTickUnits()); // counts: no "4E-9" ticks around zero
        count.setAutoRangeMinimumSize(1);
        charts.put(ChartId.LOSS, ChartKit.chart(ChartId.LOSS.title(), ChartKit.timeAxis(), count,
                data.loss.collection, false));
        JFreeChart cpu = ChartKit.chart(ChartId.CPU.title(), ChartKit.timeAxis(), "CPU (% of one CPU)",
                data.cpu.collection, false);
        ChartKit.secondAxis(cpu, "RSS (MB, dashed)", data.rss.collection, false);
        charts.put(ChartId.CPU, cpu);
        sizeAxis = ChartKit.logAxis("sample size (bytes, log)", 2);
        sizeAxis.setSmallestValue(32);
        JFreeChart steps = ChartKit.chart(ChartId.STEPS.title(), sizeAxis, "mean RTT p50 (µs)", data.stepsLatency.collection,
                true);
        NumberAxis stepsMegabytes = ChartKit.secondAxis(steps, "MB/s (dashed)", data.stepsThroughput.collection, true);
        // a step's point (and the plateau's label) below the top border, not on it
        steps.getXYPlot().getRangeAxis().setUpperMargin(STEPS_MARGIN);
        stepsLinear = steps.getXYPlot().getRangeAxis();
        stepsMegabytes.setUpperMargin(STEPS_MARGIN);
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
        for (ChartId id : REDEFINITION_CHARTS) {
            charts.get(id).getXYPlot().clearDomainMarkers();
        }
        redefinitionsMarked.clear();
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
            markRedefinitions();
            explainEmpty();
            stepsRangeAxis();
            hideUnusedAxes();
            BY_SOURCE.forEach((id, styles) -> SourceLegend.apply(charts.get(id), styles));
            // x range first: the renderers take the y range from the items inside the x range
            stepAxis();
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

    /**
     * Of a chart with a left and a right axis, shows only the axis whose series have points once one of them has (a
     * throughput sweep's per-step chart has no RTT, a round trip's no MB/s): an unused axis would read 0 to 1.
     */
    private void hideUnusedAxes() {
        for (JFreeChart chart : charts.values()) {
            var plot = chart.getXYPlot();
            if (plot.getRangeAxisCount() < 2 || plot.getRangeAxis(1) == null) {
                continue;
            }
            boolean[] used = new boolean[2];
            for (int d = 0; d < plot.getDatasetCount(); d++) {
                var dataset = plot.getDataset(d);
                if (dataset != null && hasPoints(dataset)) {
                    used[plot.getRangeAxisIndex(plot.getRangeAxisForDataset(d))] = true;
                }
            }
            boolean any = used[0] || used[1];
            plot.getRangeAxis(0).setVisible(used[0] || !any);
            plot.getRangeAxis(1).setVisible(used[1] || !any);
        }
    }

    private static boolean hasPoints(org.jfree.data.xy.XYDataset d) {
        for (int i = 0; i < d.getSeriesCount(); i++) {
            if (d.getItemCount(i) > 0) {
                return true;
            }
        }
        return false;
    }

    /** The charts over the run's time, where a redefinition of the running test is marked. */
    private static final List<ChartId> REDEFINITION_CHARTS = List.of(ChartId.RTT, ChartId.THROUGHPUT, ChartId.LOSS);

    /**
     * A vertical line on the time charts where the running test was redefined (the Launcher's Apply, or Edit QoS
     * re-creating its endpoints with a new QoS): what follows was measured with other values. One run shown only.
     */
    private void markRedefinitions() {
        if (tracks.size() != 1) {
            return;
        }
        for (var m : tracks.get(0).run.messages()) {
            if (!m.text().startsWith("changed while running") || !redefinitionsMarked.add(m.time())) {
                continue;
            }
            for (ChartId id : REDEFINITION_CHARTS) {
                ValueMarker v = new ValueMarker(m.time());
                v.setLabel("redefined");
                v.setPaint(java.awt.Color.DARK_GRAY);
                v.setStroke(new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 1f,
                        new float[] { 4f, 3f }, 0f));
                v.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
                v.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_RIGHT);
                v.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(4, -4, 0, 0));
                charts.get(id).getXYPlot().addDomainMarker(v);
            }
        }
    }

    /** The times (s) of the redefinitions marked on the time charts (for tests). */
    public List<Double> redefinitionMarks() {
        List<Double> out = new ArrayList<>();
        var markers = charts.get(ChartId.RTT).getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND);
        if (markers != null) {
            for (Object o : markers) {
                out.add(((ValueMarker) o).getValue());
            }
        }
        return out;
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
            plateauMarker.setLabelBackgroundColor(new java.awt.Color(255, 255, 255, 200));
            // the label beside the line on the side with room: left of a plateau in the upper half of the sizes
            boolean left = p.size() >= Math.sqrt(sweepSizes()[0] * sweepSizes()[1]);
            plateauMarker.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
            plateauMarker.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(4, left ? -4 : 4, 0, 0));
            plateauMarker.setLabelTextAnchor(left ? org.jfree.chart.ui.TextAnchor.TOP_RIGHT
                    : org.jfree.chart.ui.TextAnchor.TOP_LEFT);
            plot.addDomainMarker(plateauMarker);
        }
    }

    /** Where the shown sweep levels off, or null: the marker on the per-step chart. */
    public Plateau plateau() {
        return tracks.isEmpty() ? null : tracks.get(0).plateau();
    }

    /**
     * A transport comparison's round trips span shared memory's microseconds to a loaded loopback's milliseconds at one
     * size: on a linear axis one slow step flattens every other line, so its per-step chart reads RTT on a log axis.
     */
    private void stepsRangeAxis() {
        boolean perTransport = tracks.size() == 1 && StepNames.bySizePerTransport(tracks.get(0).run.steps());
        var plot = charts.get(ChartId.STEPS).getXYPlot();
        if (perTransport && stepsLog == null) {
            stepsLog = ChartKit.logAxis("RTT p50 (µs, log)", 10); // short: it stands beside a small chart
            stepsLog.setUpperMargin(STEPS_MARGIN);
        }
        var want = perTransport ? stepsLog : stepsLinear;
        if (plot.getRangeAxis(0) != want) {
            plot.setRangeAxis(0, want);
        }
    }

    /** The per-step chart's title while it shows steps of one size side by side under their names. */
    public static final String STEPS_BY_NAME_TITLE = "Per step, side by side by name";

    /**
     * The per-step chart's x axis (and its title to match): the sample size, or for one run whose steps share a size (a transport comparison,
     * a load series) the steps by name, side by side. Drawn at one size, their points stood on one vertical line.
     */
    private void stepAxis() {
        java.util.Map<Integer, String> names = tracks.size() == 1 ? tracks.get(0).stepNames() : java.util.Map.of();
        JFreeChart chart = charts.get(ChartId.STEPS);
        var plot = chart.getXYPlot();
        // the title says what the x axis holds: sizes, or the names of steps of one size
        String title = names.isEmpty() ? ChartId.STEPS.title() : STEPS_BY_NAME_TITLE;
        if (!title.equals(chart.getTitle().getText())) {
            chart.getTitle().setText(title);
        }
        if (names.isEmpty()) {
            if (plot.getDomainAxis() != sizeAxis) {
                plot.setDomainAxis(sizeAxis);
            }
            return;
        }
        String[] symbols = new String[names.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = names.getOrDefault(i, "");
        }
        if (plot.getDomainAxis() instanceof SymbolAxis a && java.util.Arrays.equals(a.getSymbols(), symbols)) {
            return;
        }
        SymbolAxis byStep = ChartKit.style(new SymbolAxis("step (all " + tracks.get(0).run.definition().size() + " B)",
                symbols));
        byStep.setGridBandsVisible(false);
        byStep.setRange(-0.5, symbols.length - 0.5);
        plot.setDomainAxis(byStep);
    }

    /** The names the per-step chart's x axis shows, one per step, or empty when it shows sample sizes. */
    public List<String> stepAxisNames() {
        return charts.get(ChartId.STEPS).getXYPlot().getDomainAxis() instanceof SymbolAxis a ? List.of(a.getSymbols())
                : List.of();
    }

    /**
     * Half a power of two of room either side of the sizes measured: a log axis auto-ranged around one
     * size (a single run) would label every tick with that same size.
     */
    private void fitSizeAxis() {
        if (!stepAxisNames().isEmpty()) {
            return; // the steps by name
        }
        double[] sizes = sweepSizes();
        double lo = sizes[0];
        double hi = sizes[1];
        if (lo <= hi && lo > 0) {
            sizeAxis.setRange(lo / 2, hi * 2);
        } else {
            sizeAxis.setAutoRange(true);
        }
    }

    /** The smallest and largest size with a per-step point (+∞, −∞ if none). */
    private double[] sweepSizes() {
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
        return new double[] { lo, hi };
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

    /** True if chart {@code id} has a point to draw. */
    public boolean hasData(ChartId id) {
        return groupsOf(id).stream().flatMap(g -> g.all().stream()).anyMatch(s -> s.getItemCount() > 0);
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
            case THROUGHPUT -> List.of(data.samples, data.theoretical, data.megabytes);
            case LOSS -> List.of(data.loss);
            case CPU -> List.of(data.cpu, data.rss);
            case STEPS -> List.of(data.stepsLatency, data.stepsThroughput);
        };
    }
}
