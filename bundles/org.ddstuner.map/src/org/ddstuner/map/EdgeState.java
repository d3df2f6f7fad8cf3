package org.ddstuner.map;

/**
 * What one edge of the map says about the endpoints it stands for, in rising order of how much a person should
 * look at it: an aggregated edge takes the highest state of its endpoints ({@link #worse}).
 */
public enum EdgeState {
    /** Matches at least one endpoint of the other side. */
    MATCHED("matched", 0x2e7d32, false),
    /** Nobody on the other side of the topic (yet): nothing to match. */
    NO_PEER("nobody on the other side", 0x8d8d8d, false),
    /** The endpoint (or its participant) is gone; kept while the model still remembers it. */
    GONE("gone", 0xa0a0a0, true),
    /** A topic watch saw samples lost on this writer's topic. */
    SAMPLES_LOST("samples lost", 0xe65100, false),
    /** A topic watch saw the deadline missed on this writer's topic. */
    DEADLINE_MISSED("deadline missed", 0xc77800, false),
    /** Has endpoints on the other side and matches none of them: the reasons say why. */
    NO_MATCH("no match", 0xd32f2f, false);

    private final String text;
    private final int rgb;
    private final boolean dashed;

    EdgeState(String text, int rgb, boolean dashed) {
        this.text = text;
        this.rgb = rgb;
        this.dashed = dashed;
    }

    /** How people read it: "no match". */
    public String text() {
        return text;
    }

    /** The edge colour as 0xRRGGBB (the same on screen, in PNG and in SVG). */
    public int rgb() {
        return rgb;
    }

    public boolean dashed() {
        return dashed;
    }

    /** The one of the two a person should see first. */
    public static EdgeState worse(EdgeState a, EdgeState b) {
        return a == null ? b : b == null ? a : a.ordinal() >= b.ordinal() ? a : b;
    }
}
