package org.ddstuner.types;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A struct: {@code @mutable struct Derived : Base { @key long id; @optional string note; };}
 *
 * @param name          fully scoped name
 * @param extensibility final (IDL default), appendable or mutable
 * @param autoId        how ids of members without {@code @id}/{@code @hashid} were assigned
 * @param base          scoped name of the base struct, or {@code null}
 * @param members       own members, in declaration order (not the base's)
 * @param annotations   other annotations ({@code @topic}, {@code @nested}, {@code @verbatim}, …)
 */
public record StructType(String name, Extensibility extensibility, AutoId autoId, String base,
        List<Member> members, List<Annotation> annotations) implements NamedType {

    public StructType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(extensibility, "extensibility");
        Objects.requireNonNull(autoId, "autoId");
        if (base != null && base.startsWith("::")) {
            base = base.substring(2);
        }
        members = List.copyOf(members);
        annotations = List.copyOf(annotations);
    }

    /** A final struct without base, members numbered 0, 1, 2… */
    public static StructType of(String name, List<Member> members) {
        return new StructType(name, Extensibility.FINAL, AutoId.SEQUENTIAL, null,
                MemberIds.numberSequentially(members, 0), List.of());
    }

    public Optional<String> baseName() {
        return Optional.ofNullable(base);
    }

    public Optional<Member> member(String memberName) {
        return members.stream().filter(m -> m.name().equals(memberName)).findFirst();
    }

    /** {@code @nested} (or {@code @nested(TRUE)}): not meant to be a topic type. */
    public boolean nested() {
        return annotation("nested").map(a -> !Boolean.FALSE.equals(a.value().orElse(true))).orElse(false);
    }

    /** Explicitly {@code @topic}. */
    public boolean topic() {
        return annotation("topic").isPresent();
    }

    public StructType withMembers(List<Member> newMembers) {
        return new StructType(name, extensibility, autoId, base, newMembers, annotations);
    }

    public StructType withExtensibility(Extensibility newExtensibility) {
        return new StructType(name, newExtensibility, autoId, base, members, annotations);
    }
}
