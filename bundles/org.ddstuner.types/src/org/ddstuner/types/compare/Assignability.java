package org.ddstuner.types.compare;

import java.util.Objects;

/**
 * The XTypes verdict for one direction: can a reader whose type is the target take data from a writer
 * whose type is the source (XTypes 1.3 §7.2.4, "T1 is-assignable-from T2").
 *
 * @param assignable true when Cyclone DDS would let such a reader and writer match on type
 * @param reason     why not, as a sentence naming the member path; {@code ""} when assignable
 */
public record Assignability(boolean assignable, String reason) {

    public static final Assignability YES = new Assignability(true, "");

    public Assignability {
        Objects.requireNonNull(reason, "reason");
    }

    public static Assignability no(String reason) {
        return new Assignability(false, reason);
    }
}
