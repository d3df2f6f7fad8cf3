package org.ddstuner.plot.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.ui.PlotView;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.ui.reader.ReaderView;
import org.ddstuner.system.ui.TopicsView;
import org.ddstuner.system.ui.ViewIds;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.testsupport.ui.TopicsTree;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * bench/plot-rate.sh's measurement, skipped unless {@code DDSTUNER_PLOT_BENCH=DOMAIN:SECONDS} is set (the script
 * starts {@code ddsperf -T K32 pub RATE} in the same network namespace first): the Reader view on ddsperf's topic
 * for SECONDS without a plot, SECONDS with {@code seq} and {@code keyval} plotted, and SECONDS without again;
 * per phase the samples per second the reader took, those it dropped, the process's CPU and the plot's points and
 * redraws. One {@code plot-rate:} line per phase and a summary with the ratio.
 */
class PlotRateBench {

    private record Phase(String name, double rxPerS, long dropped, double cpuPerS, double pointsPerS, long missed,
            double redrawsPerS) {
        String line() {
            return String.format(Locale.ROOT, "plot-rate: phase=%s rx_per_s=%.0f dropped=%d cpu_s_per_s=%.2f "
                    + "plot_points_per_s=%.0f plot_missed=%d redraws_per_s=%.1f", name, rxPerS, dropped, cpuPerS,
                    pointsPerS, missed, redrawsPerS);
        }
    }

    @Test
    void readerRateWithAndWithoutPlot() throws Exception {
        String spec = System.getenv("DDSTUNER_PLOT_BENCH");
        Assumptions.assumeTrue(spec != null && spec.matches("\\d+:\\d+"), "bench/plot-rate.sh only");
        int domain = Integer.parseInt(spec.split(":")[0]);
        int seconds = Integer.parseInt(spec.split(":")[1]);
        List<AutoCloseable> toClose = new ArrayList<>();
        try {
            LiveConnection c = Ui.connectLoopback("plot bench", domain, toClose);
            String topic = "DDSPerfRDataK32";
            Ui.waitUntil(java.time.Duration.ofSeconds(60), "ddsperf's writer", () -> c.connection().model()
                    .snapshot(true).endpoints().stream().anyMatch(e -> e.alive() && !e.isReader()
                            && e.topicName().equals(topic)), () -> c.snapshot().topics().toString());
            ReaderView reader = TopicsTree.readSamples(Ui.view(ViewIds.TOPICS, TopicsView.class), c, topic,
                    shell -> { }).view();
            Ui.waitUntil("samples", () -> reader.session().stats().received() > 1000, () -> "");
            Ui.spin(2000); // warm-up: the JIT, the table filling up
            PlotView plot = PlotView.open(Ui.page());
            List<Phase> phases = new ArrayList<>();
            phases.add(measure("reader", reader, plot, seconds));
            assertTrue(plot.plot(reader, "seq"), plot.status());
            assertTrue(plot.plot(reader, "keyval"), plot.status());
            Ui.spin(1000);
            phases.add(measure("reader+plot", reader, plot, seconds));
            for (PlotSeries s : plot.series()) {
                plot.remove(s);
            }
            Ui.spin(1000);
            phases.add(measure("reader_again", reader, plot, seconds));
            phases.forEach(p -> System.out.println(p.line()));
            double without = (phases.get(0).rxPerS() + phases.get(2).rxPerS()) / 2;
            System.out.println(String.format(Locale.ROOT, "plot-rate: summary reader_rx_per_s=%.0f "
                    + "with_plot_rx_per_s=%.0f ratio=%.3f cpu_without=%.2f cpu_with=%.2f plot_points_per_s=%.0f",
                    without, phases.get(1).rxPerS(), phases.get(1).rxPerS() / without,
                    (phases.get(0).cpuPerS() + phases.get(2).cpuPerS()) / 2, phases.get(1).cpuPerS(),
                    phases.get(1).pointsPerS()));
            Ui.screenshot("bench-plot-rate");
            Ui.page().hideView(reader);
            Ui.page().hideView(plot);
        } finally {
            Ui.closeAll(toClose);
        }
    }

    private static Phase measure(String name, ReaderView reader, PlotView plot, int seconds) {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        SessionStats s0 = reader.session().stats();
        long points0 = points(plot);
        long missed0 = missed(plot);
        long redraws0 = plot.redraws();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Ui.spin(seconds * 1000L);
        double dt = (System.nanoTime() - t0) / 1e9;
        SessionStats s1 = reader.session().stats();
        return new Phase(name, (s1.received() - s0.received()) / dt, s1.dropped() - s0.dropped(),
                (os.getProcessCpuTime() - cpu0) / 1e9 / dt, (points(plot) - points0) / dt, missed(plot) - missed0,
                (plot.redraws() - redraws0) / dt);
    }

    private static long points(PlotView plot) {
        return plot.series().stream().mapToLong(s -> s.ring().appended()).sum();
    }

    private static long missed(PlotView plot) {
        return plot.series().stream().mapToLong(PlotSeries::missed).sum();
    }
}
