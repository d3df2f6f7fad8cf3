package org.ddstuner.types.compare;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * XTypes minimal equivalence (§7.3.4.7): two types whose MINIMAL TypeObjects would be equal. Those carry
 * no type names and no annotations kept as data, but member names (as hashes), ids, optional flags,
 * bounds, labels and extensibility. Key flags are left out: Cyclone compares member types key-erased.
 */
final class MinimalEquivalence {

    private final TypeLibrary r;
    private final TypeLibrary w;
    /** Pairs decided so far; a pair being decided counts as equivalent (recursive types). */
    private final Map<String, Boolean> known = new HashMap<>();

    MinimalEquivalence(TypeLibrary reader, TypeLibrary writer) {
        this.r = reader;
        this.w = writer;
    }

    boolean equivalent(DdsType t1, DdsType t2) {
        DdsType u1 = r.unalias(t1);
        DdsType u2 = w.unalias(t2);
        if (u1 instanceof NamedType n1 && u2 instanceof NamedType n2) {
            String pair = n1.name() + "\u0000" + n2.name();
            Boolean k = known.get(pair);
            if (k != null) {
                return k;
            }
            known.put(pair, true);
            boolean result = named(n1, n2);
            known.put(pair, result);
            return result;
        }
        return switch (u1) {
            case SequenceType s1 when u2 instanceof SequenceType s2 -> s1.bound() == s2.bound()
                    && equivalent(s1.element(), s2.element());
            case ArrayType a1 when u2 instanceof ArrayType a2 -> a1.dimensions().equals(a2.dimensions())
                    && equivalent(a1.element(), a2.element());
            default -> u1.equals(u2); // primitives, strings with their bounds
        };
    }

    private boolean named(NamedType n1, NamedType n2) {
        return switch (n1) {
            case StructType s1 when n2 instanceof StructType s2 -> s1.extensibility() == s2.extensibility()
                    && members(r.allMembers(s1), w.allMembers(s2));
            case UnionType u1 when n2 instanceof UnionType u2 -> u1.extensibility() == u2.extensibility()
                    && equivalent(u1.discriminator(), u2.discriminator()) && cases(u1.cases(), u2.cases());
            case EnumType e1 when n2 instanceof EnumType e2 -> e1.extensibility() == e2.extensibility()
                    && e1.bitBound() == e2.bitBound()
                    && new HashSet<>(e1.enumerators()).equals(new HashSet<>(e2.enumerators()));
            case BitmaskType b1 when n2 instanceof BitmaskType b2 -> b1.bitBound() == b2.bitBound()
                    && new HashSet<>(b1.flags()).equals(new HashSet<>(b2.flags()));
            default -> false;
        };
    }

    private boolean members(List<Member> m1, List<Member> m2) {
        if (m1.size() != m2.size()) {
            return false;
        }
        for (int i = 0; i < m1.size(); i++) {
            Member a = m1.get(i);
            Member b = m2.get(i);
            if (a.id() != b.id() || !a.name().equals(b.name()) || a.optional() != b.optional()
                    || !equivalent(a.type(), b.type())) {
                return false;
            }
        }
        return true;
    }

    private boolean cases(List<UnionCase> c1, List<UnionCase> c2) {
        if (c1.size() != c2.size()) {
            return false;
        }
        for (int i = 0; i < c1.size(); i++) {
            UnionCase a = c1.get(i);
            UnionCase b = c2.get(i);
            if (a.defaultCase() != b.defaultCase() || !new TreeSet<>(a.labels()).equals(new TreeSet<>(b.labels()))
                    || a.member().id() != b.member().id() || !a.member().name().equals(b.member().name())
                    || !equivalent(a.member().type(), b.member().type())) {
                return false;
            }
        }
        return true;
    }
}
