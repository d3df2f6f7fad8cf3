package org.ddstuner.system;

import java.time.Instant;

/**
 * Something about the system worth a person's attention.
 *
 * @param subject the GUID (as text) or topic the problem is about; may be {@code null}
 * @param message the full explanation, in sentences (CLI text and JSON, tooltips)
 * @param since   when it was first noticed
 * @param summary the essential first, in few words: what a table column shows (e.g. {@code Logger reader on
 *                "SensorReadings": no match — durability: reader TRANSIENT_LOCAL > writer VOLATILE (SensorHub)});
 *                the message itself when that is short already
 */
public record Problem(Kind kind, Severity severity, String subject, String message, Instant since, String summary) {

    /** A problem whose message is short enough to be its own summary. */
    public Problem(Kind kind, Severity severity, String subject, String message, Instant since) {
        this(kind, severity, subject, message, since, message);
    }

    public enum Kind {
        /** A participant was lost (disposed or no writers in DCPSParticipant). */
        PARTICIPANT_LOST,
        /** A reader without a matching writer, or a writer without a matching reader. */
        ENDPOINT_UNMATCHED,
        /** Discovery data that could not be read (decode error, endpoints dropped by Cyclone, …). */
        DISCOVERY_UNREADABLE,
        /**
         * A rule of a topic watch fired (deadline missed, samples lost…): made by the health bundle's watcher, never
         * by {@link ProblemFinder}; the Problems view shows them through its contributions hook.
         */
        WATCH
    }

    public enum Severity { INFO, WARNING, ERROR }
}
