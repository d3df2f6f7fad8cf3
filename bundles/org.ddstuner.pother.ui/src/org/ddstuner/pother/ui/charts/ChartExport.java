package org.ddstuner.pother.ui.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunCsv;
import org.ddstuner.plot.ui.charts.ChartFiles;
import org.jfree.chart.JFreeChart;

/**
 * Our replacement for ChartComposite's broken "Save as…": PNG and SVG through the tool's shared
 * {@link ChartFiles} (JFreeChart's ChartUtils, JFreeSVG), and the runs' reports as CSV (what the charts were drawn from) with their latency statistics, plus
 * the histogram's buckets.
 */
public final class ChartExport {

    public static final int WIDTH = ChartFiles.WIDTH;
    public static final int HEIGHT = ChartFiles.HEIGHT;

    private ChartExport() {
    }

    public static Path png(JFreeChart chart, Path file) throws IOException {
        return ChartFiles.png(chart, file);
    }

    public static Path svg(JFreeChart chart, Path file) throws IOException {
        return ChartFiles.svg(chart, file);
    }

    /** File name ending of a run's latency statistics CSV: {@code <run id>-latency-stats.csv}. */
    public static final String LATENCY_STATS_SUFFIX = "-latency-stats.csv";

    /**
     * Per run a CSV named after the run id (one row per report), and for a run with latency reports its full
     * statistics ({@code <id>-latency-stats.csv}: every period's Percentiles table, see {@link RunCsv#writeLatencyStats}).
     */
    public static List<Path> csv(List<BenchmarkRun> runs, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        for (BenchmarkRun r : runs) {
            Path f = dir.resolve(r.id() + ".csv");
            RunCsv.write(r, f);
            out.add(f);
            if (!r.latency().isEmpty()) {
                Path stats = dir.resolve(r.id() + LATENCY_STATS_SUFFIX);
                RunCsv.writeLatencyStats(r, stats);
                out.add(stats);
            }
        }
        return out;
    }

    /**
     * Chart {@code id} (or the runs for CSV) in {@code format} ("PNG", "SVG", "CSV") into {@code dir}; a chart
     * without points is not drawn (it would be empty axes) but refused with the reason.
     */
    public static List<Path> export(BenchmarkCharts charts, ChartId id, List<BenchmarkRun> runs, String format, Path dir)
            throws IOException {
        Files.createDirectories(dir);
        if ((format.equals("PNG") || format.equals("SVG")) && !charts.hasData(id)) {
            throw new IllegalArgumentException("\"" + id.title() + "\" has nothing to draw: "
                    + charts.chart(id).getXYPlot().getNoDataMessage());
        }
        return switch (format) {
            case "PNG" -> List.of(png(charts.chart(id), dir.resolve(id.file() + ".png")));
            case "SVG" -> List.of(svg(charts.chart(id), dir.resolve(id.file() + ".svg")));
            case "CSV" -> id == ChartId.HISTOGRAM ? withHistogram(charts, csv(runs, dir), dir) : csv(runs, dir);
            default -> throw new IllegalArgumentException("unknown export format " + format);
        };
    }

    /**
     * Every chart with points as PNG and SVG (see {@link #withoutData} for those left out), every run as CSV with its
     * latency statistics, and the histogram chart's buckets as CSV.
     */
    public static List<Path> exportAll(BenchmarkCharts charts, List<BenchmarkRun> runs, Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        for (ChartId id : ChartId.values()) {
            if (charts.hasData(id)) {
                out.addAll(export(charts, id, runs, "PNG", dir));
                out.addAll(export(charts, id, runs, "SVG", dir));
            }
        }
        out.addAll(withHistogram(charts, csv(runs, dir), dir));
        return out;
    }

    /** The charts {@link #exportAll} leaves out: they have no point to draw for the shown runs. */
    public static List<ChartId> withoutData(BenchmarkCharts charts) {
        return java.util.Arrays.stream(ChartId.values()).filter(id -> !charts.hasData(id)).toList();
    }

    /** The runs' CSVs and the histogram's: its buckets are not in the run CSV (one line per report). */
    private static List<Path> withHistogram(BenchmarkCharts charts, List<Path> runFiles, Path dir) throws IOException {
        List<Path> out = new ArrayList<>(runFiles);
        out.add(histogramCsv(charts, dir.resolve(ChartId.HISTOGRAM.file() + ".csv")));
        return out;
    }

    /** Header of the histogram CSV: one line per run (series) and bucket, bounds in µs. */
    public static final String HISTOGRAM_HEADER = "series,lower_us,upper_us,round_trips";

    /** The histogram chart's bars: series, bucket bounds and count (from the outline's 4 points per bucket). */
    public static Path histogramCsv(BenchmarkCharts charts, Path file) throws IOException {
        StringBuilder b = new StringBuilder(HISTOGRAM_HEADER).append('\n');
        for (String key : charts.seriesKeys(ChartId.HISTOGRAM)) {
            var s = charts.series(ChartId.HISTOGRAM, key);
            String name = key.replace('"', '\'');
            for (int i = 0; i + 3 < s.getItemCount(); i += 4) {
                b.append('"').append(name).append("\",").append(s.getX(i)).append(',').append(s.getX(i + 3)).append(',')
                        .append((long) s.getY(i + 1).doubleValue()).append('\n');
            }
        }
        Files.writeString(file, b.toString(), java.nio.charset.StandardCharsets.UTF_8);
        return file;
    }
}
