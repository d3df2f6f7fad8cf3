package org.ddstuner.system;

/**
 * How one endpoint fares against the alive endpoints of the other side on its topic, without making a
 * {@link Match} per pair (cheap for labels and counts; {@link SystemSnapshot#matchesOf} has every pair).
 *
 * @param candidates      alive endpoints of the other side on the topic (in the snapshot)
 * @param matched         how many of them it matches
 * @param nearestMismatch when it matches none of several candidates: the one with the fewest reasons,
 *                        else {@code null}
 */
public record MatchSummary(int candidates, int matched, Match nearestMismatch) {

    /** A gone endpoint, or one that is not in the snapshot. */
    public static final MatchSummary NONE = new MatchSummary(0, 0, null);

    /** There are candidates and it matches none of them. */
    public boolean unmatched() {
        return candidates > 0 && matched == 0;
    }
}
