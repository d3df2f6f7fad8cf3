package org.ddstuner.types;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code @bit_bound(16) enum Color { RED, @value(5) GREEN, BLUE };} (BLUE is 6).
 *
 * @param bitBound     1..32, 32 by default; 1..8 encode as one byte, 9..16 two, 17..32 four
 * @param defaultValue the enumerator a fresh value starts with: the one marked {@code @default_literal},
 *                     else the first
 */
public record EnumType(String name, Extensibility extensibility, int bitBound, List<Enumerator> enumerators,
        String defaultValue, List<Annotation> annotations) implements NamedType {

    public EnumType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(extensibility, "extensibility");
        enumerators = List.copyOf(enumerators);
        annotations = List.copyOf(annotations);
        if (enumerators.isEmpty()) {
            throw new IllegalArgumentException("enum " + name + " has no enumerator");
        }
        if (bitBound < 1 || bitBound > 32) {
            throw new IllegalArgumentException("enum bit bound must be 1..32: " + bitBound);
        }
        if (defaultValue == null) {
            defaultValue = enumerators.get(0).name();
        }
    }

    /** Appendable would be the XTypes default, but final is what Cyclone's idlc uses for enums. */
    public static EnumType of(String name, List<String> labels) {
        List<Enumerator> list = new java.util.ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            list.add(new Enumerator(labels.get(i), i));
        }
        return new EnumType(name, Extensibility.FINAL, 32, list, null, List.of());
    }

    public Optional<Enumerator> byName(String label) {
        return enumerators.stream().filter(e -> e.name().equals(label)).findFirst();
    }

    public Optional<Enumerator> byValue(long value) {
        return enumerators.stream().filter(e -> e.value() == value).findFirst();
    }
}
