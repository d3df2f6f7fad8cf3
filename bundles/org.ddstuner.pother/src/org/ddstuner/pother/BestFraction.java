package org.ddstuner.pother;

/**
 * The Pother report rows: statistics over the best (smallest) 100 %, 99.9 %, 99 % and 90 % of a
 * period's samples, i.e. with the worst 0, 0.1, 1 and 10 % left out.
 */
public enum BestFraction {
    ALL(1000, "100%"),
    P99_9(999, "99.9%"),
    P99(990, "99%"),
    P90(900, "90%");

    private final int permille;
    private final String label;

    BestFraction(int permille, String label) {
        this.permille = permille;
        this.label = label;
    }

    /** Kept fraction in thousandths. */
    public int permille() {
        return permille;
    }

    public String label() {
        return label;
    }

    /**
     * How many of {@code n} samples are kept: the worst {@code floor(n × (1000 − permille) / 1000)} are
     * dropped (integer maths, so 99.9 % of 1000 keeps exactly 999 and 99.9 % of 10 keeps all 10).
     */
    public long kept(long n) {
        return n - n * (1000 - permille) / 1000;
    }
}
