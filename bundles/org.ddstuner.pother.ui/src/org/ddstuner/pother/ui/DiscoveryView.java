package org.ddstuner.pother.ui;

import java.util.Arrays;
import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.DiscoveryResult;
import org.ddstuner.pother.runs.Points;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableItem;

/**
 * The discovery benchmark of the run shown first (run A when runs are overlaid; the heading names it): one row per iteration, a fresh writer against a waiting reader
 * (created → first matched reader, created → first sample at that reader, samples written before the match and
 * samples that never reached the reader) and then a fresh reader joining that running writer (created → match,
 * → first sample, samples sent before the first one it got: the "joiner" columns), and the medians in the heading, apart for endpoints
 * with a participant of their own (participant discovery included) and without. See {@link DiscoveryResult}.
 */
public final class DiscoveryView extends TableViewPart {

    /**
     * Headers that say what they count and in what unit, short enough for every column to fit beside three other
     * views (a "joiner" is the reader created while the writer already sends); the full meaning in the tooltips.
     */
    private static final String[] HEADERS = { "#", "agent", "participant", "match ms", "1st sample ms", "pre-match",
        "missed", "joiner match ms", "joiner 1st sample", "joiner missed" };
    private static final String[] TIPS = { "Iteration", "The agent that created the writer and the reader",
        "Participant: " + Messages.DISCOVERY_OWN + " = a fresh participant per endpoint (participant discovery included), "
            + Messages.DISCOVERY_SHARED + " = the agent's participant",
        "Fresh writer: created → first matched reader (ms)", "Fresh writer: created → first sample at the reader (ms)",
        "Samples the fresh writer wrote before it matched the reader (a count)",
        "Samples the waiting reader never got (a count)",
        "Joiner, a reader created while the writer already sends: created → matched (ms)",
        "Joiner: created → first sample (ms)",
        "Samples the writer sent before the joiner's first one (a count; a volatile reader does not get them)" };

    private Label heading;
    private BenchmarkRun shownRun;
    private long shownVersion = -1;
    private int shownRuns;

    @Override
    public void createPartControl(Composite parent) {
        Composite c = column(parent);
        heading = headingIn(c, SWT.WRAP, Messages.NO_DISCOVERY_YET);
        table = TableTexts.create(c, 1, HEADERS, null, i -> i >= 3);
        TableTexts.tooltips(table, TIPS);
        startRefreshing(parent.getDisplay());
    }

    public String heading() {
        return heading.getText();
    }

    @Override
    protected void refresh() {
        List<BenchmarkRun> shown = BenchmarkSession.get().shown();
        BenchmarkRun run = shown.isEmpty() ? null : shown.get(0);
        long version = run == null ? -1 : run.version();
        if (run == shownRun && version == shownVersion && shown.size() == shownRuns) {
            return;
        }
        shownRun = run;
        shownVersion = version;
        shownRuns = shown.size();
        List<Points.Discovery> points = run == null ? List.of() : run.discovery();
        table.setRedraw(false);
        try {
            table.removeAll();
            for (Points.Discovery p : points) {
                DiscoveryResult r = p.result();
                new TableItem(table, SWT.NONE).setText(new String[] { Integer.toString(r.iteration() + 1), p.agent(),
                    r.ownParticipant() ? Messages.DISCOVERY_OWN : Messages.DISCOVERY_SHARED, Messages.millis(r.matchMillis()),
                    Messages.millis(r.firstSampleMillis()), count(r.writtenBeforeMatch()), Long.toString(r.samplesMissed()),
                    Messages.millis(r.lateReaderMatchMillis()), Messages.millis(r.lateReaderFirstSampleMillis()),
                    count(r.lateReaderMissed()) });
            }
            TableTexts.widenToFit(table);
            heading.setText(points.isEmpty() ? Messages.NO_DISCOVERY_YET
                    : summary(Messages.shownRun(run.definition().label(), shown.size()), points));
        } finally {
            heading.getParent().layout();
            table.setRedraw(true);
        }
    }

    private static String summary(String label, List<Points.Discovery> points) {
        StringBuilder b = new StringBuilder(label).append(": ").append(points.size()).append(" writers");
        for (boolean own : new boolean[] { true, false }) {
            List<DiscoveryResult> rs = points.stream().map(Points.Discovery::result)
                    .filter(r -> r.ownParticipant() == own).toList();
            if (!rs.isEmpty()) {
                b.append("; ").append(own ? Messages.DISCOVERY_OWN : Messages.DISCOVERY_SHARED).append(": median match ")
                        .append(Messages.millis(median(rs.stream().mapToDouble(DiscoveryResult::matchMillis).toArray())))
                        .append(" ms, first sample ")
                        .append(Messages.millis(median(rs.stream().mapToDouble(DiscoveryResult::firstSampleMillis).toArray())))
                        .append(" ms, missed ")
                        .append(Messages.count(lowerMedian(rs.stream().mapToDouble(DiscoveryResult::samplesMissed).toArray())))
                        .append("; joiner: match ")
                        .append(Messages.millis(median(rs.stream().mapToDouble(DiscoveryResult::lateReaderMatchMillis).toArray())))
                        .append(" ms, missed ").append(Messages.count(lowerMedian(rs.stream()
                                .mapToDouble(r -> r.lateReaderMissed() < 0 ? Double.NaN : r.lateReaderMissed()).toArray())));
            }
        }
        return b.toString();
    }

    /** A count, or "–" when it was not measured (−1: a run saved before it was). */
    private static String count(long n) {
        return n < 0 ? "–" : Long.toString(n);
    }

    /** The median of the values that are numbers (NaN if none). */
    static double median(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** The median of counts as a count: of an even number, the lower middle one (a value measured, not x.5). */
    static double lowerMedian(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        return v.length == 0 ? Double.NaN : v[(v.length - 1) / 2];
    }
}
