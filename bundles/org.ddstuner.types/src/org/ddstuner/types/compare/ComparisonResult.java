package org.ddstuner.types.compare;

import java.util.List;
import java.util.Objects;

/**
 * What {@link TypeComparison#compare} found about type A and type B.
 *
 * @param typeA        scoped name of A
 * @param typeB        scoped name of B
 * @param differences  every difference, in member order of A then B; empty when the types are the same
 *                     apart from annotations kept as data
 * @param bIntoA       can a reader of A take data from a writer of B
 * @param aIntoB       can a reader of B take data from a writer of A
 */
public record ComparisonResult(String typeA, String typeB, List<TypeDifference> differences, Assignability bIntoA,
        Assignability aIntoB) {

    public ComparisonResult {
        Objects.requireNonNull(typeA, "typeA");
        Objects.requireNonNull(typeB, "typeB");
        differences = List.copyOf(differences);
        Objects.requireNonNull(bIntoA, "bIntoA");
        Objects.requireNonNull(aIntoB, "aIntoB");
    }

    /** No differences at all. */
    public boolean identical() {
        return differences.isEmpty();
    }

    /** The differences at {@code path} (exact). */
    public List<TypeDifference> at(String path) {
        return differences.stream().filter(d -> d.path().equals(path)).toList();
    }

    /** The differences of one kind. */
    public List<TypeDifference> of(TypeDifference.Kind kind) {
        return differences.stream().filter(d -> d.kind() == kind).toList();
    }
}
