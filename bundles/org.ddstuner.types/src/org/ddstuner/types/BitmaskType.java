package org.ddstuner.types;

import java.util.List;
import java.util.Objects;

/**
 * {@code @bit_bound(8) bitmask Perm { READ, WRITE, @position(5) EXEC };}
 *
 * @param bitBound 1..64, 32 by default; encoded on 1, 2, 4 or 8 bytes
 */
public record BitmaskType(String name, Extensibility extensibility, int bitBound, List<BitFlag> flags,
        List<Annotation> annotations) implements NamedType {

    public BitmaskType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(extensibility, "extensibility");
        flags = List.copyOf(flags);
        annotations = List.copyOf(annotations);
        if (bitBound < 1 || bitBound > 64) {
            throw new IllegalArgumentException("bitmask bit bound must be 1..64: " + bitBound);
        }
    }
}
