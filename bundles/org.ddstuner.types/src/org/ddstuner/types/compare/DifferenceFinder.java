package org.ddstuner.types.compare;

import static org.ddstuner.types.compare.TypeText.join;
import static org.ddstuner.types.compare.TypeText.spell;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.compare.TypeDifference.Kind;

/**
 * Walks two versions of a type side by side and lists what differs, member by member, descending into
 * nested structs, unions, enums, sequences and arrays. Each pair of named types is visited once, so
 * recursive types end.
 */
final class DifferenceFinder {

    private final TypeLibrary a;
    private final TypeLibrary b;
    private final String la;
    private final String lb;
    private final List<TypeDifference> out = new ArrayList<>();
    private final Set<String> visited = new HashSet<>();

    DifferenceFinder(TypeLibrary a, String labelA, TypeLibrary b, String labelB) {
        this.a = a;
        this.b = b;
        this.la = labelA;
        this.lb = labelB;
    }

    List<TypeDifference> find(DdsType ta, DdsType tb) {
        types("", ta, tb);
        return out;
    }

    private void add(Kind kind, String path, String sentence) {
        out.add(new TypeDifference(kind, path, TypeText.capitalized(TypeText.at(path) + sentence)));
    }

    private void types(String path, DdsType ta, DdsType tb) {
        DdsType ua;
        DdsType ub;
        try {
            ua = a.unalias(ta);
            ub = b.unalias(tb);
        } catch (UnknownTypeException e) {
            add(Kind.TYPE_CHANGED, path, "cannot compare: " + e.getMessage() + ".");
            return;
        }
        if (ua instanceof NamedType na && ub instanceof NamedType nb) {
            named(path, na, nb);
        } else if (ua instanceof StringType sa && ub instanceof StringType sb) {
            if (sa.wide() != sb.wide()) {
                changed(path, ua, ub);
            } else if (sa.bound() != sb.bound()) {
                add(Kind.BOUND_CHANGED, path, spell(sa) + " in " + la + " is " + spell(sb) + " in " + lb + ".");
            }
        } else if (ua instanceof SequenceType sa && ub instanceof SequenceType sb) {
            if (sa.bound() != sb.bound()) {
                add(Kind.BOUND_CHANGED, path, "the sequence is " + TypeText.bound(sa.bound()) + " in " + la + ", "
                        + TypeText.bound(sb.bound()) + " in " + lb + ".");
            }
            types(path + "[]", sa.element(), sb.element());
        } else if (ua instanceof ArrayType xa && ub instanceof ArrayType xb) {
            if (!xa.dimensions().equals(xb.dimensions())) {
                add(Kind.BOUND_CHANGED, path, "the array is " + TypeText.dims(xa.dimensions()) + " in " + la + ", "
                        + TypeText.dims(xb.dimensions()) + " in " + lb + ".");
            }
            types(path + "[]", xa.element(), xb.element());
        } else if (!ua.equals(ub)) {
            changed(path, ua, ub);
        }
    }

    private void changed(String path, DdsType ua, DdsType ub) {
        add(Kind.TYPE_CHANGED, path, "the type is " + spell(ua) + " in " + la + ", " + spell(ub) + " in " + lb + ".");
    }

    private void named(String path, NamedType na, NamedType nb) {
        if (!na.name().equals(nb.name())) {
            add(Kind.TYPE_NAME_CHANGED, path, "the type is named '" + na.name() + "' in " + la + ", '" + nb.name()
                    + "' in " + lb + ".");
        }
        if (!visited.add(na.name() + "\u0000" + nb.name())) {
            return; // already compared (or being compared, for recursive types)
        }
        switch (na) {
            case StructType sa when nb instanceof StructType sb -> structs(path, sa, sb);
            case UnionType ua when nb instanceof UnionType ub -> unions(path, ua, ub);
            case EnumType ea when nb instanceof EnumType eb -> enums(path, ea, eb);
            case BitmaskType ba when nb instanceof BitmaskType bb -> bitmasks(path, ba, bb);
            default -> add(Kind.TYPE_CHANGED, path, "'" + na.name() + "' is " + TypeText.kind(na) + " in " + la
                    + ", '" + nb.name() + "' is " + TypeText.kind(nb) + " in " + lb + ".");
        }
    }

    private void extensibility(String path, Extensibility ea, Extensibility eb) {
        if (ea != eb) {
            add(Kind.EXTENSIBILITY_CHANGED, path, "the type is " + ea.idlAnnotation() + " in " + la + ", "
                    + eb.idlAnnotation() + " in " + lb + ".");
        }
    }

    private void structs(String path, StructType sa, StructType sb) {
        extensibility(path, sa.extensibility(), sb.extensibility());
        List<Member> ma;
        List<Member> mb;
        try {
            ma = a.allMembers(sa);
            mb = b.allMembers(sb);
        } catch (UnknownTypeException e) {
            add(Kind.TYPE_CHANGED, path, "cannot compare: " + e.getMessage() + ".");
            return;
        }
        Map<String, Member> byNameB = new LinkedHashMap<>();
        mb.forEach(m -> byNameB.put(m.name(), m));
        Set<String> namesA = new HashSet<>();
        ma.forEach(m -> namesA.add(m.name()));
        List<Member> onlyB = new ArrayList<>(mb.stream().filter(m -> !namesA.contains(m.name())).toList());
        for (Member m : ma) {
            Member other = byNameB.get(m.name());
            if (other != null) {
                members(join(path, m.name()), m, other);
                continue;
            }
            Member renamed = renamedTo(m, onlyB);
            if (renamed != null) {
                onlyB.remove(renamed);
                String p = join(path, m.name());
                add(Kind.MEMBER_RENAMED, p, "member '" + m.name() + "' of " + la + " is called '" + renamed.name()
                        + "' in " + lb + " (same id " + m.id() + " and type).");
                members(p, m, renamed);
            } else {
                add(Kind.MEMBER_REMOVED, join(path, m.name()), "member '" + m.name() + "' (" + spell(m.type())
                        + ") is in " + la + " only." + (m.key() ? " It is a key member." : ""));
            }
        }
        for (Member m : onlyB) {
            add(Kind.MEMBER_ADDED, join(path, m.name()), "member '" + m.name() + "' (" + spell(m.type()) + ") is in "
                    + lb + " only." + (m.key() ? " It is a key member." : ""));
        }
    }

    /** A member of B with another name but the same id and the same type: a rename rather than remove+add. */
    private Member renamedTo(Member m, List<Member> candidates) {
        for (Member c : candidates) {
            if (c.id() == m.id() && spell(c.type()).equals(spell(m.type()))) {
                return c;
            }
        }
        return null;
    }

    private void members(String path, Member ma, Member mb) {
        if (ma.id() != mb.id()) {
            add(Kind.MEMBER_ID_CHANGED, path, "the member id is " + ma.id() + " in " + la + ", " + mb.id() + " in "
                    + lb + ".");
        }
        if (ma.key() != mb.key()) {
            add(Kind.KEY_CHANGED, path, "the member is " + (ma.key() ? "a key" : "not a key") + " in " + la + " but "
                    + (mb.key() ? "a key" : "not a key") + " in " + lb + ": instances are told apart differently.");
        }
        if (ma.optional() != mb.optional()) {
            add(Kind.OPTIONAL_CHANGED, path, "the member is " + (ma.optional() ? "@optional" : "not optional") + " in "
                    + la + " but " + (mb.optional() ? "@optional" : "not optional") + " in " + lb + ".");
        }
        types(path, ma.type(), mb.type());
    }

    private void unions(String path, UnionType ua, UnionType ub) {
        extensibility(path, ua.extensibility(), ub.extensibility());
        String disc = spell(ua.discriminator());
        String discB = spell(ub.discriminator());
        if (!disc.equals(discB)) {
            add(Kind.UNION_CASES_CHANGED, path, "the discriminator is " + disc + " in " + la + ", " + discB + " in "
                    + lb + ".");
        }
        Map<String, UnionCase> byNameB = new LinkedHashMap<>();
        ub.cases().forEach(c -> byNameB.put(c.member().name(), c));
        for (UnionCase ca : ua.cases()) {
            String p = join(path, ca.member().name());
            UnionCase cb = byNameB.remove(ca.member().name());
            if (cb == null) {
                add(Kind.UNION_CASES_CHANGED, p, "case '" + ca.member().name() + "' (" + labels(ca) + ") is in " + la
                        + " only.");
                continue;
            }
            if (!new TreeSet<>(ca.labels()).equals(new TreeSet<>(cb.labels())) || ca.defaultCase() != cb.defaultCase()) {
                add(Kind.UNION_CASES_CHANGED, p, "the case labels are " + labels(ca) + " in " + la + ", " + labels(cb)
                        + " in " + lb + ".");
            }
            members(p, ca.member(), cb.member());
        }
        for (UnionCase cb : byNameB.values()) {
            add(Kind.UNION_CASES_CHANGED, join(path, cb.member().name()), "case '" + cb.member().name() + "' ("
                    + labels(cb) + ") is in " + lb + " only.");
        }
    }

    private static String labels(UnionCase c) {
        List<String> l = new ArrayList<>(new TreeSet<>(c.labels()).stream().map(String::valueOf).toList());
        if (c.defaultCase()) {
            l.add("default");
        }
        return String.join(", ", l);
    }

    private void enums(String path, EnumType ea, EnumType eb) {
        extensibility(path, ea.extensibility(), eb.extensibility());
        if (ea.bitBound() != eb.bitBound()) {
            add(Kind.BOUND_CHANGED, path, "enum '" + ea.name() + "' has @bit_bound(" + ea.bitBound() + ") in " + la
                    + ", @bit_bound(" + eb.bitBound() + ") in " + lb + ".");
        }
        Map<String, Integer> va = new LinkedHashMap<>();
        ea.enumerators().forEach(e -> va.put(e.name(), e.value()));
        Map<String, Integer> vb = new LinkedHashMap<>();
        eb.enumerators().forEach(e -> vb.put(e.name(), e.value()));
        literals(path, "enum '" + ea.name() + "'", "literal", va, vb);
    }

    private void bitmasks(String path, BitmaskType ba, BitmaskType bb) {
        if (ba.bitBound() != bb.bitBound()) {
            add(Kind.BOUND_CHANGED, path, "bitmask '" + ba.name() + "' has @bit_bound(" + ba.bitBound() + ") in " + la
                    + ", @bit_bound(" + bb.bitBound() + ") in " + lb + ".");
        }
        Map<String, Integer> va = new LinkedHashMap<>();
        ba.flags().forEach(f -> va.put(f.name(), f.position()));
        Map<String, Integer> vb = new LinkedHashMap<>();
        bb.flags().forEach(f -> vb.put(f.name(), f.position()));
        literals(path, "bitmask '" + ba.name() + "'", "flag", va, vb);
    }

    /** One difference per enumerator or flag added, removed or given another value. */
    private void literals(String path, String what, String noun, Map<String, Integer> va, Map<String, Integer> vb) {
        va.forEach((name, value) -> {
            Integer other = vb.get(name);
            if (other == null) {
                add(Kind.ENUM_LITERALS_CHANGED, path, what + ": " + noun + " " + name + " (" + value + ") is in " + la
                        + " only.");
            } else if (!other.equals(value)) {
                add(Kind.ENUM_LITERALS_CHANGED, path, what + ": " + noun + " " + name + " is " + value + " in " + la
                        + ", " + other + " in " + lb + ".");
            }
        });
        vb.forEach((name, value) -> {
            if (!va.containsKey(name)) {
                add(Kind.ENUM_LITERALS_CHANGED, path, what + ": " + noun + " " + name + " (" + value + ") is in " + lb
                        + " only.");
            }
        });
    }
}
