package org.ddstuner.types;

import java.util.Objects;

/**
 * {@code sequence<T>} or {@code sequence<T, N>}.
 *
 * @param element element type
 * @param bound   maximum length, 0 when unbounded
 */
public record SequenceType(DdsType element, long bound) implements DdsType {
    public SequenceType {
        Objects.requireNonNull(element, "element");
        if (bound < 0) {
            throw new IllegalArgumentException("sequence bound must not be negative: " + bound);
        }
    }

    public boolean bounded() {
        return bound > 0;
    }
}
