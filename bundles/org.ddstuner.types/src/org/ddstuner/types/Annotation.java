package org.ddstuner.types;

import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An annotation kept as data, e.g. {@code @default(5)}, {@code @min(0)}, {@code @unit("m")},
 * {@code @topic(platform="x")}, {@code @verbatim(language="comment", text="...")} or an unknown one.
 *
 * <p>Parameter values are one of: {@link BigInteger} (integer literal), {@link Double} (floating),
 * {@link String}, {@link Character}, {@link Boolean}, or {@link Symbol} (an identifier such as an
 * enumerator: {@code @autoid(HASH)}). A lone unnamed parameter is stored under {@link #VALUE}.
 *
 * @param name       annotation name without {@code @} (the last component if it was scoped)
 * @param parameters parameters in source order
 */
public record Annotation(String name, Map<String, Object> parameters) {

    /** The key of a lone unnamed parameter: {@code @default(5)} is {@code {"value": 5}}. */
    public static final String VALUE = "value";

    /** An identifier used as an annotation parameter, e.g. {@code HASH} in {@code @autoid(HASH)}. */
    public record Symbol(String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    public Annotation {
        Objects.requireNonNull(name, "name");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    public static Annotation of(String name) {
        return new Annotation(name, Map.of());
    }

    public static Annotation of(String name, Object value) {
        return new Annotation(name, Map.of(VALUE, value));
    }

    /** The lone/"value" parameter, if any. */
    public Optional<Object> value() {
        return Optional.ofNullable(parameters.get(VALUE));
    }

    public static Optional<Annotation> find(List<Annotation> annotations, String name) {
        return annotations.stream().filter(a -> a.name().equals(name)).findFirst();
    }
}
