package org.ddstuner.types;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A struct member or a union case's member.
 *
 * @param name        member name as declared
 * @param type        its type; declared types are {@link TypeRef}s
 * @param id          the XTypes member id (from {@code @id}, {@code @hashid}, {@code @autoid} or sequential
 *                    assignment), always filled in; used by XCDR2 mutable encoding (EMHEADER)
 * @param key         {@code @key} (or named by {@code #pragma keylist})
 * @param optional    {@code @optional}
 * @param annotations other annotations kept as data: {@code @id}, {@code @hashid},
 *                    {@code @must_understand}, {@code @default}, {@code @min}, {@code @max},
 *                    {@code @unit}, {@code @range}, {@code @external}, unknown ones…
 */
public record Member(String name, DdsType type, long id, boolean key, boolean optional,
        List<Annotation> annotations) {

    public Member {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        annotations = List.copyOf(annotations);
    }

    /** A plain member with id 0 and no annotations; use {@link #withId(long)} to number it. */
    public static Member of(String name, DdsType type) {
        return new Member(name, type, 0, false, false, List.of());
    }

    public Member withId(long newId) {
        return new Member(name, type, newId, key, optional, annotations);
    }

    public Member withKey(boolean newKey) {
        return new Member(name, type, id, newKey, optional, annotations);
    }

    public Member withOptional(boolean newOptional) {
        return new Member(name, type, id, key, newOptional, annotations);
    }

    public Member withAnnotations(List<Annotation> newAnnotations) {
        return new Member(name, type, id, key, optional, newAnnotations);
    }

    public Optional<Annotation> annotation(String annotationName) {
        return Annotation.find(annotations, annotationName);
    }

    /** Keys are always must-understand; otherwise only with {@code @must_understand}. */
    public boolean mustUnderstand() {
        return key || annotation("must_understand").map(a -> !Boolean.FALSE.equals(a.value().orElse(true)))
                .orElse(false);
    }

    /** The {@code @default(...)} value written in the source, if any (see {@link Annotation}). */
    public Optional<Object> declaredDefault() {
        return annotation("default").flatMap(Annotation::value);
    }
}
