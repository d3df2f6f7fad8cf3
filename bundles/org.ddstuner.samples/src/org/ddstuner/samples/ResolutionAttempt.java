package org.ddstuner.samples;

/**
 * One try of one type source: whether it gave the type and, if not, why (a sentence for the person,
 * e.g. "participant 0110…: did not answer the TypeLookup request within 5000 ms").
 *
 * @param source    the source tried
 * @param succeeded whether it gave the type
 * @param detail    what happened: the reason of a failure, or what was found
 * @param mayChange for a failure: asking again later may give the type (a peer that did not answer in time, a ROS 2
 *                  node whose service is not discovered yet), so a caller must not remember the failure for good
 */
public record ResolutionAttempt(TypeSource source, boolean succeeded, String detail, boolean mayChange) {

    /** A success, or a failure that asking again will not change. */
    public ResolutionAttempt(TypeSource source, boolean succeeded, String detail) {
        this(source, succeeded, detail, false);
    }

    static ResolutionAttempt ok(TypeSource source, String detail) {
        return new ResolutionAttempt(source, true, detail);
    }

    static ResolutionAttempt failed(TypeSource source, String reason) {
        return new ResolutionAttempt(source, false, reason);
    }

    /** A failure that asking again later may turn into the type (see {@link #mayChange()}). */
    static ResolutionAttempt failedForNow(TypeSource source, String reason) {
        return new ResolutionAttempt(source, false, reason, true);
    }

    @Override
    public String toString() {
        return source + (succeeded ? " ok: " : " failed: ") + detail;
    }
}
