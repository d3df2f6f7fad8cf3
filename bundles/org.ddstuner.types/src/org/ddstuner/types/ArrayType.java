package org.ddstuner.types;

import java.util.List;
import java.util.Objects;

/**
 * A fixed-size, possibly multi-dimensional array: {@code T name[2][3]} has dimensions {@code [2, 3]}
 * (outermost first, row-major like C).
 */
public record ArrayType(DdsType element, List<Integer> dimensions) implements DdsType {
    public ArrayType {
        Objects.requireNonNull(element, "element");
        dimensions = List.copyOf(dimensions);
        if (dimensions.isEmpty()) {
            throw new IllegalArgumentException("an array needs at least one dimension");
        }
        for (int d : dimensions) {
            if (d <= 0) {
                throw new IllegalArgumentException("array dimension must be positive: " + d);
            }
        }
    }

    public ArrayType(DdsType element, int... dimensions) {
        this(element, java.util.Arrays.stream(dimensions).boxed().toList());
    }

    /** Total number of elements (product of the dimensions). */
    public long totalElements() {
        long n = 1;
        for (int d : dimensions) {
            n *= d;
        }
        return n;
    }
}
