package org.ddstuner.types.tests.xtypes;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.Annotation;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * A parsed type as it comes back from {@code TypeObjectConverter} after a trip through type objects
 * written the idlc 0.10.2 way. Every difference from the parsed IDL, and why:
 * <ul>
 * <li>type annotations ({@code @topic}, {@code @nested}, {@code @verbatim}, …) are not written: dropped;</li>
 * <li>{@code int8}/{@code uint8} are written as TK_CHAR8/TK_BYTE: they come back as {@code char}/{@code octet};</li>
 * <li>union members are numbered from 0: the first one needs {@code @id(0)} to say so;</li>
 * <li>enums and bitmasks come back FINAL, their literals in value/position order, the first literal the
 * default (the converter cannot tell; idlc writes no {@code @default_literal});</li>
 * <li>member annotations come back as the converter makes them: {@code @id} where the id is not the
 * sequential/hash one, then {@code @unit}, {@code @min}, {@code @max} ({@code @range} split in two),
 * {@code @hashid}, then {@code @external}; {@code @default} and {@code @verbatim} are not written.</li>
 * </ul>
 */
final class AsTypeObjectsCarryIt {

    private final TypeLibrary library;

    private AsTypeObjectsCarryIt(TypeLibrary library) {
        this.library = library;
    }

    static NamedType expected(TypeLibrary parsed, String name) {
        return new AsTypeObjectsCarryIt(parsed).type(parsed.get(name));
    }

    private NamedType type(NamedType t) {
        return switch (t) {
            case StructType s -> struct(s);
            case UnionType u -> union(u);
            case EnumType e -> {
                List<Enumerator> sorted = e.enumerators().stream().sorted(Comparator.comparingInt(Enumerator::value))
                        .toList();
                yield new EnumType(e.name(), Extensibility.FINAL, e.bitBound(), sorted, null, List.of());
            }
            case BitmaskType b -> new BitmaskType(b.name(), Extensibility.FINAL, b.bitBound(),
                    b.flags().stream().sorted(Comparator.comparingInt(BitFlag::position)).toList(), List.of());
            case AliasType a -> new AliasType(a.name(), old(a.target()), List.of());
        };
    }

    private StructType struct(StructType s) {
        long expected = s.base() == null ? 0 : nextIdAfter(library.struct(s.base()));
        List<Member> members = new ArrayList<>();
        for (Member m : s.members()) {
            boolean hashid = m.annotation("hashid").isPresent();
            long auto = s.autoId() == AutoId.HASH ? MemberIds.hashId(m.name()) : expected;
            members.add(new Member(m.name(), old(m.type()), m.id(), m.key(), m.optional(),
                    annotations(m, m.id(), !hashid && m.id() != auto)));
            expected = m.id() + 1;
        }
        return new StructType(s.name(), s.extensibility(), s.autoId(), s.base(), members, List.of());
    }

    private long nextIdAfter(StructType base) {
        if (!base.members().isEmpty()) {
            return base.members().get(base.members().size() - 1).id() + 1;
        }
        return base.base() == null ? 0 : nextIdAfter(library.struct(base.base()));
    }

    private UnionType union(UnionType u) {
        List<UnionCase> cases = new ArrayList<>();
        long next = 0; // idlc 0.10.2 numbering
        long expected = 1; // what the converter takes as implicit
        for (UnionCase c : u.cases()) {
            Member m = c.member();
            long id = MemberIds.idFromAnnotations(m).orElse(next);
            boolean hashid = m.annotation("hashid").isPresent();
            cases.add(new UnionCase(c.labels(), c.defaultCase(), new Member(m.name(), old(m.type()), id, false, false,
                    annotations(m, id, !hashid && id != expected))));
            next = id + 1;
            expected = id + 1;
        }
        return new UnionType(u.name(), u.extensibility(), old(u.discriminator()), cases, List.of());
    }

    private static List<Annotation> annotations(Member m, long id, boolean explicitId) {
        List<Annotation> out = new ArrayList<>();
        if (explicitId) {
            out.add(Annotation.of("id", BigInteger.valueOf(id)));
        }
        Optional<Annotation> range = m.annotation("range");
        m.annotation("unit").ifPresent(out::add);
        value(m, "min", range).ifPresent(v -> out.add(Annotation.of("min", v)));
        value(m, "max", range).ifPresent(v -> out.add(Annotation.of("max", v)));
        m.annotation("hashid").ifPresent(a -> out.add(a.value().isPresent() ? a : Annotation.of("hashid")));
        if (m.annotation("external").isPresent()) {
            out.add(Annotation.of("external"));
        }
        return out;
    }

    private static Optional<Object> value(Member m, String name, Optional<Annotation> range) {
        Optional<Object> v = m.annotation(name).flatMap(Annotation::value);
        return v.isPresent() ? v : range.map(Annotation::parameters).map((Map<String, Object> p) -> p.get(name));
    }

    /** {@code int8}/{@code uint8} as idlc 0.10.2 writes them, also inside sequences and arrays: char8/octet. */
    static DdsType old(DdsType t) {
        return switch (t) {
            case PrimitiveType p when p == PrimitiveType.INT8 -> PrimitiveType.CHAR8;
            case PrimitiveType p when p == PrimitiveType.UINT8 -> PrimitiveType.OCTET;
            case SequenceType s -> new SequenceType(old(s.element()), s.bound());
            case ArrayType a -> new ArrayType(old(a.element()), a.dimensions());
            default -> t;
        };
    }
}
