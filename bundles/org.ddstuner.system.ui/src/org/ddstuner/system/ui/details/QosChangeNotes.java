package org.ddstuner.system.ui.details;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import org.ddstuner.dds.Guid;

/**
 * What the QoS editors changed on a reader or writer this session (own ones, and applications' through their agent),
 * per policy as "old → new": the Details view's QoS tab shows it in place of the value. The tuning bundles add their
 * sources (this bundle knows nothing of tuning); any thread may ask.
 */
public final class QosChangeNotes {

    private static final List<Function<Guid, Map<String, String>>> SOURCES = new CopyOnWriteArrayList<>();

    private QosChangeNotes() {
    }

    public static void addSource(Function<Guid, Map<String, String>> notes) {
        SOURCES.add(Objects.requireNonNull(notes));
    }

    /** Policy → "old → new" for {@code guid}; empty when nothing was changed. */
    static Map<String, String> of(Guid guid) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Function<Guid, Map<String, String>> s : SOURCES) {
            Map<String, String> m = s.apply(guid);
            if (m != null) {
                all.putAll(m);
            }
        }
        return all;
    }
}
