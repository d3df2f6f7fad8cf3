package org.ddstuner.pother;

/** The latency columns of a Pother transceiver report. */
public enum LatencyColumn {
    /** How long the write call took (send time → write returned). */
    SEND("send latency"),
    /** Send time → the source timestamp Cyclone put on the sample. */
    SEND_SOURCE("send-source"),
    /** Send time → arrival at the transponder. */
    SEND_ARRIVAL("send-arrival"),
    /** The transponder's echo write (its source timestamp) → arrival back at the transceiver. */
    ECHO("echo latency"),
    /** Send time → echo back at the transceiver: the round trip. */
    TRIP("trip latency"),
    /** Time between two successive echoes arriving at the transceiver. */
    INTER_ARRIVAL("inter-arrival");

    private final String label;

    LatencyColumn(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
