package org.ddstuner.types.xtypes;

import static org.ddstuner.types.xtypes.TypeKinds.*;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.types.AliasType;
import org.ddstuner.types.Annotation;
import org.ddstuner.types.AutoId;
import org.ddstuner.types.BitFlag;
import org.ddstuner.types.BitmaskType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.NamedType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;

/**
 * Serializes the MINIMAL or COMPLETE TypeObject (XCDR2 LE, DDS-XTypes 1.3 Annex B as in Cyclone's
 * {@code ddsi_xt_typeinfo.idl}) of one named type, with exactly the fields idlc 0.10.2 fills in: no
 * {@code @verbatim} or custom annotations; {@code @unit}, {@code @min}, {@code @max}, {@code @range} and
 * {@code @hashid} on struct and union members ({@link BuiltinMemberAnnotations}). Type identifiers of the
 * types it refers to come from {@link Ids}, which
 * is called in the order idlc visits them (base, then members; discriminator, then cases).
 */
final class TypeObjectEncoder {

    /** The identifier of a referenced type for an equivalence kind (EK_MINIMAL or EK_COMPLETE). */
    interface Ids {
        TypeIdentifier of(DdsType type, int equivalenceKind, String where);
    }

    /** XTypes QualifiedTypeName / MemberName are string<256>: idlc copies them into 256-byte buffers. */
    private static final int MAX_NAME_BYTES = 255;
    private static final int HASH_LENGTH = 14;

    private final Ids ids;
    private final int ek;
    private final boolean complete;
    private final Xcdr2Output out = new Xcdr2Output();

    private TypeObjectEncoder(Ids ids, int equivalenceKind) {
        this.ids = ids;
        this.ek = equivalenceKind;
        this.complete = equivalenceKind == EK_COMPLETE;
    }

    /** The serialized TypeObject of {@code type} for {@code equivalenceKind}. */
    static byte[] encode(NamedType type, int equivalenceKind, Ids ids) {
        TypeObjectEncoder e = new TypeObjectEncoder(ids, equivalenceKind);
        int d = e.out.beginDelimited();
        e.out.u8(equivalenceKind);
        switch (type) {
            case StructType s -> e.struct(s);
            case UnionType u -> e.union(u);
            case EnumType en -> e.enumeration(en);
            case BitmaskType b -> e.bitmask(b);
            case AliasType a -> e.alias(a);
        }
        e.out.endDelimited(d);
        return e.out.toByteArray();
    }

    /** The equivalence hash of a serialized TypeObject: the first 14 bytes of its MD5. */
    static TypeIdentifier.Hashed hashOf(byte[] typeObject, int equivalenceKind) {
        byte[] md5 = md5(typeObject);
        return new TypeIdentifier.Hashed(equivalenceKind, HexFormat.of().formatHex(md5, 0, HASH_LENGTH));
    }

    // ---- struct ----

    private void struct(StructType s) {
        out.u8(TK_STRUCTURE);
        out.u16(typeFlags(s.extensibility(), nested(s.annotations()), s.autoId() == AutoId.HASH));
        int header = out.beginDelimited();
        TypeIdentifier base = s.base() == null ? new TypeIdentifier.Primitive(TK_NONE)
                : ids.of(new TypeRef(s.base()), ek, s.name() + " base type");
        writeTypeIdentifier(out, base);
        typeDetail(s.name());
        out.endDelimited(header);
        int seq = out.beginDelimited();
        out.i32(s.members().size());
        for (Member m : s.members()) {
            int member = out.beginDelimited();
            out.i32(checkedId(m.id(), s.name() + "." + m.name()));
            out.u16(memberFlags(m));
            writeTypeIdentifier(out, ids.of(m.type(), ek, s.name() + "." + m.name()));
            memberDetail(m.name(), m.annotations());
            out.endDelimited(member);
        }
        out.endDelimited(seq);
    }

    private static int memberFlags(Member m) {
        int flags = Idlc0102Rules.TRY_CONSTRUCT;
        if (flag(m.annotations(), "external")) {
            flags |= MEMBER_EXTERNAL;
        }
        if (m.key()) {
            flags |= MEMBER_KEY;
        }
        if (m.mustUnderstand()) {
            flags |= MEMBER_MUST_UNDERSTAND; // keys always are (XTypes 7.2.2.4.4.4.7), as idlc writes
        }
        if (m.optional()) {
            flags |= MEMBER_OPTIONAL;
        }
        return flags;
    }

    // ---- union ----

    private void union(UnionType u) {
        out.u8(TK_UNION);
        out.u16(typeFlags(u.extensibility(), nested(u.annotations()), false));
        int header = out.beginDelimited();
        typeDetail(u.name());
        out.endDelimited(header);
        int disc = out.beginDelimited();
        out.u16(Idlc0102Rules.DISCRIMINATOR_FLAGS);
        writeTypeIdentifier(out, ids.of(u.discriminator(), ek, u.name() + " discriminator"));
        if (complete) {
            out.bool(false); // ann_builtin
            out.bool(false); // ann_custom
        }
        out.endDelimited(disc);
        int seq = out.beginDelimited();
        out.i32(u.cases().size());
        List<Long> wireIds = Idlc0102Rules.unionMemberIds(u);
        for (int i = 0; i < u.cases().size(); i++) {
            UnionCase c = u.cases().get(i);
            Member m = c.member();
            String where = u.name() + "." + m.name();
            int member = out.beginDelimited();
            out.i32(checkedId(wireIds.get(i), where));
            out.u16(Idlc0102Rules.TRY_CONSTRUCT | (flag(m.annotations(), "external") ? MEMBER_EXTERNAL : 0)
                    | (c.defaultCase() ? MEMBER_DEFAULT : 0));
            writeTypeIdentifier(out, ids.of(m.type(), ek, where));
            out.i32(c.labels().size());
            for (long label : c.labels()) {
                if (label < Integer.MIN_VALUE || label > Integer.MAX_VALUE) {
                    throw new TypeObjectWriteException(where + ": case label " + label
                            + " is outside the 32-bit range a TypeObject can hold");
                }
                out.i32(label);
            }
            memberDetail(m.name(), m.annotations());
            out.endDelimited(member);
        }
        out.endDelimited(seq);
    }

    // ---- enum and bitmask ----

    private void enumeration(EnumType e) {
        out.u8(TK_ENUM);
        out.u16(e.extensibility() == Extensibility.APPENDABLE ? TYPE_APPENDABLE : TYPE_FINAL);
        int header = out.beginDelimited();
        out.u16(e.bitBound());
        typeDetail(e.name());
        out.endDelimited(header);
        // XTypes 7.3.4.5 orders literals by value (idlc sorts them the same way)
        List<Enumerator> literals = new ArrayList<>(e.enumerators());
        literals.sort(Comparator.comparingInt(Enumerator::value));
        int seq = out.beginDelimited();
        out.i32(literals.size());
        for (Enumerator l : literals) {
            int lit = out.beginDelimited();
            int common = out.beginDelimited();
            out.i32(l.value());
            out.u16(0); // idlc 0.10.2 does not flag the @default_literal
            out.endDelimited(common);
            memberDetail(l.name(), List.of());
            out.endDelimited(lit);
        }
        out.endDelimited(seq);
    }

    private void bitmask(BitmaskType b) {
        out.u8(TK_BITMASK);
        int body = out.beginDelimited(); // CompleteBitmaskType/MinimalBitmaskType are APPENDABLE
        out.u16(b.extensibility() == Extensibility.APPENDABLE ? TYPE_APPENDABLE : TYPE_FINAL);
        int header = out.beginDelimited();
        out.u16(b.bitBound());
        typeDetail(b.name());
        out.endDelimited(header);
        List<BitFlag> flags = new ArrayList<>(b.flags());
        flags.sort(Comparator.comparingInt(BitFlag::position));
        int seq = out.beginDelimited();
        out.i32(flags.size());
        for (BitFlag f : flags) {
            int flag = out.beginDelimited();
            out.u16(f.position());
            out.u16(0);
            memberDetail(f.name(), List.of());
            out.endDelimited(flag);
        }
        out.endDelimited(seq);
        out.endDelimited(body);
    }

    // ---- alias ----

    private void alias(AliasType a) {
        out.u8(TK_ALIAS);
        out.u16(0); // alias_flags: unused
        int header = out.beginDelimited();
        typeDetail(a.name());
        out.endDelimited(header);
        int body = out.beginDelimited();
        out.u16(0); // related_flags: unused
        writeTypeIdentifier(out, ids.of(a.target(), ek, a.name()));
        if (complete) {
            out.bool(false); // ann_builtin: idlc 0.10.2 takes them from members and cases only
            out.bool(false); // ann_custom
        }
        out.endDelimited(body);
    }

    // ---- details ----

    /** CompleteTypeDetail (no annotations, the scoped name); MinimalTypeDetail is empty. */
    private void typeDetail(String name) {
        if (!complete) {
            return;
        }
        out.bool(false); // ann_builtin (@verbatim): idlc 0.10.2 writes none
        out.bool(false); // ann_custom
        out.string(checkedName(name, "type name"));
    }

    /**
     * CompleteMemberDetail (name and the builtin annotations idlc 0.10.2 writes: {@code @unit}, {@code @min},
     * {@code @max}, {@code @range}, {@code @hashid}) or MinimalMemberDetail (first 4 bytes of MD5 of the name).
     */
    private void memberDetail(String name, List<Annotation> annotations) {
        if (!complete) {
            byte[] md5 = md5(name.getBytes(StandardCharsets.UTF_8));
            out.bytes(new byte[] {md5[0], md5[1], md5[2], md5[3]});
            return;
        }
        out.string(checkedName(name, "member name"));
        BuiltinMemberAnnotations builtin = BuiltinMemberAnnotations.of(annotations, name);
        out.bool(!builtin.isEmpty());
        if (!builtin.isEmpty()) {
            builtin.write(out);
        }
        out.bool(false); // ann_custom: idlc 0.10.2 writes none
    }

    // ---- type identifiers ----

    /** A TypeIdentifier (final union), small or large forms chosen by bound as idlc does. */
    static void writeTypeIdentifier(Xcdr2Output out, TypeIdentifier id) {
        switch (id) {
            case TypeIdentifier.Primitive p -> out.u8(p.kind());
            case TypeIdentifier.StringId s -> {
                if (s.bound() <= 255) {
                    out.u8(s.wide() ? TI_STRING16_SMALL : TI_STRING8_SMALL);
                    out.u8((int) s.bound());
                } else {
                    out.u8(s.wide() ? TI_STRING16_LARGE : TI_STRING8_LARGE);
                    out.i32(s.bound());
                }
            }
            case TypeIdentifier.PlainSequence s -> {
                boolean small = s.bound() <= 255;
                out.u8(small ? TI_PLAIN_SEQUENCE_SMALL : TI_PLAIN_SEQUENCE_LARGE);
                out.u8(s.equivalenceKind());
                out.u16(s.elementFlags());
                if (small) {
                    out.u8((int) s.bound());
                } else {
                    out.i32(s.bound());
                }
                writeTypeIdentifier(out, s.element());
            }
            case TypeIdentifier.PlainArray a -> {
                boolean small = Idlc0102Rules.smallArray(a.dimensions());
                out.u8(small ? TI_PLAIN_ARRAY_SMALL : TI_PLAIN_ARRAY_LARGE);
                out.u8(a.equivalenceKind());
                out.u16(a.elementFlags());
                out.i32(a.dimensions().size());
                for (long d : a.dimensions()) {
                    if (small) {
                        out.u8((int) d);
                    } else {
                        out.i32(d);
                    }
                }
                writeTypeIdentifier(out, a.element());
            }
            case TypeIdentifier.Hashed h -> {
                out.u8(h.equivalenceKind());
                out.bytes(HexFormat.of().parseHex(h.hash()));
            }
            case TypeIdentifier.PlainMap m -> throw new TypeObjectWriteException("map types are not supported");
            case TypeIdentifier.StronglyConnected s -> throw new TypeObjectWriteException(
                    "strongly connected components (recursive types) are not supported");
        }
    }

    // ---- helpers ----

    private static int typeFlags(Extensibility x, boolean nested, boolean autoidHash) {
        int flags = switch (x) {
            case FINAL -> TYPE_FINAL;
            case APPENDABLE -> TYPE_APPENDABLE;
            case MUTABLE -> TYPE_MUTABLE;
        };
        return flags | (nested ? TYPE_NESTED : 0) | (autoidHash ? TYPE_AUTOID_HASH : 0);
    }

    private static boolean nested(List<Annotation> annotations) {
        return flag(annotations, "nested");
    }

    /** An annotation present and not explicitly FALSE ({@code @nested}, {@code @nested(TRUE)}). */
    private static boolean flag(List<Annotation> annotations, String name) {
        return Annotation.find(annotations, name).map(a -> !Boolean.FALSE.equals(a.value().orElse(true))).orElse(false);
    }

    private static long checkedId(long id, String where) {
        if (id < 0 || id > org.ddstuner.types.MemberIds.MAX_ID) {
            throw new TypeObjectWriteException(where + ": member id " + id + " is outside 0..0x0FFFFFFF");
        }
        return id;
    }

    private static String checkedName(String name, String what) {
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new TypeObjectWriteException(what + " '" + name + "' is longer than the " + MAX_NAME_BYTES
                    + " bytes a TypeObject can hold");
        }
        return name;
    }

    static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by every Java runtime", e);
        }
    }
}
