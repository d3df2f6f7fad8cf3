package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * Where idlc 0.10.2 (the code generator behind Cyclone 0.10's topic descriptors) departs from
 * DDS-XTypes 1.3, or chooses where the spec leaves room, when it builds type objects. {@link TypeObjectWriter}
 * follows idlc, not the spec, on each point: libddsc compares the resulting hashes to decide whether a
 * reader and a writer are assignable, so a descriptor made here must hash like one idlc made for the same
 * IDL. Found by comparing bytes with idlc's output (TypeObjectWriterTest):
 * <ul>
 * <li>{@code int8}/{@code uint8} are TK_CHAR8/TK_BYTE ({@link #primitiveKind});</li>
 * <li>union members are numbered from 0, not 1 ({@link #unionMemberIds});</li>
 * <li>struct members, union members and plain collection elements carry TRY_CONSTRUCT1
 * ({@link #TRY_CONSTRUCT}); keys and union discriminators carry MUST_UNDERSTAND ({@link #DISCRIMINATOR_FLAGS});</li>
 * <li>an array is "small" when its element count, not each dimension, is at most 255 ({@link #smallArray});</li>
 * <li>{@code @min}/{@code @max}/{@code @range} values are typed by their literal, not the member
 * ({@link BuiltinMemberAnnotations});</li>
 * <li>no {@code @verbatim}, no custom annotations, no {@code @default_literal} flag on enum literals;
 * typedefs get alias type objects in MINIMAL as well as COMPLETE;</li>
 * <li>the TypeInformation lists every dependency, in depth-first order of first use (base type first,
 * then members in declaration order), each with the size of its serialized type object; the TypeMapping
 * has the topic type first, then the same order.</li>
 * </ul>
 */
final class Idlc0102Rules {

    private Idlc0102Rules() {
    }

    /**
     * The try-construct bits idlc 0.10.2 puts on every struct member, union member and plain collection
     * element: TRY_CONSTRUCT1 alone, i.e. DISCARD, the XTypes default spelled out.
     */
    static final int TRY_CONSTRUCT = MEMBER_TRY_CONSTRUCT1;

    /** A union discriminator is always flagged must-understand (and DISCARD), with or without {@code @key}. */
    static final int DISCRIMINATOR_FLAGS = MEMBER_TRY_CONSTRUCT1 | MEMBER_MUST_UNDERSTAND;

    /**
     * The TypeKind idlc 0.10.2 writes for a primitive. It predates TK_INT8/TK_UINT8 (XTypes 1.3): it
     * writes {@code int8} as TK_CHAR8 and {@code uint8} as TK_BYTE (the same as {@code octet}).
     */
    static int primitiveKind(PrimitiveType p) {
        return switch (p) {
            case BOOLEAN -> TK_BOOLEAN;
            case OCTET, UINT8 -> TK_BYTE;
            case CHAR8, INT8 -> TK_CHAR8;
            case CHAR16 -> TK_CHAR16;
            case INT16 -> TK_INT16;
            case UINT16 -> TK_UINT16;
            case INT32 -> TK_INT32;
            case UINT32 -> TK_UINT32;
            case INT64 -> TK_INT64;
            case UINT64 -> TK_UINT64;
            case FLOAT32 -> TK_FLOAT32;
            case FLOAT64 -> TK_FLOAT64;
            case FLOAT128 -> TK_FLOAT128;
        };
    }

    /**
     * Union member ids: idlc 0.10.2 numbers cases from 0 where XTypes (and our IDL parser) start at 1.
     * An id fixed by {@code @id}/{@code @hashid} is kept; numbering continues from it.
     */
    static List<Long> unionMemberIds(UnionType u) {
        List<Long> ids = new ArrayList<>(u.cases().size());
        long next = 0;
        for (UnionCase c : u.cases()) {
            Member m = c.member();
            long id = MemberIds.idFromAnnotations(m).orElse(next);
            ids.add(id);
            next = id + 1;
        }
        return ids;
    }

    /**
     * Whether an array gets the small plain identifier (octet bounds). XTypes 7.3.4.6.2 asks only that every
     * dimension fit an octet; idlc 0.10.2 asks that the total number of elements does, so {@code long a[20][20]}
     * is PlainArrayLElemDefn there.
     */
    static boolean smallArray(List<Long> dimensions) {
        long total = 1;
        for (long d : dimensions) {
            total *= d;
            if (total > 255) {
                return false;
            }
        }
        return true;
    }
}
