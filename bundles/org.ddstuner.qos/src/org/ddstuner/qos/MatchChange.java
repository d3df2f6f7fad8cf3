package org.ddstuner.qos;

import java.util.List;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.match.MismatchReason;

/**
 * How a QoS change would affect the match with one discovered peer endpoint.
 *
 * @param before why they do not match now (empty: they match)
 * @param after  why they would not match with the new QoS (empty: they would match)
 */
public record MatchChange(Endpoint peer, Effect effect, List<MismatchReason> before, List<MismatchReason> after) {

    public enum Effect {
        /** Unmatched now, matched afterwards. */
        GAINED,
        /** Matched now, unmatched afterwards: {@link #after} says why. */
        LOST,
        KEPT,
        STILL_UNMATCHED
    }

    public MatchChange {
        before = List.copyOf(before);
        after = List.copyOf(after);
    }
}
