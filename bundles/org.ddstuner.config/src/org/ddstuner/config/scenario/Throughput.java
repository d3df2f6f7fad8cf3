package org.ddstuner.config.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Throughput settings on top of any scenario: the writer history watermarks (Internal/Watermarks/WhcHigh, WhcLow,
 * WhcAdaptive) and synchronous delivery (Internal/SynchronousDeliveryLatencyBound and
 * SynchronousDeliveryPriorityThreshold), named as in Cyclone 0.10.2's and 11.0.1's option tables. A null field is
 * left out of the file (Cyclone's default).
 *
 * @param whcHigh               a reliable writer is suspended when this much of its data is unacknowledged ("500 kB")
 * @param whcLow                a suspended writer resumes when its unacknowledged data has shrunk to this ("1 kB")
 * @param whcAdaptive           whether Cyclone moves the high-water mark with retransmits and transmit pressure
 * @param syncLatencyBound      writers with a latency budget at most this ("inf") are delivered on the receive thread
 * @param syncPriorityThreshold … and with a transport priority at least this (0)
 */
public record Throughput(String whcHigh, String whcLow, Boolean whcAdaptive, String syncLatencyBound,
        Integer syncPriorityThreshold) {

    /** How much a reliable writer may have in flight. */
    public enum History {
        DEFAULT("default", "Cyclone's default (500 kB, adaptive)",
                "A writer may have up to 500 kB unacknowledged; Cyclone starts lower (30 kB) and raises the mark when "
                        + "readers keep up. Right for most systems: little memory per writer, no tuning.",
                null, null, null),
        BULK("bulk", "High throughput (4 MiB window, fixed)",
                "A writer keeps streaming until 4 MiB are unacknowledged and resumes at 1 MiB, from the first sample "
                        + "(not adaptive). Pick it for sustained streams (video, logs, bulk transfer) or links with long "
                        + "round trips, where a writer blocking on its history is the bottleneck. Costs up to 4 MiB per "
                        + "reliable writer and bigger bursts: give the readers' socket buffers room (large-data page).",
                "4 MiB", "1 MiB", Boolean.FALSE),
        SMALL("small", "Low memory (64 kB window)",
                "A writer blocks at 64 kB unacknowledged and resumes at 16 kB. Pick it on small devices with many "
                        + "writers, or to keep a fast writer from flooding a slow link: throughput drops to what the "
                        + "readers acknowledge.",
                "64 kB", "16 kB", Boolean.FALSE);

        private final String id;
        private final String title;
        private final String description;
        private final String high;
        private final String low;
        private final Boolean adaptive;

        History(String id, String title, String description, String high, String low, Boolean adaptive) {
            this.id = id;
            this.title = title;
            this.description = description;
            this.high = high;
            this.low = low;
            this.adaptive = adaptive;
        }

        public String id() {
            return id;
        }

        public String title() {
            return title;
        }

        public String description() {
            return description;
        }

        public String whcHigh() {
            return high;
        }

        public String whcLow() {
            return low;
        }

        public Boolean whcAdaptive() {
            return adaptive;
        }

        public static Optional<History> byId(String id) {
            return Arrays.stream(values()).filter(h -> h.id.equals(id)).findFirst();
        }
    }

    /** Where received samples are handed to the readers. */
    public enum Delivery {
        SYNCHRONOUS("sync", "Synchronous (Cyclone's default)",
                "Every sample is handed to the readers on the thread that received it (bound inf, threshold 0: every "
                        + "writer qualifies). Lowest latency; but a slow listener or a reader whose history is full holds "
                        + "up that receive thread, and packets arriving meanwhile wait in the socket buffer.",
                null, null),
        ASYNCHRONOUS("async", "Asynchronous (delivery queue)",
                "Samples go through a delivery queue and thread; only writers with transport priority 1 or more stay "
                        + "synchronous. Pick it for throughput when readers are slow or do work in listeners: the receive "
                        + "thread keeps draining the socket, so bursts are not dropped and re-sent. Costs a thread hand-off "
                        + "(some microseconds) per sample.",
                null, 1);

        private final String id;
        private final String title;
        private final String description;
        private final String bound;
        private final Integer threshold;

        Delivery(String id, String title, String description, String bound, Integer threshold) {
            this.id = id;
            this.title = title;
            this.description = description;
            this.bound = bound;
            this.threshold = threshold;
        }

        public String id() {
            return id;
        }

        public String title() {
            return title;
        }

        public String description() {
            return description;
        }

        public String latencyBound() {
            return bound;
        }

        public Integer priorityThreshold() {
            return threshold;
        }

        public static Optional<Delivery> byId(String id) {
            return Arrays.stream(values()).filter(d -> d.id.equals(id)).findFirst();
        }
    }

    /** The presets' values; {@code null} presets leave their elements out. */
    public static Throughput of(History h, Delivery d) {
        History hh = h == null ? History.DEFAULT : h;
        Delivery dd = d == null ? Delivery.SYNCHRONOUS : d;
        return new Throughput(hh.whcHigh(), hh.whcLow(), hh.whcAdaptive(), dd.latencyBound(), dd.priorityThreshold());
    }

    /** With the non-null fields of {@code o} overriding these (the CLI's --whc-high etc. over a preset). */
    public Throughput overriddenBy(Throughput o) {
        return new Throughput(o.whcHigh != null ? o.whcHigh : whcHigh, o.whcLow != null ? o.whcLow : whcLow,
                o.whcAdaptive != null ? o.whcAdaptive : whcAdaptive,
                o.syncLatencyBound != null ? o.syncLatencyBound : syncLatencyBound,
                o.syncPriorityThreshold != null ? o.syncPriorityThreshold : syncPriorityThreshold);
    }

    /** Nothing to write. */
    public boolean isDefault() {
        return whcHigh == null && whcLow == null && whcAdaptive == null && syncLatencyBound == null
                && syncPriorityThreshold == null;
    }

    /** Writes the set fields under Domain/Internal, each with why; the notes say what they amount to. */
    void applyTo(XmlOut domain, List<String> notes) {
        if (whcHigh != null) {
            domain.at("Internal/Watermarks/WhcHigh").text(whcHigh)
                    .why("a reliable writer is suspended when this much of its data is unacknowledged");
        }
        if (whcLow != null) {
            domain.at("Internal/Watermarks/WhcLow").text(whcLow).why("and resumes when it has shrunk to this");
        }
        // Cyclone refuses the file ("Invalid watermark settings") unless WhcLow <= WhcHighInit <= WhcHigh, and
        // WhcHighInit defaults to 30 kB: a fixed window starts at its high mark, an adaptive one at its low mark
        String init = Boolean.FALSE.equals(whcAdaptive) ? (whcHigh == null ? "500 kB" : whcHigh) : whcLow;
        if (init != null) {
            domain.at("Internal/Watermarks/WhcHighInit").text(init).why("where the high-water mark starts");
        }
        if (whcAdaptive != null) {
            domain.at("Internal/Watermarks/WhcAdaptive").text(whcAdaptive.toString())
                    .why(whcAdaptive ? "the high-water mark follows retransmits and transmit pressure"
                            : "the full window from the first sample, not ramped up");
        }
        if (syncLatencyBound != null) {
            domain.at("Internal/SynchronousDeliveryLatencyBound").text(syncLatencyBound)
                    .why("writers with a latency budget up to this are delivered on the receive thread");
        }
        if (syncPriorityThreshold != null) {
            domain.at("Internal/SynchronousDeliveryPriorityThreshold").text(syncPriorityThreshold.toString())
                    .why("... if their transport priority is at least this; the others through the delivery queue");
        }
        if (whcHigh != null || whcLow != null) {
            notes.add("Writer history: suspended at " + (whcHigh == null ? "500 kB" : whcHigh) + " unacknowledged, "
                    + "resumed at " + (whcLow == null ? "1 kB" : whcLow) + " (per reliable writer).");
        }
        if (syncPriorityThreshold != null || syncLatencyBound != null) {
            notes.add("Delivery: synchronous only for writers with transport priority >= "
                    + (syncPriorityThreshold == null ? 0 : syncPriorityThreshold) + " and latency budget <= "
                    + (syncLatencyBound == null ? "inf" : syncLatencyBound) + "; the others through the delivery queue.");
        }
    }
}
