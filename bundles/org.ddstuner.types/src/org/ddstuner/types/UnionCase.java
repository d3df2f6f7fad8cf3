package org.ddstuner.types;

import java.util.List;
import java.util.Objects;

/**
 * One branch of a union: {@code case 1: case 2: long x;} or {@code default: string s;}.
 *
 * @param labels      case label values as numbers: integers as is, {@code char}/{@code wchar} as the code
 *                    point, {@code boolean} as 0/1, enumerators as their {@link Enumerator#value()}
 * @param defaultCase this branch also carries {@code default:}
 * @param member      the branch's member (its {@link Member#id()} is the XTypes member id)
 */
public record UnionCase(List<Long> labels, boolean defaultCase, Member member) {
    public UnionCase {
        labels = List.copyOf(labels);
        Objects.requireNonNull(member, "member");
        if (labels.isEmpty() && !defaultCase) {
            throw new IllegalArgumentException("union case '" + member.name() + "' has no label");
        }
    }
}
