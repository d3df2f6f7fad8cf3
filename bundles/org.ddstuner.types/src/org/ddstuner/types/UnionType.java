package org.ddstuner.types;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code union U switch (D) { case 1: long a; default: string b; };}
 *
 * @param name          fully scoped name
 * @param extensibility final (default), appendable or mutable
 * @param discriminator an integer {@link PrimitiveType}, {@code char}/{@code wchar}, {@code boolean},
 *                      {@code octet}, or a {@link TypeRef} to an enum (possibly through an alias)
 * @param cases         branches in declaration order
 * @param annotations   other annotations
 */
public record UnionType(String name, Extensibility extensibility, DdsType discriminator, List<UnionCase> cases,
        List<Annotation> annotations) implements NamedType {

    public UnionType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(extensibility, "extensibility");
        Objects.requireNonNull(discriminator, "discriminator");
        cases = List.copyOf(cases);
        annotations = List.copyOf(annotations);
    }

    /** The branch selected by a discriminator value: the matching label, else the default branch. */
    public Optional<UnionCase> caseFor(long discriminatorValue) {
        for (UnionCase c : cases) {
            if (c.labels().contains(discriminatorValue)) {
                return Optional.of(c);
            }
        }
        return defaultCase();
    }

    public Optional<UnionCase> defaultCase() {
        return cases.stream().filter(UnionCase::defaultCase).findFirst();
    }
}
