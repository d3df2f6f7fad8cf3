package org.ddstuner.pother.ui.charts;

import java.util.ArrayList;
import java.util.List;

import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The datasets behind the charts; series are added without notification and announced once per refresh. */
final class ChartData {

    /** One dataset and the series in it. */
    static final class Group {
        final XYSeriesCollection collection = new XYSeriesCollection();
        private final List<XYSeries> series = new ArrayList<>();

        XYSeries add(String key) {
            XYSeries s = ChartKit.series(key);
            series.add(s);
            collection.addSeries(s);
            return s;
        }

        /** Tells the chart every series may have changed (axes rescale, the chart redraws). */
        void fire() {
            for (XYSeries s : series) {
                s.fireSeriesChanged();
            }
        }

        void clear() {
            series.clear();
            collection.removeAllSeries();
        }

        XYSeries get(String key) {
            for (XYSeries s : series) {
                if (s.getKey().equals(key)) {
                    return s;
                }
            }
            return null;
        }

        List<XYSeries> all() {
            return List.copyOf(series);
        }
    }

    final Group rtt = new Group();
    final Group percentiles = new Group();
    final Group histogram = new Group();
    final Group samples = new Group();
    /** The receivers' theoretical samples/s: a dataset of its own, drawn behind the actual rates. */
    final Group theoretical = new Group();
    final Group megabytes = new Group();
    final Group loss = new Group();
    final Group cpu = new Group();
    final Group rss = new Group();
    final Group stepsLatency = new Group();
    final Group stepsThroughput = new Group();

    List<Group> groups() {
        return List.of(rtt, percentiles, histogram, samples, theoretical, megabytes, loss, cpu, rss, stepsLatency, stepsThroughput);
    }
}
