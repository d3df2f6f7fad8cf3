package org.ddstuner.system.ui.problems;

import java.time.Instant;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.EntityKind;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;
import org.eclipse.core.runtime.IAdaptable;

/**
 * One line of the Problems view; adapts to the entity it is about so Details can show it.
 *
 * @param stale   its connection's link was down when the row was made (shown greyed; part of equality so the view
 *                redraws the rows when the link goes down or comes back)
 * @param cleared when a contributed problem ({@link ProblemContributions}) stopped; {@code null} while it lasts
 */
public record ProblemRow(LiveConnection connection, Problem problem, boolean stale, Instant cleared)
        implements IAdaptable {

    public ProblemRow(LiveConnection connection, Problem problem) {
        this(connection, problem, null);
    }

    /** A row of a contributed problem, {@code cleared} or ({@code null}) still firing. */
    public ProblemRow(LiveConnection connection, Problem problem, Instant cleared) {
        this(connection, problem, connection != null && connection.stale(), cleared);
    }

    public String kindText() {
        return switch (problem.kind()) {
            case PARTICIPANT_LOST -> Messages.PROBLEM_LOST;
            case ENDPOINT_UNMATCHED -> Messages.PROBLEM_UNMATCHED;
            case DISCOVERY_UNREADABLE -> Messages.PROBLEM_UNREADABLE;
            case WATCH -> Messages.PROBLEM_WATCH;
        };
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter != EntityRef.class || problem.subject() == null || connection == null) {
            return null;
        }
        Guid guid;
        try {
            guid = Guid.parse(problem.subject());
        } catch (IllegalArgumentException notAGuid) {
            return null;
        }
        SystemSnapshot s = connection.snapshot();
        if (s.endpoint(guid).isPresent()) {
            return adapter.cast(new EntityRef(connection, EntityKind.ENDPOINT, problem.subject()));
        }
        if (s.participant(guid).isPresent()) {
            return adapter.cast(new EntityRef(connection, EntityKind.PARTICIPANT, problem.subject()));
        }
        return null;
    }
}
