package org.ddstuner.system;

import java.time.Instant;

/**
 * Something about the system worth a person's attention.
 *
 * @param subject the GUID (as text) or topic the problem is about; may be {@code null}
 * @param since   when it was first noticed
 */
public record Problem(Kind kind, Severity severity, String subject, String message, Instant since) {

    public enum Kind {
        /** A participant was lost (disposed or no writers in DCPSParticipant). */
        PARTICIPANT_LOST,
        /** A reader without a matching writer, or a writer without a matching reader. */
        ENDPOINT_UNMATCHED,
        /** Discovery data that could not be read (decode error, endpoints dropped by Cyclone, …). */
        DISCOVERY_UNREADABLE
    }

    public enum Severity { INFO, WARNING, ERROR }
}
