package org.ddstuner.types.compare;

import static org.ddstuner.types.compare.TypeText.at;
import static org.ddstuner.types.compare.TypeText.join;
import static org.ddstuner.types.compare.TypeText.spell;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnknownTypeException;

/**
 * XTypes 1.3 §7.2.4 "T1 is-assignable-from T2" with T1 the reader's type and T2 the writer's, as Cyclone
 * DDS decides it when matching ({@code ddsi_xt_is_assignable_from}) with the default
 * TypeConsistencyEnforcement: string and sequence bounds ignored (except on keys), member names not
 * ignored, type widening allowed. Each method returns {@code null} when assignable, else the reason.
 */
final class AssignabilityChecker {

    private final TypeLibrary r;
    private final TypeLibrary w;
    private final MinimalEquivalence minimal;
    /** Pairs of named types being checked: assumed assignable while inside them (recursive types). */
    private final Set<String> inProgress = new HashSet<>();
    private final Map<String, String> decided = new HashMap<>();

    AssignabilityChecker(TypeLibrary reader, TypeLibrary writer) {
        this.r = reader;
        this.w = writer;
        this.minimal = new MinimalEquivalence(reader, writer);
    }

    String check(DdsType t1, DdsType t2) {
        try {
            return assignable("", t1, t2);
        } catch (UnknownTypeException e) {
            return "A type is not fully known: " + e.getMessage() + ".";
        }
    }

    private String assignable(String path, DdsType t1, DdsType t2) {
        DdsType u1 = r.unalias(t1);
        DdsType u2 = w.unalias(t2);
        if (minimal.equivalent(u1, u2)) {
            return null;
        }
        if (u1 instanceof BitmaskType || u2 instanceof BitmaskType) {
            return bitmask(path, u1, u2);
        }
        if (u1 instanceof NamedType n1 && u2 instanceof NamedType n2) {
            String pair = n1.name() + "\u0000" + n2.name();
            if (decided.containsKey(pair)) {
                String earlier = decided.get(pair);
                return earlier == null ? null : at(path) + "'" + n1.name() + "' cannot take '" + n2.name() + "' (see above).";
            }
            if (!inProgress.add(pair)) {
                return null;
            }
            String reason = named(path, n1, n2);
            inProgress.remove(pair);
            decided.put(pair, reason);
            return reason;
        }
        if (u1 instanceof StringType s1 && u2 instanceof StringType s2) {
            return s1.wide() == s2.wide() ? null
                    : at(path) + "the reader's type has " + spell(s1) + ", the writer's " + spell(s2)
                            + ": narrow and wide strings do not mix.";
        }
        if (u1 instanceof SequenceType s1 && u2 instanceof SequenceType s2) {
            return strongly(path + "[]", s1.element(), s2.element());
        }
        if (u1 instanceof ArrayType a1 && u2 instanceof ArrayType a2) {
            if (!a1.dimensions().equals(a2.dimensions())) {
                return at(path) + "the arrays have different dimensions (" + TypeText.dims(a1.dimensions()) + " in the "
                        + "reader's type, " + TypeText.dims(a2.dimensions()) + " in the writer's): array bounds must "
                        + "be equal.";
            }
            return strongly(path + "[]", a1.element(), a2.element());
        }
        if (u1 instanceof PrimitiveType && u2 instanceof PrimitiveType) {
            return at(path) + "the reader's type has " + spell(u1) + ", the writer's " + spell(u2)
                    + ": XTypes converts no primitive type into another.";
        }
        return at(path) + "the reader's type has " + TypeText.kind(u1) + " (" + spell(u1) + "), the writer's "
                + TypeText.kind(u2) + " (" + spell(u2) + ").";
    }

    /** Strongly assignable (§7.2.4.4.4.4.1): equivalent, or the writer's type is delimited and assignable. */
    private String strongly(String path, DdsType t1, DdsType t2) {
        DdsType u2 = w.unalias(t2);
        if (minimal.equivalent(t1, t2)) {
            return null;
        }
        if (!delimited(u2)) {
            return at(path) + "'" + spell(u2) + "' is @final, so the reader's type must be the same type exactly, "
                    + "and it is not (" + spell(r.unalias(t1)) + ").";
        }
        return assignable(path, t1, t2);
    }

    /** Whether a reader can find where a value of this type ends without knowing the type (§7.4.3.4). */
    private boolean delimited(DdsType type) {
        DdsType u = w.unalias(type);
        return switch (u) {
            case PrimitiveType p -> true;
            case StringType s -> true;
            case EnumType e -> true;
            case BitmaskType b -> true;
            case SequenceType s -> delimited(s.element());
            case ArrayType a -> delimited(a.element());
            case StructType s -> s.extensibility() != Extensibility.FINAL;
            case UnionType un -> un.extensibility() != Extensibility.FINAL;
            default -> false;
        };
    }

    private String bitmask(String path, DdsType u1, DdsType u2) {
        BitmaskType bm = u1 instanceof BitmaskType b ? b : (BitmaskType) u2;
        DdsType other = u1 instanceof BitmaskType ? u2 : u1;
        int bb = bm.bitBound();
        boolean ok = switch (other) {
            case BitmaskType b -> b.bitBound() == bb;
            case PrimitiveType p when p == PrimitiveType.UINT8 -> bb <= 8;
            case PrimitiveType p when p == PrimitiveType.UINT16 -> bb >= 9 && bb <= 16;
            case PrimitiveType p when p == PrimitiveType.UINT32 -> bb >= 17 && bb <= 32;
            case PrimitiveType p when p == PrimitiveType.UINT64 -> bb >= 33;
            default -> false;
        };
        return ok ? null : at(path) + "the reader's type has " + spell(u1) + ", the writer's " + spell(u2)
                + ": a bitmask only takes a bitmask with the same bit bound or the unsigned integer of its size.";
    }

    private String named(String path, NamedType n1, NamedType n2) {
        return switch (n1) {
            case StructType s1 when n2 instanceof StructType s2 -> struct(path, s1, s2);
            case UnionType u1 when n2 instanceof UnionType u2 -> union(path, u1, u2);
            case EnumType e1 when n2 instanceof EnumType e2 -> enumeration(path, e1, e2);
            default -> at(path) + "the reader's type '" + n1.name() + "' is " + TypeText.kind(n1)
                    + ", the writer's '" + n2.name() + "' is " + TypeText.kind(n2) + ".";
        };
    }

    private static String extensibility(String path, Extensibility e1, Extensibility e2) {
        return e1 == e2 ? null
                : at(path) + "the reader's type is " + e1.idlAnnotation() + ", the writer's " + e2.idlAnnotation()
                        + ": XTypes requires the same extensibility.";
    }

    private String struct(String path, StructType s1, StructType s2) {
        String ext = extensibility(path, s1.extensibility(), s2.extensibility());
        if (ext != null) {
            return ext;
        }
        Extensibility kind = s1.extensibility();
        List<Member> m1s = r.allMembers(s1);
        List<Member> m2s = w.allMembers(s2);
        boolean anyMatch = false;
        for (int i = 0; i < m1s.size(); i++) {
            Member m1 = m1s.get(i);
            String p = join(path, m1.name());
            Optional<Member> same = m2s.stream().filter(m -> m.id() == m1.id()).findFirst();
            if (same.isPresent()) {
                anyMatch = true;
                Member m2 = same.get();
                if (!m1.name().equals(m2.name())) {
                    return at(path) + "member id " + m1.id() + " is '" + m1.name() + "' in the reader's type but '"
                            + m2.name() + "' in the writer's: members with the same id must have the same name.";
                }
                String reason = assignable(p, m1.type(), m2.type());
                if (reason != null) {
                    return reason;
                }
                if (m2.key()) {
                    reason = keyBounds(p, m1.type(), m2.type());
                    if (reason != null) {
                        return reason;
                    }
                }
            } else if (m1.key() || (!m1.optional() && m1.mustUnderstand())) {
                return at(p) + "the reader's type has " + (m1.key() ? "key" : "must-understand") + " member '"
                        + m1.name() + "' (id " + m1.id() + ") and the writer's type has no member with that id.";
            }
            if (kind == Extensibility.FINAL || (kind == Extensibility.APPENDABLE && i < m2s.size())) {
                if (i >= m2s.size()) {
                    return at(p) + "the writer's @final type ends before member '" + m1.name()
                            + "': @final types must have the same members.";
                }
                Member m2 = m2s.get(i);
                if (m1.id() != m2.id() || m1.optional() != m2.optional()) {
                    return at(p) + "member " + (i + 1) + " is '" + m1.name() + "' (id " + m1.id()
                            + (m1.optional() ? ", @optional" : "") + ") in the reader's type but '" + m2.name()
                            + "' (id " + m2.id() + (m2.optional() ? ", @optional" : "") + ") in the writer's: "
                            + kind.idlAnnotation() + " types must agree member by member"
                            + (kind == Extensibility.APPENDABLE ? " up to the shorter one's end." : ".");
                }
                String reason = strongly(p, m1.type(), m2.type());
                if (reason != null) {
                    return reason;
                }
            }
        }
        for (Member m2 : m2s) {
            boolean required = m2.key() || (!m2.optional() && m2.mustUnderstand()) || kind == Extensibility.FINAL;
            if (required && m1s.stream().noneMatch(m -> m.id() == m2.id())) {
                return at(join(path, m2.name())) + "the writer's type has " + (m2.key() ? "key member"
                        : kind == Extensibility.FINAL ? "member" : "must-understand member") + " '" + m2.name()
                        + "' (id " + m2.id() + ") that the reader's type lacks"
                        + (kind == Extensibility.FINAL && !m2.key() ? ": @final types must have the same members." : ".");
            }
        }
        if (!anyMatch) {
            return at(path) + "the two structs have no member id in common.";
        }
        return null;
    }

    /** Key members: strings and sequences must fit the reader's bound, enum literals must be known to it. */
    private String keyBounds(String path, DdsType t1, DdsType t2) {
        DdsType u1 = r.unalias(t1);
        DdsType u2 = w.unalias(t2);
        if (u1 instanceof StringType s1 && u2 instanceof StringType s2 && !fits(s1.bound(), s2.bound())) {
            return at(path) + "the key is " + spell(s1) + " in the reader's type and " + spell(s2)
                    + " in the writer's: a key's bound must hold the writer's.";
        }
        if (u1 instanceof SequenceType s1 && u2 instanceof SequenceType s2 && !fits(s1.bound(), s2.bound())) {
            return at(path) + "the key sequence is " + TypeText.bound(s1.bound()) + " in the reader's type and "
                    + TypeText.bound(s2.bound()) + " in the writer's: a key's bound must hold the writer's.";
        }
        if (u1 instanceof EnumType e1 && u2 instanceof EnumType e2) {
            Set<Integer> known = new HashSet<>(e1.enumerators().stream().map(Enumerator::value).toList());
            for (Enumerator e : e2.enumerators()) {
                if (!known.contains(e.value())) {
                    return at(path) + "the key enum of the writer has literal " + e.name() + " (" + e.value()
                            + ") that the reader's lacks.";
                }
            }
        }
        return null;
    }

    /** Bound 0 means unbounded. */
    private static boolean fits(long readerBound, long writerBound) {
        return readerBound == 0 || (writerBound != 0 && readerBound >= writerBound);
    }

    private String enumeration(String path, EnumType e1, EnumType e2) {
        String ext = extensibility(path, e1.extensibility(), e2.extensibility());
        if (ext != null) {
            return ext;
        }
        Map<Integer, String> v2 = new HashMap<>();
        e2.enumerators().forEach(e -> v2.put(e.value(), e.name()));
        Map<Integer, String> v1 = new HashMap<>();
        e1.enumerators().forEach(e -> v1.put(e.value(), e.name()));
        for (Enumerator e : e1.enumerators()) {
            String other = v2.get(e.value());
            if (other != null && !other.equals(e.name())) {
                return at(path) + "enum value " + e.value() + " is " + e.name() + " in the reader's type but " + other
                        + " in the writer's.";
            }
        }
        if (e1.extensibility() == Extensibility.FINAL && !v1.keySet().equals(v2.keySet())) {
            return at(path) + "the @final enum '" + e1.name() + "' has other literals in the reader's type ("
                    + String.join(", ", e1.enumerators().stream().map(Enumerator::name).toList()) + ") than in the "
                    + "writer's (" + String.join(", ", e2.enumerators().stream().map(Enumerator::name).toList())
                    + "): @final enums must have the same literals.";
        }
        return null;
    }

    private String union(String path, UnionType u1, UnionType u2) {
        String ext = extensibility(path, u1.extensibility(), u2.extensibility());
        if (ext != null) {
            return ext;
        }
        String disc = strongly(path, u1.discriminator(), u2.discriminator());
        if (disc != null) {
            return at(path) + "the discriminators differ (" + spell(u1.discriminator()) + " in the reader's type, "
                    + spell(u2.discriminator()) + " in the writer's).";
        }
        boolean anyMatch = false;
        Optional<UnionCase> def2 = u2.defaultCase();
        for (UnionCase c1 : u1.cases()) {
            String p = join(path, c1.member().name());
            boolean idMatch = false;
            boolean labelsMatch = true;
            boolean selects = false;
            for (UnionCase c2 : u2.cases()) {
                if (c1.member().id() == c2.member().id()) {
                    idMatch = true;
                    if (!c1.member().name().equals(c2.member().name())) {
                        return at(path) + "case id " + c1.member().id() + " is '" + c1.member().name()
                                + "' in the reader's type but '" + c2.member().name() + "' in the writer's.";
                    }
                    if (!new TreeSet<>(c1.labels()).equals(new TreeSet<>(c2.labels()))) {
                        labelsMatch = false;
                    }
                }
                if (c1.defaultCase() && c2.defaultCase()) {
                    String reason = assignable(p, c1.member().type(), c2.member().type());
                    if (reason != null) {
                        return reason;
                    }
                }
                if (c1.labels().stream().anyMatch(c2.labels()::contains)) {
                    selects = true;
                }
            }
            if (!c1.defaultCase() && !selects && def2.isPresent()) {
                String reason = assignable(p, c1.member().type(), def2.get().member().type());
                if (reason != null) {
                    return reason;
                }
            }
            if (u1.extensibility() == Extensibility.FINAL && (!idMatch || !labelsMatch)) {
                return at(p) + "case '" + c1.member().name() + "' has other labels (or is missing) in the writer's "
                        + "@final union: @final unions must have the same cases.";
            }
            anyMatch |= selects;
        }
        for (UnionCase c2 : u2.cases()) {
            if (c2.defaultCase() && c2.labels().isEmpty()) {
                continue;
            }
            Optional<UnionCase> sel = u1.cases().stream()
                    .filter(c1 -> c1.labels().stream().anyMatch(c2.labels()::contains)).findFirst();
            Optional<UnionCase> target = sel.isPresent() ? sel : u1.defaultCase();
            if (target.isPresent()) {
                String reason = assignable(join(path, target.get().member().name()), target.get().member().type(),
                        c2.member().type());
                if (reason != null) {
                    return reason;
                }
            }
        }
        if (!anyMatch) {
            return at(path) + "the two unions have no case label in common.";
        }
        return null;
    }
}
