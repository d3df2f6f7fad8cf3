package org.ddstuner.pother.ui;

import java.util.List;

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
 * runs are overlaid; the heading names it): for each column (send,
 * trip, …) and each best fraction (100 %, 99.9 %, 99 %, 90 %) count, min, avg, max and deviation in µs. A pipeline
 * adds its writers' time blocked in dds_write and its receivers' send → arrival, one block per agent.
 */
public final class PercentilesView extends TableViewPart {

    private static final String[] HEADERS = { "column", "best", "count", "min (µs)", "avg (µs)", "max (µs)",
        "stddev (µs)" };
    private static final int[] WIDTHS = { 220, 60, 80, 90, 90, 90, 90 };

    /** The round trip first: it is what people look for; the parts of it follow. */
    private static final LatencyColumn[] ORDER = { LatencyColumn.TRIP, LatencyColumn.SEND_ARRIVAL, LatencyColumn.ECHO,
        LatencyColumn.SEND, LatencyColumn.SEND_SOURCE, LatencyColumn.INTER_ARRIVAL };

    private Label heading;
    private List<Points.Latency> shownPoints = List.of();
    private int shownRuns;

    @Override
    public void createPartControl(Composite parent) {
        Composite c = column(parent);
        heading = headingIn(c, SWT.NONE, Messages.NO_LATENCY_YET);
        table = TableTexts.create(c, 1, HEADERS, WIDTHS, i -> i >= 2);
        startRefreshing(parent.getDisplay());
    }

    public String heading() {
        return heading.getText();
    }

    @Override
    protected void refresh() {
        List<BenchmarkRun> shown = BenchmarkSession.get().shown();
        List<Points.Latency> points = shown.isEmpty() ? List.of() : List.copyOf(shown.get(0).lastLatencyByAgent().values());
        if (points.equals(shownPoints) && shown.size() == shownRuns) {
            return;
        }
        shownPoints = points;
        shownRuns = shown.size();
        table.setRedraw(false);
        try {
            table.removeAll();
            if (points.isEmpty()) {
                heading.setText(Messages.NO_LATENCY_YET);
                return;
            }
            // the heading tells the period of the measuring agent (the one with round trips), if there is one
            Points.Latency head = points.stream().filter(q -> q.report().column(LatencyColumn.TRIP) != null).findFirst()
                    .orElse(null);
            // with runs overlaid the table is A's alone: the heading says so (the launcher may talk about B)
            String label = Messages.shownRun(shown.get(0).definition().label(), shown.size());
            if (head != null) {
                LatencyReport hr = head.report();
                heading.setText(Messages.periodHeading(label, head.time(), hr.periodNanos() / 1e9, hr.sent(), hr.received()));
            } else {
                heading.setText(Messages.timingsHeading(label, points.stream().mapToDouble(Points.Latency::time).max()
                        .orElse(0), points.size()));
            }
            boolean several = points.size() > 1;
            for (Points.Latency p : points) {
                addRows(p, several);
            }
        } finally {
            heading.getParent().layout();
            table.setRedraw(true);
        }
    }

    /** The rows of one agent's newest report; with several agents (a pipeline) each row names its agent. */
    private void addRows(Points.Latency p, boolean named) {
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
            }
        }
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
