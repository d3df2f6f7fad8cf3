package org.ddstuner.system.ui.tree;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;

/**
 * Which lost participants the views leave out. A participant that comes and goes (the demo's Blinker, a
 * node restarted in the same process) gets a new GUID each time, so the model keeps one lost participant per
 * time it went, for the retention time. A person asks "is Blinker there, and if not since when", not "how
 * often did it go": of the participants with the same name in the same process (host and pid), only the one
 * alive is shown, or, when none is, the one lost last. The others are the trail this class names.
 * Participants without a name or without a pid are never folded: they cannot be told apart from others.
 */
public final class GoneTrail {

    private GoneTrail() {
    }

    /** The GUIDs of the lost participants of {@code s} that a newer one of the same name and process replaces. */
    public static Set<Guid> of(SystemSnapshot s) {
        return of(s.participants());
    }

    /** {@link #of(SystemSnapshot)} for a list of participants; O(n). */
    public static Set<Guid> of(List<Participant> participants) {
        Map<String, Participant> newest = null;
        Set<Guid> trail = null;
        for (Participant p : participants) {
            String key = key(p);
            if (key == null) {
                continue;
            }
            if (newest == null) {
                newest = new HashMap<>();
            }
            Participant kept = newest.putIfAbsent(key, p);
            if (kept == null) {
                continue;
            }
            if (trail == null) {
                trail = new HashSet<>();
            }
            if (newer(p, kept)) {
                newest.put(key, p);
                if (!kept.alive()) {
                    trail.add(kept.guid());
                }
            } else if (!p.alive()) {
                trail.add(p.guid());
            }
        }
        return trail == null ? Set.of() : trail;
    }

    /** Alive beats lost; of two lost ones the one lost last; two alive ones are both shown (never folded). */
    private static boolean newer(Participant a, Participant b) {
        if (a.alive() != b.alive()) {
            return a.alive();
        }
        return !a.alive() && a.goneSince().isAfter(b.goneSince());
    }

    private static String key(Participant p) {
        if (p.name() == null || p.name().isBlank() || !p.process().hasPid()) {
            return null;
        }
        return p.process().hostText() + '\u0000' + p.process().pid() + '\u0000' + p.name();
    }
}
