package org.ddstuner.system;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.match.MismatchReason;

/**
 * The verdict for one reader/writer pair on the same topic.
 *
 * @param reasons why they do not match, one per failed check; empty when they match
 * @param needsTypeInformation the type names differ: with XTypes they may still be assignable, which
 *                             only the type information can decide
 */
public record Match(Guid reader, Guid writer, String topicName, List<MismatchReason> reasons, boolean needsTypeInformation) {

    public Match {
        reasons = List.copyOf(reasons);
    }

    public boolean matched() {
        return reasons.isEmpty();
    }
}
