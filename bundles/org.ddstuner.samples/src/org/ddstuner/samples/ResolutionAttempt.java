package org.ddstuner.samples;

/**
 * One try of one type source: whether it gave the type and, if not, why (a sentence for the person,
 * e.g. "participant 0110…: did not answer the TypeLookup request within 5000 ms").
 *
 * @param source    the source tried
 * @param succeeded whether it gave the type
 * @param detail    what happened: the reason of a failure, or what was found
 */
public record ResolutionAttempt(TypeSource source, boolean succeeded, String detail) {

    static ResolutionAttempt ok(TypeSource source, String detail) {
        return new ResolutionAttempt(source, true, detail);
    }

    static ResolutionAttempt failed(TypeSource source, String reason) {
        return new ResolutionAttempt(source, false, reason);
    }

    @Override
    public String toString() {
        return source + (succeeded ? " ok: " : " failed: ") + detail;
    }
}
