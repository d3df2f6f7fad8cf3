package org.ddstuner.types;

import java.util.Objects;

/**
 * {@code const long MAX = 10;} (also ROS 2 message constants). The value is already evaluated:
 * {@link java.math.BigInteger} for integer types, {@link Double} for floating types, {@link String},
 * {@link Character}, {@link Boolean}, or an {@link Enumerator} for an enum-typed constant.
 */
public record Constant(String name, DdsType type, Object value) {
    public Constant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
    }

    public String simpleName() {
        return ScopedNames.simpleName(name);
    }
}
