package org.ddstuner.pother.ui;

import java.util.List;
import java.util.Locale;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.Points;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableItem;

/**
 * The Pother table of the newest latency report with samples of each agent of the run shown first (run A when
 * runs are overlaid; the heading names it, and B and Δ columns compare run B's newest period): for each measure (send,
 * trip, …) and each best fraction (100 %, 99.9 %, 99 %, 90 %) count, min, avg, max and deviation in µs. A pipeline
 * adds its writers' time blocked in dds_write and its receivers' send → arrival, one block per agent.
 *
 * <p>Short headers (their tooltips say them in full) and columns as wide as their widest text, so that with the B and
 * Δ columns the table still fits the view at the Benchmarks perspective's own size, not only maximized.
 */
public final class PercentilesView extends TableViewPart {

    private static final String[] HEADERS = { "measure", "best", "count", "min µs", "avg µs", "max µs", "sd µs" };
    private static final String[] TIPS = { "What was timed (trip latency = the round trip)",
        "Best fraction: the statistics cover the best (smallest) 100 %, 99.9 %, 99 % or 90 % of the period's samples:"
            + " the max of the 99 % row is the 99th percentile", "Samples in that fraction", "Smallest, in µs",
        "Mean, in µs", "Largest, in µs", "Standard deviation, in µs" };
    /** With two or more runs overlaid: run B's value of the same row and B − A, for the mean and the maximum. */
    private static final String[] COMPARE_HEADERS = { "B avg µs", "Δ avg", "B max µs", "Δ max" };
    private static final String[] COMPARE_TIPS = { "Run B's mean of this row, in µs",
        "(B − A) / A of the mean: how much run B's value differs from run A's, in % of A's",
        "Run B's largest of this row, in µs",
        "(B − A) / A of the largest: how much run B's value differs from run A's, in % of A's" };

    /** The round trip first: it is what people look for; the parts of it follow. */
    private static final LatencyColumn[] ORDER = { LatencyColumn.TRIP, LatencyColumn.SEND_ARRIVAL, LatencyColumn.ECHO,
        LatencyColumn.SEND, LatencyColumn.SEND_SOURCE, LatencyColumn.INTER_ARRIVAL };

    private Label heading;
    private List<Points.Latency> shownPoints = List.of();
    private List<Points.Latency> shownB = List.of();
    private int shownRuns;
    /** The {@link BenchmarkSession#shownVersion()} the column widths were last fitted to. */
    private long fittedVersion = -1;

    @Override
    public void createPartControl(Composite parent) {
        Composite c = column(parent);
        heading = headingIn(c, SWT.WRAP, Messages.NO_LATENCY_YET); // an overlay's heading names both runs: two lines
        table = TableTexts.create(c, 1, HEADERS, null, i -> i >= 2);
        TableTexts.tooltips(table, TIPS);
        startRefreshing(parent.getDisplay());
    }

    public String heading() {
        return heading.getText();
    }

    @Override
    protected void refresh() {
        List<BenchmarkRun> shown = BenchmarkSession.get().shown();
        List<Points.Latency> points = shown.isEmpty() ? List.of() : List.copyOf(shown.get(0).lastLatencyByAgent().values());
        List<Points.Latency> bPoints = shown.size() < 2 ? List.of() : List.copyOf(shown.get(1).lastLatencyByAgent().values());
        if (points.equals(shownPoints) && bPoints.equals(shownB) && shown.size() == shownRuns) {
            return;
        }
        shownPoints = points;
        shownB = bPoints;
        shownRuns = shown.size();
        table.setRedraw(false);
        try {
            table.removeAll();
            compareColumns(shown.size() > 1);
            if (points.isEmpty()) {
                heading.setText(Messages.NO_LATENCY_YET);
                return;
            }
            // the heading tells the period of the measuring agent (the one with round trips), if there is one
            Points.Latency head = points.stream().filter(q -> q.report().column(LatencyColumn.TRIP) != null).findFirst()
                    .orElse(null);
            // with runs overlaid the table is A's alone: the heading says so (the launcher may talk about B)
            String label = Messages.shownRun(shown.get(0).definition().label(), shown.size());
            String text;
            if (head != null) {
                LatencyReport hr = head.report();
                text = Messages.periodHeading(label, head.time(), hr.periodNanos() / 1e9, hr.sent(), hr.received());
            } else {
                text = Messages.timingsHeading(label, points.stream().mapToDouble(Points.Latency::time).max().orElse(0),
                        points.size());
            }
            if (shown.size() > 1) {
                text += "; B and Δ: the newest period of run B (" + shown.get(1).definition().label() + ")";
            }
            heading.setText(text);
            boolean several = points.size() > 1;
            for (int i = 0; i < points.size(); i++) {
                addRows(points.get(i), several, shown.size() > 1 ? partner(points.get(i), i, bPoints) : null,
                        shown.size() > 1);
            }
            // other runs shown (or a new one started): as wide as they need; while a run streams: only wider, no jumping
            long version = BenchmarkSession.get().shownVersion();
            if (version != fittedVersion) {
                fittedVersion = version;
                TableTexts.fitToTexts(table);
            } else {
                TableTexts.widenToFit(table);
            }
        } finally {
            heading.getParent().layout();
            table.setRedraw(true);
        }
    }

    /** Adds the B and Δ columns when runs are overlaid, removes them when one run is shown. */
    private void compareColumns(boolean compare) {
        boolean has = TableTexts.columns(table) > HEADERS.length;
        if (compare && !has) {
            for (int i = 0; i < COMPARE_HEADERS.length; i++) {
                TableTexts.addColumn(table, COMPARE_HEADERS[i], COMPARE_TIPS[i], true);
            }
        } else if (!compare && has) {
            TableTexts.removeColumnsFrom(table, HEADERS.length);
        }
    }

    /** Run B's point to compare with A's {@code a}: the same agent's, else the one in the same place, else null. */
    private static Points.Latency partner(Points.Latency a, int index, List<Points.Latency> b) {
        for (Points.Latency p : b) {
            if (p.agent() != null && p.agent().equals(a.agent())) {
                return p;
            }
        }
        return index < b.size() ? b.get(index) : null;
    }

    /**
     * The rows of one agent's newest report; with several agents (a pipeline) each row names its agent. With runs
     * overlaid ({@code compare}) each row ends with B's avg and max of the same measure and fraction and B − A.
     */
    private void addRows(Points.Latency p, boolean named, Points.Latency b, boolean compare) {
        LatencyReport r = p.report();
        for (LatencyColumn c : ORDER) {
            LatencyReport.Column col = r.column(c);
            if (col == null) {
                continue;
            }
            String what = named ? p.agent() + ": " + label(c, p.agent()) : c.label();
            for (BestFraction f : BestFraction.values()) {
                StatSummary s = col.rows().get(f);
                TableItem item = new TableItem(table, SWT.NONE);
                item.setText(new String[] { what, f.label(), Long.toString(s.count()), Messages.micros(s.min()),
                    Messages.micros(s.avg()), Messages.micros(s.max()), Messages.micros(s.stdDev()) });
                if (compare) {
                    LatencyReport.Column bc = b == null ? null : b.report().column(c);
                    StatSummary bs = bc == null ? StatSummary.EMPTY : bc.rows().get(f);
                    item.setText(HEADERS.length, Messages.micros(bs.avg()));
                    item.setText(HEADERS.length + 1, delta(s.avg(), bs.avg()));
                    item.setText(HEADERS.length + 2, Messages.micros(bs.max()));
                    item.setText(HEADERS.length + 3, delta(s.max(), bs.max()));
                }
            }
        }
    }

    /** (B − A) / A in % ("+4.1 %"; B − A in µs is the difference of the two columns), or "–" if not defined. */
    static String delta(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%+.1f %%", 100 * (b - a) / a);
    }

    /** A writer's SEND is the time it blocked in dds_write; a receiver's SEND_ARRIVAL is send → arrival there. */
    private static String label(LatencyColumn c, String agent) {
        if (agent != null && agent.endsWith(" write") && c == LatencyColumn.SEND) {
            return "blocked in write";
        }
        if (agent != null && (agent.endsWith(" end-to-end") || agent.endsWith(" one-way")) && c == LatencyColumn.SEND_ARRIVAL) {
            return "send → arrival";
        }
        return c.label();
    }

}
