package org.ddstuner.qos.ui;

import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.TuningOutcome;

/**
 * What the {@link QosTuningEditor} tunes: a reader or writer of the tool's own ({@link OwnEndpoint}) or of a running
 * application through its agent (bundle org.ddstuner.agent.ui). The editor asks it how each policy can change, for a
 * preview and to apply; everything else (table, locks, preview table, confirmation text) is the editor's.
 */
public interface TunableEndpoint {

    /** A line for people naming the entity and where it lives. */
    String label();

    boolean isWriter();

    /** The GUID peers see now (a re-created own entity has a new one). */
    Guid guid();

    /** The QoS as discovery announces it now (or the best the source knows before the first announcement). */
    Qos announcedQos();

    /** How {@code c}'s policy can change for this endpoint: own entities follow {@link Capability#own()}. */
    default Changeability how(Capability c) {
        return c.own();
    }

    /** Whether the value cell of {@code c}'s policy is locked (with {@link #reason} as why). */
    default boolean locked(Capability c) {
        return how(c) == Changeability.IMMUTABLE;
    }

    /** Why {@code c}'s policy changes the way {@link #how} says. */
    default String reason(Capability c) {
        return c.reason();
    }

    /** Matches gained and lost against the discovered peers if {@code change} were applied. */
    Tuning.Preview preview(Qos change);

    /** Applies {@code change} and confirms it from discovery; called in a Job, never on the UI thread. */
    TuningOutcome apply(Qos change);

    /** "policy: old → new" for each policy changed this session. */
    List<String> changedThisSession();
}
