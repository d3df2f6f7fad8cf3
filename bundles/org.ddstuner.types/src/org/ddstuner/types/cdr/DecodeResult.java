package org.ddstuner.types.cdr;

import java.util.List;

/**
 * A decoded sample.
 *
 * @param value         the value in the representation of {@code org.ddstuner.types} (package-info)
 * @param encapsulation the encapsulation read from the header
 * @param notes         what was tolerated: unknown members skipped, missing members, trailing data
 */
public record DecodeResult(Object value, Encapsulation encapsulation, List<DecodeNote> notes) {
    public DecodeResult {
        notes = List.copyOf(notes);
    }
}
