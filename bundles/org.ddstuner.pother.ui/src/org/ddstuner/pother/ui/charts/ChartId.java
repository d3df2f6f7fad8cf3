package org.ddstuner.pother.ui.charts;

/** The charts of the Charts view, in display order; {@code file} names their exports. */
public enum ChartId {
    RTT("Round-trip (or one-way) latency", "rtt"),
    PERCENTILES("Round-trip percentiles, latest period", "rtt-percentiles"),
    /** Shares a cell with {@link #PERCENTILES} (tabs): both are the shape of the round trips. */
    HISTOGRAM("Round-trip histogram, whole run", "rtt-histogram"),
    THROUGHPUT("Throughput", "throughput"),
    LOSS("Lost and out-of-order (since start)", "loss"),
    CPU("CPU and memory per agent", "cpu"),
    STEPS("Per step, against sample size", "steps");

    private final String title;
    private final String file;

    ChartId(String title, String file) {
        this.title = title;
        this.file = file;
    }

    public String title() {
        return title;
    }

    public String file() {
        return file;
    }
}
