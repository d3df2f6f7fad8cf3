package org.ddstuner.types.cyclone;

import static org.ddstuner.types.cyclone.Opcodes.*;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.BitFlag;
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
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.cyclone.OpsProgram.Ctype;

/**
 * Generates the {@code dds_topic_descriptor_t} content that {@code idlc -l c} of Cyclone DDS 0.10.2 generates
 * for a struct or union, word for word (checked against idlc by {@code OpsGeneratorIdlcTest}).
 *
 * <p>The program follows idlc's {@code descriptor.c}: each struct/union reached from the topic type gets its
 * own instruction list (in the order first reached), members are {@code ADR} instructions with the C offset,
 * nested structs/unions are {@code ADR|EXT} with a jump, appendable types start with {@code DLC}, mutable
 * structs with {@code PLC} and a {@code PLM} list, unions are {@code ADR|UNI} followed by {@code JEQ4} cases,
 * and the key offset lists ({@code KOF}) follow all types.
 *
 * <p>Differences in Cyclone DDS 11.x worth knowing (the installed libddsc is 0.10.2, so 0.10.2 is the
 * target): 11.x counts {@code m_nops} in words rather than instructions, supports recursive types through
 * {@code JSR}, wchar/wstring and more key kinds, adds a {@code restrict_data_representation} field, and its
 * descriptor struct is laid out differently after {@code m_meta}.
 */
public final class OpsGenerator {

    private final TypeLibrary library;
    private final CLayout layout;
    private final OpsProgram program = new OpsProgram();

    private OpsGenerator(TypeLibrary library) {
        this.library = library;
        this.layout = new CLayout(library);
    }

    /**
     * The descriptor of a struct or union of the library.
     *
     * @param typeName scoped name ({@code "M::T"}, a typedef of a struct/union is followed)
     * @throws UnsupportedTypeException when libddsc 0.10.2 cannot represent the type (the message names the
     *                                  member path and why), or the name is unknown or not a struct/union
     */
    public static CycloneDescriptor generate(TypeLibrary library, String typeName) {
        NamedType top;
        try {
            DdsType t = library.unalias(new TypeRef(typeName));
            if (!(t instanceof StructType) && !(t instanceof UnionType)) {
                throw new UnsupportedTypeException(typeName, "a topic type must be a struct or a union");
            }
            top = (NamedType) t;
        } catch (UnknownTypeException e) {
            throw new UnsupportedTypeException(typeName, e.getMessage());
        }
        return new OpsGenerator(library).run(top);
    }

    private CycloneDescriptor run(NamedType top) {
        CLayout.Layout size;
        try {
            size = layout.of(top, top.name());
            ensure(top, top.name());
        } catch (UnknownTypeException e) {
            throw new UnsupportedTypeException(top.name(), e.getMessage());
        }
        int typeWords = program.layOut();
        KeyTable keys = KeyTable.build(program, top.name());
        List<Integer> words = new ArrayList<>(program.words(top.name()));
        words.addAll(keys.kofWords());
        if (words.size() > Short.MAX_VALUE) {
            throw new UnsupportedTypeException(top.name(), "the ops program has " + words.size()
                    + " words, more than idlc can generate (32767)");
        }
        int flags = CycloneDescriptor.FLAG_XTYPES_METADATA | keys.fixedKeyFlags();
        boolean union = program.ctypes.values().stream().anyMatch(c -> c.type instanceof UnionType);
        if (union) {
            flags |= CycloneDescriptor.FLAG_CONTAINS_UNION;
        }
        if (fixedSize()) {
            flags |= CycloneDescriptor.FLAG_FIXED_SIZE;
        }
        return new CycloneDescriptor(top.name(), size.size(), size.align(), flags,
                words.stream().mapToInt(Integer::intValue).toArray(), keys.descriptors(typeWords),
                program.instructionCount());
    }

    /** idlc's test: no instruction (ADR or JEQ4) of a string or sequence type, or an array of them. */
    private boolean fixedSize() {
        for (Ctype c : program.ctypes.values()) {
            for (OpsProgram.Insn i : c.insns) {
                if (i.kind != OpsProgram.Kind.OP) {
                    continue;
                }
                int t = type(i.value);
                int s = subtype(i.value);
                if (variable(t) || (t == VAL_ARR && variable(s))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean variable(int typecode) {
        return typecode == VAL_STR || typecode == VAL_BST || typecode == VAL_SEQ || typecode == VAL_BSQ;
    }

    /** The ctype of a struct/union, generated (depth first, like idlc's visitor) when first reached. */
    private Ctype ensure(NamedType type, String where) {
        Ctype c = program.ctypes.get(type.name());
        if (c != null) {
            if (!c.complete) {
                throw new UnsupportedTypeException(where, "recursive type '" + type.name()
                        + "': idlc 0.10.2 cannot generate a descriptor for it");
            }
            return c;
        }
        c = new Ctype(type);
        program.ctypes.put(type.name(), c);
        if (type instanceof StructType s) {
            emitStruct(c, s);
        } else {
            emitUnion(c, (UnionType) type);
        }
        c.complete = true;
        return c;
    }

    private void emitStruct(Ctype c, StructType s) {
        List<Integer> offsets = layout.memberOffsets(s);
        int first = s.base() != null ? 1 : 0;
        if (s.extensibility() == Extensibility.MUTABLE) {
            emitMutableStruct(c, s, offsets);
            return;
        }
        if (s.extensibility() == Extensibility.APPENDABLE) {
            c.op(DLC);
        }
        if (s.base() != null) {
            Ctype base = ensure(library.struct(s.base()), s.name() + " base " + s.base());
            int code = ADR | (VAL_EXT << 16) | FLAG_BASE | (base.hasKeyMember ? FLAG_KEY : 0);
            c.hasKeyMember |= base.hasKeyMember;
            int at = c.op(code, 0, "parent");
            c.word(0);
            c.elemRef(3, base.type.name(), at);
        }
        for (int i = 0; i < s.members().size(); i++) {
            Member m = s.members().get(i);
            emitStructMember(c, m, offsets.get(first + i), s.name() + "." + m.name());
        }
        c.op(RTS);
    }

    /** {@code PLC}, a {@code PLM} per member (base first) then {@code RTS}, then each member's ops + RTS. */
    private void emitMutableStruct(Ctype c, StructType s, List<Integer> offsets) {
        c.op(PLC);
        int first = s.base() != null ? 1 : 0;
        int plmStart = c.size();
        for (int i = 0; i < 2 * (first + s.members().size()); i++) {
            c.word(0);
        }
        c.op(RTS);
        if (s.base() != null) {
            Ctype base = ensure(library.struct(s.base()), s.name() + " base " + s.base());
            c.setBasePlm(plmStart, base.type.name());
        }
        for (int i = 0; i < s.members().size(); i++) {
            Member m = s.members().get(i);
            int plm = plmStart + 2 * (first + i);
            c.set(plm, PLM | (c.size() - plm));
            c.set(plm + 1, (int) m.id());
            emitStructMember(c, m, offsets.get(first + i), s.name() + "." + m.name());
            c.op(RTS);
        }
    }

    private void emitStructMember(Ctype c, Member m, int offset, String where) {
        DdsType t = library.unalias(m.type());
        int flags = 0;
        if (m.key()) {
            flags |= FLAG_KEY | FLAG_MU;
            c.hasKeyMember = true;
        }
        boolean unboundedString = t instanceof StringType st && !st.bounded();
        boolean external = CLayout.isExternal(m);
        if (external && !unboundedString) {
            flags |= FLAG_EXT;
        }
        if (m.optional()) {
            // an optional member is a pointer like an external one, except an unbounded string (already char *)
            flags |= FLAG_OPT | (unboundedString ? 0 : FLAG_EXT);
        }
        if (mustUnderstand(m)) {
            flags |= FLAG_MU;
        }
        int order = (int) m.id();
        switch (t) {
            case SequenceType s -> emitSequence(c, s, offset, flags, order, m.name(), where);
            case ArrayType a -> emitArray(c, a, offset, flags, order, m.name(), where);
            default -> {
                int code = ADR | typecode(t, 16, true, where) | flags;
                boolean hasSize = (external || m.optional()) && type(code) == VAL_EXT;
                int at = c.op(code, order, m.name());
                c.word(offset);
                operands(c, t);
                if (t instanceof StructType || t instanceof UnionType) {
                    NamedType n = (NamedType) t;
                    c.elemRef(3 + (hasSize ? 1 : 0), n.name(), at);
                    if (hasSize) {
                        c.word(layout.of(t, where).size());
                    }
                    ensure(n, where);
                }
            }
        }
    }

    private static boolean mustUnderstand(Member m) {
        return m.annotation("must_understand").map(a -> !Boolean.FALSE.equals(a.value().orElse(true))).orElse(false);
    }

    /** The operands after {@code [ADR][offset]} for types that have them: bound, enum max, bitmask bits. */
    private static void operands(Ctype c, DdsType t) {
        switch (t) {
            case StringType s when s.bounded() -> c.word(s.bound() + 1);
            case EnumType e -> c.word(enumMax(e));
            case BitmaskType b -> {
                long bits = bits(b);
                c.word(bits >>> 32);
                c.word(bits & 0xffffffffL);
            }
            default -> { }
        }
    }

    private void emitSequence(Ctype c, SequenceType s, int offset, int flags, int order, String name, String where) {
        DdsType elem = library.unalias(s.element());
        int bounded = s.bounded() ? 1 : 0;
        int code = ADR | ((s.bounded() ? VAL_BSQ : VAL_SEQ) << 16) | typecode(elem, 8, false, where + "[]") | flags;
        int at = c.op(code, order, name);
        c.word(offset);
        if (s.bounded()) {
            c.word(s.bound());
        }
        if (simple(elem)) {
            operands(c, elem);
            return;
        }
        c.word(layout.of(elem, where + "[]").size());
        if (elem instanceof NamedType n) {
            c.elemRef(4 + bounded, n.name(), at);
            ensure(n, where + "[]");
        } else {
            int couple = c.word(0);
            emitElement(c, elem, where + "[]");
            c.op(RTS);
            c.set(couple, ((c.size() - at) << 16) | (4 + bounded));
        }
    }

    private void emitArray(Ctype c, ArrayType a, int offset, int flags, int order, String name, String where) {
        long dims = a.totalElements();
        DdsType elem = library.unalias(a.element());
        while (elem instanceof ArrayType inner) {
            dims *= inner.totalElements();
            elem = library.unalias(inner.element());
        }
        int code = ADR | (VAL_ARR << 16) | typecode(elem, 8, false, where + "[]") | flags;
        int at = c.op(code, order, name);
        c.word(offset);
        c.word(dims);
        if (simple(elem)) {
            if (elem instanceof StringType st && st.bounded()) {
                c.word(0);
            }
            operands(c, elem);
            return;
        }
        int elemSize = layout.of(elem, where + "[]").size();
        if (elem instanceof NamedType n) {
            c.elemRef(5, n.name(), at);
            c.word(elemSize);
            ensure(n, where + "[]");
        } else {
            int couple = c.word(0);
            c.word(elemSize);
            emitElement(c, elem, where + "[]");
            c.op(RTS);
            c.set(couple, ((c.size() - at) << 16) | 5);
        }
    }

    /** The ops of an anonymous value at offset 0: a sequence/array element or an out-of-line union case. */
    private void emitElement(Ctype c, DdsType t, String where) {
        switch (t) {
            case SequenceType s -> emitSequence(c, s, 0, 0, 0, null, where);
            case ArrayType a -> emitArray(c, a, 0, 0, 0, null, where);
            default -> {
                c.op(ADR | typecode(t, 16, true, where));
                c.word(0);
                operands(c, t);
            }
        }
    }

    private static boolean simple(DdsType t) {
        return t instanceof PrimitiveType || t instanceof StringType || t instanceof EnumType
                || t instanceof BitmaskType;
    }

    private void emitUnion(Ctype c, UnionType u) {
        if (u.extensibility() == Extensibility.MUTABLE) {
            throw new UnsupportedTypeException(u.name(), "@mutable unions are not supported by idlc 0.10.2");
        }
        if (u.extensibility() == Extensibility.APPENDABLE) {
            c.op(DLC);
        }
        DdsType disc = library.unalias(u.discriminator());
        boolean enumDisc = disc instanceof EnumType;
        int labels = 0;
        for (UnionCase uc : u.cases()) {
            labels += uc.labels().size() + (uc.defaultCase() ? 1 : 0);
        }
        boolean hasDefault = u.defaultCase().isPresent();
        int at = c.op(ADR | (VAL_UNI << 16) | typecode(disc, 8, false, u.name() + " discriminator") | FLAG_MU
                | (hasDefault ? FLAG_DEF : 0));
        c.word(0);
        c.word(labels);
        int couple = c.word(0);
        if (enumDisc) {
            c.word(enumMax((EnumType) disc));
        }
        int jeqStart = c.size();
        for (int i = 0; i < 4 * labels; i++) {
            c.word(0);
        }
        int bodyOffset = layout.unionBodyOffset(u);
        int label = 0;
        for (UnionCase uc : u.cases()) {
            label = emitCase(c, u, uc, jeqStart, label, bodyOffset);
        }
        int rts = c.op(RTS);
        c.set(couple, ((rts - at) << 16) | (enumDisc ? 5 : 4));
    }

    /** The JEQ4 of each label of a case, and its out-of-line ops; returns the next label index. */
    private int emitCase(Ctype c, UnionType u, UnionCase uc, int jeqStart, int label, int bodyOffset) {
        Member m = uc.member();
        String where = u.name() + "." + m.name();
        DdsType t = library.unalias(m.type());
        boolean external = CLayout.isExternal(m);
        boolean unboundedString = t instanceof StringType st && !st.bounded();
        boolean aggregate = t instanceof StructType || t instanceof UnionType;
        boolean outOfLine = t instanceof ArrayType || t instanceof SequenceType || t instanceof BitmaskType
                || (t instanceof StringType s && s.bounded());
        int opcode = JEQ4 | (t instanceof ArrayType ? VAL_ARR << 16 : typecode(t, 16, false, where));
        if (external && !unboundedString) {
            opcode |= FLAG_EXT;
        }
        List<Long> values = new ArrayList<>(uc.labels());
        if (uc.defaultCase()) {
            values.add(0L);
        }
        int programStart = c.size();
        for (long value : values) {
            int jeq = jeqStart + 4 * label++;
            boolean hasSize;
            if (aggregate) {
                c.setJeqRef(jeq, opcode, ((NamedType) t).name());
                hasSize = external;
            } else {
                int code = t instanceof EnumType ? opcode : opcode & (OP_MASK | TYPE_FLAGS_MASK | TYPE_MASK);
                if (outOfLine) {
                    code |= programStart - jeq;
                }
                hasSize = external && !unboundedString
                        && (t instanceof SequenceType || (t instanceof ArrayType && !(m.type() instanceof ArrayType)));
                c.setOp(jeq, code);
            }
            c.set(jeq + 1, (int) value);
            c.set(jeq + 2, bodyOffset);
            int last = hasSize ? layout.of(t, where).size()
                    : t instanceof EnumType e && !outOfLine ? (int) enumMax(e) : 0;
            c.set(jeq + 3, last);
        }
        if (outOfLine) {
            emitElement(c, t, where);
            c.op(RTS);
        } else if (aggregate) {
            ensure((NamedType) t, where);
        }
        return label;
    }

    /** The type (shift 16) or subtype (shift 8) code of a type with its sign/float/size flags. */
    private static int typecode(DdsType t, int shift, boolean structUnionExt, String where) {
        return switch (t) {
            case ArrayType a -> VAL_ARR << shift;
            case PrimitiveType p -> switch (p) {
                case BOOLEAN -> VAL_BLN << shift;
                case OCTET, UINT8 -> VAL_1BY << shift;
                case CHAR8, INT8 -> (VAL_1BY << shift) | FLAG_SGN;
                case INT16 -> (VAL_2BY << shift) | FLAG_SGN;
                case UINT16 -> VAL_2BY << shift;
                case INT32 -> (VAL_4BY << shift) | FLAG_SGN;
                case UINT32 -> VAL_4BY << shift;
                case INT64 -> (VAL_8BY << shift) | FLAG_SGN;
                case UINT64 -> VAL_8BY << shift;
                case FLOAT32 -> (VAL_4BY << shift) | FLAG_FP;
                case FLOAT64 -> (VAL_8BY << shift) | FLAG_FP;
                case FLOAT128 -> throw new UnsupportedTypeException(where,
                        "long double is not supported by Cyclone DDS 0.10.2 (idlc: \"Long doubles are currently unsupported\")");
                case CHAR16 -> throw new UnsupportedTypeException(where, "wchar is not supported by Cyclone DDS 0.10.2");
            };
            case StringType s -> {
                if (s.wide()) {
                    throw new UnsupportedTypeException(where, "wstring is not supported by Cyclone DDS 0.10.2");
                }
                yield (s.bounded() ? VAL_BST : VAL_STR) << shift;
            }
            case SequenceType s -> (s.bounded() ? VAL_BSQ : VAL_SEQ) << shift;
            case EnumType e -> (VAL_ENU << shift) | ((e.bitBound() > 16 ? 2 : e.bitBound() > 8 ? 1 : 0) << FLAG_SZ_SHIFT);
            case BitmaskType b -> (VAL_BMK << shift) | ((b.bitBound() > 32 ? 3 : b.bitBound() > 16 ? 2
                    : b.bitBound() > 8 ? 1 : 0) << FLAG_SZ_SHIFT);
            case UnionType u -> (structUnionExt ? VAL_EXT : VAL_UNI) << shift;
            case StructType s -> (structUnionExt ? VAL_EXT : VAL_STU) << shift;
            default -> throw new UnsupportedTypeException(where, "unexpected type " + t);
        };
    }

    private static long enumMax(EnumType e) {
        long max = Long.MIN_VALUE;
        for (Enumerator en : e.enumerators()) {
            max = Math.max(max, en.value());
        }
        return max;
    }

    private static long bits(BitmaskType b) {
        long bits = 0;
        for (BitFlag f : b.flags()) {
            bits |= 1L << f.position();
        }
        return bits;
    }
}
