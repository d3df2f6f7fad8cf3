package org.ddstuner.pother.ui.charts;

import java.util.List;

import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;

/**
 * What an empty chart says instead of bare axes: why the shown runs have nothing for it (a throughput run has no
 * round trips, a discovery run no throughput) or that the first report has not come yet.
 */
final class EmptyChartText {

    static final String NO_RUN = "No run shown: start a test, or pick saved runs";
    static final String WAITING = "Waiting for the first report…";
    static final String NOT_MEASURED = "None of the shown runs measured this";

    private EmptyChartText() {
    }

    /** The sentence chart {@code id} shows while it has no points, for the shown {@code runs}. */
    static String of(ChartId id, List<BenchmarkRun> runs) {
        if (runs.isEmpty()) {
            return NO_RUN;
        }
        String first = null;
        for (BenchmarkRun r : runs) {
            String why = why(id, r.definition().kind());
            if (why == null) {
                why = r.state() == BenchmarkRun.State.RUNNING ? WAITING : "Nothing reported: the run ended without it";
            }
            if (first == null) {
                first = why;
            } else if (!first.equals(why)) {
                return NOT_MEASURED;
            }
        }
        return first;
    }

    /** Why a run of {@code kind} never has points in chart {@code id}, or null if it should have some. */
    static String why(ChartId id, RunDefinition.Kind kind) {
        boolean roundTrips = kind == RunDefinition.Kind.LATENCY;
        boolean discovery = kind == RunDefinition.Kind.DISCOVERY;
        return switch (id) {
            case RTT -> discovery ? "No latency: a discovery run measures the time to match (see the Discovery view)"
                    : kind == RunDefinition.Kind.RELAY ? null
                    : roundTrips ? null : "No round trips: this run measures throughput";
            case PERCENTILES, HISTOGRAM -> discovery ? "No round trips: a discovery run measures the time to match (see the Discovery view)"
                    : roundTrips ? null
                    : "No round trips: this run measures throughput";
            case THROUGHPUT -> discovery ? "No throughput: a discovery run measures the time to match (see the Discovery view)"
                    : roundTrips ? "No throughput: a round-trip run measures latency at a set rate" : null;
            case LOSS -> discovery ? "No loss counts: a discovery run counts the samples missed in the Discovery view"
                    : roundTrips ? "No loss counts: a round-trip run reports samples sent and echoes received (Percentiles view)"
                    : null;
            case CPU -> null;
            case STEPS -> discovery ? "No steps: a discovery run measures the time to match (see the Discovery view)" : null;
        };
    }
}
