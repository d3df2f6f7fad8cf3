package org.ddstuner.pother.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunCsv;
import org.ddstuner.pother.ui.charts.ChartExport;
import org.ddstuner.pother.ui.charts.ChartId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Export of what the charts show after an in-process round trip: PNG and SVG of every chart with data (none of the
 * empty throughput and loss charts), the run's CSV, its latency statistics and the histogram CSV, each holding the
 * reports' own numbers.
 */
class ExportTest extends BenchmarksTestBase {

    private static BenchmarkRun rttRun;

    @BeforeAll
    static void runARoundTrip() {
        rttRun = runFromLauncher(0, "64", 3);
    }

    @Test
    @Order(30)
    void exportWritesPngSvgAndCsvOfWhatIsShown() throws Exception {
        Path dir = Files.createTempDirectory("ddstuner-export");
        // a round trip has no throughput and no loss counts: those charts are left out, not written as empty axes
        assertEquals(List.of(ChartId.THROUGHPUT, ChartId.LOSS), ChartExport.withoutData(charts.charts()));
        List<Path> files = charts.exportAll(dir);
        // + run CSV, its latency statistics, histogram CSV
        assertEquals((ChartId.values().length - 2) * 2 + 3, files.size(), files.toString());
        for (ChartId id : List.of(ChartId.THROUGHPUT, ChartId.LOSS)) {
            assertTrue(!Files.exists(dir.resolve(id.file() + ".png")) && !Files.exists(dir.resolve(id.file() + ".svg")),
                    id + " not exported");
        }
        Exception empty = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ChartExport.export(charts.charts(), ChartId.LOSS, List.of(rttRun), "PNG", dir));
        assertTrue(empty.getMessage().contains("has nothing to draw"), empty.getMessage());
        for (ChartId id : ChartId.values()) {
            if (id == ChartId.THROUGHPUT || id == ChartId.LOSS) {
                continue;
            }
            byte[] png = Files.readAllBytes(dir.resolve(id.file() + ".png"));
            assertArrayEquals(new byte[] { (byte) 0x89, 'P', 'N', 'G' }, Arrays.copyOf(png, 4), id + " is a PNG");
            assertEquals(1000, ByteBuffer.wrap(png, 16, 4).getInt(), "PNG width");
            assertEquals(600, ByteBuffer.wrap(png, 20, 4).getInt(), "PNG height");
            String svg = Files.readString(dir.resolve(id.file() + ".svg"), StandardCharsets.UTF_8);
            assertTrue(svg.contains("<svg") && svg.contains(id.title()), id + " SVG with its title");
            copyToScreenshots(dir.resolve(id.file() + ".png"), "export-" + id.file() + ".png");
        }
        String rttSvg = Files.readString(dir.resolve(ChartId.RTT.file() + ".svg"));
        assertTrue(rttSvg.contains(">time (s)<") && rttSvg.contains(">p50<"), "axis label and legend as SVG text");
        List<String> csv = Files.readAllLines(dir.resolve(rttRun.id() + ".csv"));
        assertEquals(RunCsv.HEADER, csv.get(0));
        assertEquals(rttRun.latency().size() + 1, csv.size());
        String[] first = csv.get(1).split(",", -1);
        assertEquals("latency", first[3]);
        assertEquals(Long.toString(rttRun.latency().get(0).count()), first[4]);
        assertLatencyStatsEqualReports(rttRun, dir.resolve(rttRun.id() + ChartExport.LATENCY_STATS_SUFFIX));
        copyToScreenshots(dir.resolve(rttRun.id() + ChartExport.LATENCY_STATS_SUFFIX), "export-rtt-latency-stats.csv");
        List<String> hist = Files.readAllLines(dir.resolve(ChartId.HISTOGRAM.file() + ".csv"));
        assertEquals(ChartExport.HISTOGRAM_HEADER, hist.get(0));
        long bucketed = hist.stream().skip(1).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1))).sum();
        assertEquals(rttRun.latency().stream().mapToLong(p -> p.report().column(LatencyColumn.TRIP).rows()
                .get(BestFraction.ALL).count()).sum(), bucketed, "the histogram CSV counts every round trip of the run");
    }

    /**
     * The latency statistics CSV holds, in order, every report's every column and best fraction with the report's own
     * count, min, avg, max and stddev (µs, read back as the same numbers).
     */
    static void assertLatencyStatsEqualReports(BenchmarkRun run, Path file) throws java.io.IOException {
        List<String> lines = Files.readAllLines(file);
        assertEquals(RunCsv.LATENCY_STATS_HEADER, lines.get(0));
        int line = 1;
        java.util.Set<LatencyColumn> seen = java.util.EnumSet.noneOf(LatencyColumn.class);
        for (Points.Latency p : run.latency()) {
            for (LatencyColumn c : LatencyColumn.values()) {
                LatencyReport.Column col = p.report().column(c);
                if (col == null) {
                    continue;
                }
                seen.add(c);
                for (BestFraction f : BestFraction.values()) {
                    String[] cells = lines.get(line++).split(",", -1);
                    StatSummary st = col.rows().get(f);
                    String where = "line " + (line - 1) + ": " + String.join(",", cells);
                    assertEquals(String.format(java.util.Locale.ROOT, "%.3f", p.time()), cells[0], where);
                    assertEquals(p.agent() == null ? "" : p.agent(), cells[1], where);
                    assertEquals(Integer.toString(p.step()), cells[2], where);
                    assertEquals(c.label(), cells[3], where);
                    assertEquals(f.label(), cells[4], where);
                    assertEquals(st.count(), Long.parseLong(cells[5]), where);
                    double[] values = { st.min(), st.avg(), st.max(), st.stdDev() };
                    for (int i = 0; i < values.length; i++) {
                        if (Double.isNaN(values[i])) {
                            assertEquals("", cells[6 + i], where);
                        } else {
                            assertEquals(values[i] / 1e3, Double.parseDouble(cells[6 + i]), where);
                        }
                    }
                }
            }
        }
        assertEquals(lines.size(), line, "one line per report, column and fraction");
        assertTrue(seen.containsAll(List.of(LatencyColumn.SEND, LatencyColumn.SEND_SOURCE, LatencyColumn.SEND_ARRIVAL,
                LatencyColumn.ECHO, LatencyColumn.TRIP, LatencyColumn.INTER_ARRIVAL)), "a round trip reports every column: "
                        + seen);
    }
}
