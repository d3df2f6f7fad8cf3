package org.ddstuner.system.ui.details;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.ddstuner.dds.Guid;

/**
 * What the QoS Tuning view changed on an own reader or writer this session, per policy as "old → new": the
 * Details view's QoS tab shows it in place of the value. The tuning bundle sets the source (this bundle knows
 * nothing of tuning); any thread may ask.
 */
public final class QosChangeNotes {

    private static volatile Function<Guid, Map<String, String>> source = g -> Map.of();

    private QosChangeNotes() {
    }

    public static void setSource(Function<Guid, Map<String, String>> notes) {
        source = Objects.requireNonNull(notes);
    }

    /** Policy → "old → new" for {@code guid}; empty when nothing was changed. */
    static Map<String, String> of(Guid guid) {
        Map<String, String> m = source.apply(guid);
        return m == null ? Map.of() : m;
    }
}
