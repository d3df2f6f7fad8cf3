package org.ddstuner.types.cyclone;

import static org.ddstuner.types.cyclone.Opcodes.FLAG_BASE;
import static org.ddstuner.types.cyclone.Opcodes.OP_MASK;
import static org.ddstuner.types.cyclone.Opcodes.PLM;
import static org.ddstuner.types.cyclone.Opcodes.TYPE_FLAGS_MASK;
import static org.ddstuner.types.cyclone.Opcodes.TYPE_MASK;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.NamedType;

/**
 * The ops of one descriptor as idlc builds them: one instruction list per constructed type ("ctype"), in
 * the order the types were first reached, with jumps between ctypes kept symbolic until every ctype's start
 * is known.
 */
final class OpsProgram {

    enum Kind {
        /** An instruction word (ADR, JEQ4, RTS, DLC, PLC): counted in 0.10.2's {@code m_nops}. */
        OP,
        /** An operand word (offset, bound, size, label, PLM…): not counted. */
        WORD,
        /** {@code (high << 16) + offset of target ctype relative to the instruction at {@code at}}. */
        ELEM_REF,
        /** A JEQ4 to a struct/union ctype: counted like idlc counts it. */
        JEQ_REF,
        /** A PLM with FLAG_BASE jumping to the base type's PLC. */
        BASE_PLM
    }

    /** One 32-bit word before jumps are resolved. */
    static final class Insn {
        final Kind kind;
        int value;
        final int order;
        final String name;
        final String target;
        final int at;

        Insn(Kind kind, int value, int order, String name, String target, int at) {
            this.kind = kind;
            this.value = value;
            this.order = order;
            this.name = name;
            this.target = target;
            this.at = at;
        }
    }

    /** The instructions of one struct or union. */
    static final class Ctype {
        final NamedType type;
        final List<Insn> insns = new ArrayList<>();
        boolean hasKeyMember;
        boolean complete;
        int start;

        Ctype(NamedType type) {
            this.type = type;
        }

        int size() {
            return insns.size();
        }

        /** An instruction; {@code order} (member id) and {@code name} (member name) serve the key table. */
        int op(int code, int order, String name) {
            insns.add(new Insn(Kind.OP, code, order, name, null, -1));
            return insns.size() - 1;
        }

        int op(int code) {
            return op(code, 0, null);
        }

        int word(long value) {
            insns.add(new Insn(Kind.WORD, (int) value, 0, null, null, -1));
            return insns.size() - 1;
        }

        void set(int index, int value) {
            insns.get(index).value = value;
        }

        void setOp(int index, int code) {
            insns.set(index, new Insn(Kind.OP, code, 0, null, null, -1));
        }

        void elemRef(int high, String target, int at) {
            insns.add(new Insn(Kind.ELEM_REF, high, 0, null, target, at));
        }

        void setJeqRef(int index, int opcode, String target) {
            insns.set(index, new Insn(Kind.JEQ_REF, opcode, 0, null, target, index));
        }

        void setBasePlm(int index, String target) {
            insns.set(index, new Insn(Kind.BASE_PLM, 0, 0, null, target, index));
        }
    }

    final Map<String, Ctype> ctypes = new LinkedHashMap<>();

    /** Assigns each ctype its start index; returns the total word count. */
    int layOut() {
        int offset = 0;
        for (Ctype c : ctypes.values()) {
            c.start = offset;
            offset += c.size();
        }
        return offset;
    }

    /** Every ctype's words with jumps resolved, in ctype order (call {@link #layOut()} first). */
    List<Integer> words(String topType) {
        List<Integer> out = new ArrayList<>();
        for (Ctype c : ctypes.values()) {
            for (Insn i : c.insns) {
                out.add(switch (i.kind) {
                    case OP, WORD -> i.value;
                    case ELEM_REF -> (i.value << 16) | relative(c, i, topType);
                    case JEQ_REF -> (i.value & (OP_MASK | TYPE_FLAGS_MASK | TYPE_MASK)) | relative(c, i, topType);
                    case BASE_PLM -> PLM | (FLAG_BASE << 16) | relative(c, i, topType);
                });
            }
        }
        return out;
    }

    /** The number of instructions as 0.10.2 idlc counts them for {@code m_nops}. */
    int instructionCount() {
        int n = 0;
        for (Ctype c : ctypes.values()) {
            for (Insn i : c.insns) {
                if (i.kind == Kind.OP || i.kind == Kind.JEQ_REF) {
                    n++;
                }
            }
        }
        return n;
    }

    private int relative(Ctype from, Insn i, String topType) {
        int rel = ctypes.get(i.target).start - (from.start + i.at);
        if (rel < Short.MIN_VALUE || rel > Short.MAX_VALUE) {
            throw new UnsupportedTypeException(topType, "the ops program is too large: a jump of " + rel
                    + " does not fit in 16 bits");
        }
        return rel & 0xffff;
    }
}
