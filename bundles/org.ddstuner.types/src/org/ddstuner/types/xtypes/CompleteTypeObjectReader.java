package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.ddstuner.types.Annotation;
import org.ddstuner.types.xtypes.TypeObject.Literal;
import org.ddstuner.types.xtypes.TypeObject.MemberDetail;
import org.ddstuner.types.xtypes.TypeObject.StructMember;
import org.ddstuner.types.xtypes.TypeObject.TypeDetail;
import org.ddstuner.types.xtypes.TypeObject.UnionMember;

/**
 * Reads the body of a DDS::XTypes::CompleteTypeObject (after its EK_COMPLETE octet). The enclosing
 * TypeObject is delimited, so kinds we do not read (annotation, bitset, future ones) are skipped whole.
 */
final class CompleteTypeObjectReader {

    private static final int MAX_NAME = 256;
    private static final int MAX_ANNOTATION_STRING = 128;

    private final Xcdr2Input in;
    private final Supplier<TypeIdentifier> typeIdentifier;

    CompleteTypeObjectReader(Xcdr2Input in, Supplier<TypeIdentifier> typeIdentifier) {
        this.in = in;
        this.typeIdentifier = typeIdentifier;
    }

    TypeObject read() {
        int kind = in.u8();
        return switch (kind) {
            case TK_STRUCTURE -> struct();
            case TK_UNION -> union();
            case TK_ENUM -> enumeration();
            case TK_BITMASK -> in.delimited("CompleteBitmaskType", this::bitmask);
            case TK_ALIAS -> alias();
            case TK_SEQUENCE -> sequence();
            case TK_ARRAY -> in.delimited("CompleteArrayType", this::array);
            case TK_MAP -> map();
            default -> new TypeObject.UnsupportedObject(EK_COMPLETE, kind);
        };
    }

    private TypeObject struct() {
        int flags = in.u16();
        TypeIdentifier[] base = new TypeIdentifier[1];
        TypeDetail detail = in.delimited("CompleteStructHeader", () -> {
            base[0] = typeIdentifier.get();
            return typeDetail();
        });
        List<StructMember> members = sequence("CompleteStructMemberSeq", 12, () ->
                in.delimited("CompleteStructMember", () -> {
                    long id = in.u32();
                    int mflags = in.u16();
                    TypeIdentifier type = typeIdentifier.get();
                    return new StructMember(id, mflags, type, memberDetail());
                }));
        return new TypeObject.StructObject(flags, base[0], detail, members);
    }

    private TypeObject union() {
        int flags = in.u16();
        TypeDetail detail = in.delimited("CompleteUnionHeader", this::typeDetail);
        int[] discFlags = new int[1];
        TypeIdentifier disc = flaggedType("CompleteDiscriminatorMember", discFlags, this::builtinTypeAnnotations);
        List<UnionMember> members = sequence("CompleteUnionMemberSeq", 16, () ->
                in.delimited("CompleteUnionMember", () -> {
                    long id = in.u32();
                    int mflags = in.u16();
                    TypeIdentifier type = typeIdentifier.get();
                    int n = in.count(4);
                    List<Integer> labels = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        labels.add(in.i32());
                    }
                    return new UnionMember(id, mflags, type, labels, memberDetail());
                }));
        return new TypeObject.UnionObject(flags, detail, discFlags[0], disc, members);
    }

    private TypeObject enumeration() {
        in.u16(); // enum_flags: unused
        int[] bitBound = new int[1];
        TypeDetail detail = enumeratedHeader(bitBound);
        List<Literal> literals = sequence("CompleteEnumeratedLiteralSeq", 12, () ->
                in.delimited("CompleteEnumeratedLiteral", () -> {
                    int[] common = in.delimited("CommonEnumeratedLiteral", () -> new int[] {in.i32(), in.u16()});
                    return new Literal(common[0], common[1], memberDetail());
                }));
        return new TypeObject.EnumObject(bitBound[0], detail, literals);
    }

    private TypeObject bitmask() {
        in.u16(); // bitmask_flags: unused
        int[] bitBound = new int[1];
        TypeDetail detail = enumeratedHeader(bitBound);
        List<Literal> flags = sequence("CompleteBitflagSeq", 12, () ->
                in.delimited("CompleteBitflag", () -> {
                    int position = in.u16();
                    int f = in.u16();
                    return new Literal(position, f, memberDetail());
                }));
        return new TypeObject.BitmaskObject(bitBound[0], detail, flags);
    }

    private TypeDetail enumeratedHeader(int[] bitBound) {
        return in.delimited("CompleteEnumeratedHeader", () -> {
            bitBound[0] = in.u16();
            return typeDetail();
        });
    }

    private TypeObject alias() {
        in.u16(); // alias_flags: unused
        TypeDetail detail = in.delimited("CompleteAliasHeader", this::typeDetail);
        int[] relatedFlags = new int[1]; // unused
        TypeIdentifier related = flaggedType("CompleteAliasBody", relatedFlags, this::builtinMemberAnnotations);
        return new TypeObject.AliasObject(detail, related);
    }

    private TypeObject sequence() {
        in.u16(); // collection_flag: unused
        long[] bound = new long[1];
        TypeDetail detail = collectionHeader(bound);
        int[] flags = new int[1];
        TypeIdentifier element = collectionElement(flags);
        return new TypeObject.SequenceObject(bound[0], detail, flags[0], element);
    }

    private TypeObject array() {
        in.u16(); // collection_flag: unused
        List<Long> dims = new ArrayList<>();
        TypeDetail detail = in.delimited("CompleteArrayHeader", () -> {
            int n = in.count(4);
            for (int i = 0; i < n; i++) {
                dims.add(in.u32());
            }
            return typeDetail();
        });
        int[] flags = new int[1];
        TypeIdentifier element = collectionElement(flags);
        return new TypeObject.ArrayObject(dims, detail, flags[0], element);
    }

    private TypeObject map() {
        in.u16(); // collection_flag: unused
        long[] bound = new long[1];
        TypeDetail detail = collectionHeader(bound);
        int[] flags = new int[1];
        TypeIdentifier key = collectionElement(flags);
        TypeIdentifier element = collectionElement(flags);
        return new TypeObject.MapObject(bound[0], detail, key, element);
    }

    private TypeDetail collectionHeader(long[] bound) {
        return in.delimited("CompleteCollectionHeader", () -> {
            bound[0] = in.u32();
            return in.bool() ? typeDetail() : null;
        });
    }

    private TypeIdentifier collectionElement(int[] flags) {
        return flaggedType("CompleteCollectionElement", flags, this::builtinMemberAnnotations);
    }

    /**
     * The layout a union's discriminator, an alias's body and a collection's element share: flags (into
     * {@code flags[0]}), the type, optional builtin annotations (read by {@code builtin}, not kept) and optional
     * custom ones; returns the type.
     */
    private TypeIdentifier flaggedType(String what, int[] flags, Supplier<List<Annotation>> builtin) {
        return in.delimited(what, () -> {
            flags[0] = in.u16();
            TypeIdentifier t = typeIdentifier.get();
            if (in.bool()) {
                builtin.get();
            }
            if (in.bool()) {
                customAnnotations();
            }
            return t;
        });
    }

    // ---- details and annotations ----

    /** CompleteTypeDetail (final): optional builtin annotations (@verbatim), optional custom ones, name. */
    private TypeDetail typeDetail() {
        List<Annotation> annotations = in.bool() ? builtinTypeAnnotations() : List.of();
        if (in.bool()) {
            customAnnotations();
        }
        return new TypeDetail(in.string(MAX_NAME), annotations);
    }

    /** CompleteMemberDetail (final): name, optional builtin annotations, optional custom ones. */
    private MemberDetail memberDetail() {
        String name = in.string(MAX_NAME);
        List<Annotation> annotations = in.bool() ? builtinMemberAnnotations() : List.of();
        int custom = in.bool() ? customAnnotations() : 0;
        return new MemberDetail(name, annotations, custom);
    }

    /** AppliedBuiltinTypeAnnotations (appendable): optional @verbatim. */
    private List<Annotation> builtinTypeAnnotations() {
        return in.delimited("AppliedBuiltinTypeAnnotations", () -> {
            if (!in.bool()) {
                return List.<Annotation>of();
            }
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("placement", in.string(32));
            p.put("language", in.string(32));
            p.put("text", in.string(0));
            return List.of(new Annotation("verbatim", p));
        });
    }

    /** AppliedBuiltinMemberAnnotations (appendable): optional @unit, @min, @max, @hashid. */
    private List<Annotation> builtinMemberAnnotations() {
        return in.delimited("AppliedBuiltinMemberAnnotations", () -> {
            List<Annotation> l = new ArrayList<>();
            if (in.bool()) {
                l.add(Annotation.of("unit", in.string(0)));
            }
            if (in.bool()) {
                l.add(Annotation.of("min", parameterValue()));
            }
            if (in.bool()) {
                l.add(Annotation.of("max", parameterValue()));
            }
            if (in.bool()) {
                String hash = in.string(0);
                l.add(hash.isEmpty() ? Annotation.of("hashid") : Annotation.of("hashid", hash));
            }
            return l;
        });
    }

    /** AppliedAnnotationSeq: user-defined annotations are identified only by a type id; we count them. */
    private int customAnnotations() {
        return in.delimited("AppliedAnnotationSeq", () -> in.count(4));
    }

    /** AnnotationParameterValue (final union) as the Java value {@link Annotation} uses. */
    private Object parameterValue() {
        int d = in.u8();
        return switch (d) {
            case TK_BOOLEAN -> in.bool();
            case TK_BYTE, TK_UINT8 -> BigInteger.valueOf(in.u8());
            case TK_INT8 -> BigInteger.valueOf((byte) in.u8());
            case TK_INT16 -> BigInteger.valueOf((short) in.u16());
            case TK_UINT16 -> BigInteger.valueOf(in.u16());
            case TK_INT32, TK_ENUM -> BigInteger.valueOf(in.i32());
            case TK_UINT32 -> BigInteger.valueOf(in.u32());
            case TK_INT64 -> BigInteger.valueOf(in.i64());
            case TK_UINT64 -> new BigInteger(Long.toUnsignedString(in.i64()));
            case TK_FLOAT32 -> (double) Float.intBitsToFloat(in.i32());
            case TK_FLOAT64 -> Double.longBitsToDouble(in.i64());
            case TK_CHAR8 -> (char) in.u8();
            case TK_CHAR16 -> (char) in.u16();
            case TK_STRING8 -> in.string(MAX_ANNOTATION_STRING);
            default -> in.delimited("ExtendedAnnotationParameterValue", () -> "?");
        };
    }

    private <T> List<T> sequence(String what, int minElementBytes, Supplier<T> element) {
        return in.delimited(what, () -> {
            int n = in.count(minElementBytes);
            List<T> l = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                l.add(element.get());
            }
            return l;
        });
    }
}
