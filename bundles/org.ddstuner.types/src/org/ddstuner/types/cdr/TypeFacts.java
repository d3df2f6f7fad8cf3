package org.ddstuner.types.cdr;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.SequenceType;
import org.ddstuner.types.StringType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionType;

/**
 * What the codec needs to know about types for one XCDR version: sizes, headers, lower size bounds.
 * Shared by all calls of a {@link CdrCodec}; the caches are concurrent and only ever hold correct values
 * (a size computed while its type is still in progress reads as 0, which is still a lower bound).
 */
final class TypeFacts {
    /** EMHEADER length codes (XTypes 1.3 §7.4.3.4.7). */
    static final int LC_NEXTINT = 4;
    static final int LC_ALSO_NEXTINT = 5;
    static final int LC_ALSO_NEXTINT4 = 6;
    static final int LC_ALSO_NEXTINT8 = 7;

    final TypeLibrary library;
    final XcdrVersion version;
    private final Map<DdsType, Long> minSizes = new ConcurrentHashMap<>();
    private final Map<StructType, List<Member>> members = new ConcurrentHashMap<>();

    TypeFacts(TypeLibrary library, XcdrVersion version) {
        this.library = library;
        this.version = version;
    }

    DdsType resolve(DdsType type) {
        return library.unalias(type);
    }

    List<Member> allMembers(StructType s) {
        return members.computeIfAbsent(s, library::allMembers);
    }

    boolean xcdr2() {
        return version == XcdrVersion.XCDR2;
    }

    static int enumSize(EnumType e) {
        return e.bitBound() <= 8 ? 1 : e.bitBound() <= 16 ? 2 : 4;
    }

    static int bitmaskSize(BitmaskType b) {
        return b.bitBound() <= 8 ? 1 : b.bitBound() <= 16 ? 2 : b.bitBound() <= 32 ? 4 : 8;
    }

    /** Size of a value encoded as one plain number (primitives up to 8 bytes, enums, bitmasks), else -1. */
    int simpleSize(DdsType type) {
        return switch (resolve(type)) {
            case PrimitiveType p -> p == PrimitiveType.FLOAT128 ? -1 : p.size();
            case EnumType e -> enumSize(e);
            case BitmaskType b -> bitmaskSize(b);
            default -> -1;
        };
    }

    /**
     * XCDR2 puts a DHEADER before sequences and arrays whose element type is not primitive (enums,
     * bitmasks and strings included, as libddsc 0.10.2 does).
     */
    boolean elementsNeedDheader(DdsType element) {
        return xcdr2() && !(resolve(element) instanceof PrimitiveType);
    }

    /** XCDR2 aggregates with a DHEADER: appendable and mutable structs and unions. */
    boolean hasDheader(Extensibility e) {
        return xcdr2() && e != Extensibility.FINAL;
    }

    /** The EMHEADER length code libddsc 0.10.2 picks for a member of this type (get_length_code). */
    int lengthCode(DdsType type) {
        DdsType t = resolve(type);
        int simple = simpleSize(t);
        if (simple > 0) {
            return Integer.numberOfTrailingZeros(simple);
        }
        return switch (t) {
            case StringType s -> LC_ALSO_NEXTINT;
            case SequenceType s -> {
                if (elementsNeedDheader(s.element())) {
                    yield LC_ALSO_NEXTINT;
                }
                int e = simpleSize(s.element());
                yield e == 1 ? LC_ALSO_NEXTINT : e == 4 ? LC_ALSO_NEXTINT4 : e == 8 ? LC_ALSO_NEXTINT8 : LC_NEXTINT;
            }
            case ArrayType a -> elementsNeedDheader(a.element()) ? LC_ALSO_NEXTINT : LC_NEXTINT;
            default -> LC_NEXTINT;
        };
    }

    /**
     * A lower bound on the encoded size of any value of the type (padding ignored), never more than the
     * truth: lets the decoder reject a count larger than the bytes left before allocating anything.
     */
    long minSize(DdsType type) {
        Long known = minSizes.get(type);
        if (known != null) {
            return known;
        }
        minSizes.put(type, 0L); // a type reached again while computing itself adds nothing
        long size = computeMinSize(resolve(type));
        minSizes.put(type, size);
        return size;
    }

    private long computeMinSize(DdsType t) {
        return switch (t) {
            case PrimitiveType p -> p.size();
            case StringType s -> 4;
            case EnumType e -> enumSize(e);
            case BitmaskType b -> bitmaskSize(b);
            case SequenceType s -> elementsNeedDheader(s.element()) ? 8 : 4;
            case ArrayType a -> saturatingAdd(saturatingMul(a.totalElements(), minSize(a.element())),
                    elementsNeedDheader(a.element()) ? 4 : 0);
            case StructType s -> {
                if (hasDheader(s.extensibility()) || s.extensibility() == Extensibility.MUTABLE) {
                    yield 4;
                }
                long sum = 0;
                for (Member m : allMembers(s)) {
                    sum = saturatingAdd(sum, m.optional() ? (xcdr2() ? 1 : 4) : minSize(m.type()));
                }
                yield sum;
            }
            case UnionType u -> hasDheader(u.extensibility()) || u.extensibility() == Extensibility.MUTABLE ? 4
                    : minSize(u.discriminator());
            default -> 0;
        };
    }

    static long saturatingMul(long a, long b) {
        long r = a * b;
        return (a != 0 && (r / a != b || r < 0)) ? Long.MAX_VALUE : r;
    }

    static long saturatingAdd(long a, long b) {
        long r = a + b;
        return r < 0 ? Long.MAX_VALUE : r;
    }
}
