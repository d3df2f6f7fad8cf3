package org.ddstuner.types.cyclone;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * The memory layout gcc gives (x86-64 SysV) to the C types {@code idlc -l c} (0.10.2) generates, which is
 * the layout libddsc reads and writes through the ops' offsets:
 * <ul>
 * <li>primitives by size ({@code bool}, {@code char}, {@code int8_t}… {@code double}); enums are C enums,
 * 4 bytes whatever their {@code @bit_bound} (the ops' size flag may say less: libddsc 0.10.2 then reads the
 * low bytes); bitmasks {@code uint8/16/32/64_t} by {@code @bit_bound};</li>
 * <li>{@code string} is {@code char *}; {@code string<N>} is {@code char[N+1]} inline;</li>
 * <li>sequences are {@code dds_sequence_t}-shaped structs {@code {uint32_t _maximum, _length; T *_buffer;
 * bool _release;}} (24 bytes, align 8); arrays are inline;</li>
 * <li>a struct with a base has the base as its first member {@code parent};</li>
 * <li>a union is {@code struct { D _d; union { … } _u; }};</li>
 * <li>{@code @optional} and {@code @external} members are pointers.</li>
 * </ul>
 * Typedefs are transparent. Unsupported types raise {@link UnsupportedTypeException}.
 */
public final class CLayout {

    /** Size and alignment in bytes. */
    public record Layout(int size, int align) {
    }

    private static final Layout POINTER = new Layout(8, 8);
    private static final Layout SEQUENCE = new Layout(24, 8);

    private final TypeLibrary library;
    private final Map<String, Layout> named = new HashMap<>();
    private final Set<String> inProgress = new HashSet<>();

    public CLayout(TypeLibrary library) {
        this.library = library;
    }

    /** Whether a member is stored through a pointer: {@code @optional} or {@code @external}. */
    public static boolean isPointerMember(Member m) {
        return m.optional() || isExternal(m);
    }

    /** {@code @external} (kept as annotation data by the parsers). */
    public static boolean isExternal(Member m) {
        return m.annotation("external").map(a -> !Boolean.FALSE.equals(a.value().orElse(true))).orElse(false);
    }

    /** The layout of a member's storage: a pointer for optional/external members, else its type's. */
    public Layout member(Member m, String where) {
        return isPointerMember(m) ? POINTER : of(m.type(), where);
    }

    /** The layout of a value of this type; {@code where} names it in error messages. */
    public Layout of(DdsType type, String where) {
        return switch (type) {
            case PrimitiveType p -> primitive(p, where);
            case StringType s -> {
                if (s.wide()) {
                    throw new UnsupportedTypeException(where, "wstring is not supported by Cyclone DDS 0.10.2");
                }
                if (s.bounded()) {
                    if (s.bound() >= Integer.MAX_VALUE) {
                        throw new UnsupportedTypeException(where, "string bound " + s.bound() + " is too large");
                    }
                    yield new Layout((int) s.bound() + 1, 1);
                }
                yield POINTER;
            }
            case SequenceType s -> SEQUENCE;
            case ArrayType a -> {
                Layout e = of(a.element(), where);
                long size = e.size() * a.totalElements();
                if (size > Integer.MAX_VALUE) {
                    throw new UnsupportedTypeException(where, "array of " + size + " bytes is too large");
                }
                yield new Layout((int) size, e.align());
            }
            case TypeRef r -> named(library.get(r.name()), where);
            case NamedType n -> named(n, where);
        };
    }

    private static Layout primitive(PrimitiveType p, String where) {
        return switch (p) {
            case FLOAT128 -> throw new UnsupportedTypeException(where,
                    "long double is not supported by Cyclone DDS 0.10.2 (idlc: \"Long doubles are currently unsupported\")");
            case CHAR16 -> throw new UnsupportedTypeException(where, "wchar is not supported by Cyclone DDS 0.10.2");
            default -> new Layout(p.size(), p.size());
        };
    }

    private Layout named(NamedType type, String where) {
        Layout known = named.get(type.name());
        if (known != null) {
            return known;
        }
        if (!inProgress.add(type.name())) {
            throw new UnsupportedTypeException(where, "recursive type '" + type.name()
                    + "': idlc 0.10.2 cannot generate a descriptor for it");
        }
        try {
            Layout l = switch (type) {
                case AliasType a -> of(a.target(), where);
                case EnumType e -> new Layout(4, 4);
                case BitmaskType b -> bitmask(b);
                case StructType s -> struct(s);
                case UnionType u -> union(u);
            };
            named.put(type.name(), l);
            return l;
        } finally {
            inProgress.remove(type.name());
        }
    }

    static Layout bitmask(BitmaskType b) {
        int n = b.bitBound() <= 8 ? 1 : b.bitBound() <= 16 ? 2 : b.bitBound() <= 32 ? 4 : 8;
        return new Layout(n, n);
    }

    /** Offsets of {@code parent} (the base, if any, always 0) and then of each own member, in order. */
    public List<Integer> memberOffsets(StructType s) {
        List<Integer> offsets = new ArrayList<>();
        int size = 0;
        if (s.base() != null) {
            offsets.add(0);
            size = named(library.get(s.base()), s.name() + " base " + s.base()).size();
        }
        for (Member m : s.members()) {
            Layout l = member(m, s.name() + "." + m.name());
            size = roundUp(size, l.align());
            offsets.add(size);
            size += l.size();
        }
        return offsets;
    }

    private Layout struct(StructType s) {
        int size = 0;
        int align = 1;
        if (s.base() != null) {
            Layout b = named(library.get(s.base()), s.name() + " base " + s.base());
            size = b.size();
            align = b.align();
        }
        for (Member m : s.members()) {
            Layout l = member(m, s.name() + "." + m.name());
            size = roundUp(size, l.align()) + l.size();
            align = Math.max(align, l.align());
        }
        return new Layout(roundUp(size, align), align);
    }

    /** Offset of {@code _u} in the union's C struct (every case member sits there). */
    public int unionBodyOffset(UnionType u) {
        Layout d = of(u.discriminator(), u.name() + " discriminator");
        return roundUp(d.size(), unionBody(u).align());
    }

    private Layout unionBody(UnionType u) {
        int size = 0;
        int align = 1;
        for (UnionCase c : u.cases()) {
            Layout l = member(c.member(), u.name() + "." + c.member().name());
            size = Math.max(size, l.size());
            align = Math.max(align, l.align());
        }
        return new Layout(roundUp(size, align), align);
    }

    private Layout union(UnionType u) {
        Layout d = of(u.discriminator(), u.name() + " discriminator");
        Layout body = unionBody(u);
        int align = Math.max(d.align(), body.align());
        int size = roundUp(d.size(), body.align()) + body.size();
        return new Layout(roundUp(size, align), align);
    }

    static int roundUp(int value, int align) {
        return (value + align - 1) / align * align;
    }
}
