package org.ddstuner.types.cdr;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.MemberIds;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;

/**
 * Writes structs and unions in the layout their extensibility asks for: plain members (final, and
 * appendable in XCDR1), a DHEADER first (XCDR2 appendable), a parameter list (XCDR1 mutable, PL_CDR) or a
 * DHEADER plus an EMHEADER per member (XCDR2 mutable, PL_CDR2).
 */
final class AggregateEncoder {
    static final int PID_EXTENDED = 0x3f01;
    static final int PID_LIST_END = 0x3f02;
    static final int PID_MUST_UNDERSTAND = 0x4000;
    /** The short header's I flag: the PID is implementation-specific, never a member id. */
    static final int PID_IMPL_EXTENSION = 0x8000;
    /** In the 32-bit member id word after PID_EXTENDED: must-understand (bit 30) and implementation-specific (bit 31). */
    static final long LONG_MUST_UNDERSTAND = 0x4000_0000L;
    static final long LONG_IMPL_EXTENSION = 0x8000_0000L;
    /** Short PIDs from 0x3f00 up are reserved; larger member ids need the extended header. */
    static final int PID_SHORT_MAX = 0x3eff;

    private final ValueEncoder enc;

    AggregateEncoder(ValueEncoder enc) {
        this.enc = enc;
    }

    void writeStruct(StructType s, Object value, int depth) {
        if (!(value instanceof Map<?, ?> map)) {
            throw JavaValues.mismatch(s.name(), value, "Map<String,Object>");
        }
        List<Member> members = enc.facts.allMembers(s);
        checkNoStrayKeys(s, members, map);
        boolean mutable = s.extensibility() == Extensibility.MUTABLE;
        int dheader = enc.facts.hasDheader(s.extensibility()) ? enc.out.reserve4() : -1;
        for (Member m : members) {
            Object v = map.get(m.name());
            enc.path.pushMember(m.name());
            if (v == null && !m.optional()) {
                throw enc.fail(map.containsKey(m.name()) ? "member '" + m.name() + "' of " + s.name() + " is null but not @optional"
                        : "member '" + m.name() + "' of " + s.name() + " is missing from the value");
            }
            if (mutable) {
                if (v != null) {
                    writeMutableMember(m.id(), m.mustUnderstand(), m.type(), v, depth);
                }
            } else if (m.optional()) {
                writeOptional(m, v, depth);
            } else {
                enc.write(m.type(), v, depth + 1);
            }
            enc.path.pop();
        }
        end(mutable, dheader);
    }

    private void checkNoStrayKeys(StructType s, List<Member> members, Map<?, ?> map) {
        if (map.size() <= members.size()) {
            int known = 0;
            for (Member m : members) {
                if (map.containsKey(m.name())) {
                    known++;
                }
            }
            if (known == map.size()) {
                return;
            }
        }
        for (Object k : map.keySet()) {
            if (members.stream().noneMatch(m -> m.name().equals(k))) {
                throw enc.fail(s.name() + " has no member '" + k + "'");
            }
        }
    }

    /** Optional member of a final/appendable struct: XCDR2 a boolean flag, XCDR1 a parameter header. */
    private void writeOptional(Member m, Object v, int depth) {
        if (enc.facts.xcdr2()) {
            enc.out.put1(v != null ? 1 : 0);
            if (v != null) {
                enc.write(m.type(), v, depth + 1);
            }
        } else {
            writeParameter(m.id(), m.mustUnderstand(), m.type(), v, depth);
        }
    }

    private void writeMutableMember(long id, boolean mustUnderstand, DdsType type, Object v, int depth) {
        if (enc.facts.xcdr2()) {
            writeEmheaderMember(id, mustUnderstand, type, v, depth);
        } else {
            writeParameter(id, mustUnderstand, type, v, depth);
        }
    }

    /** XCDR2: EMHEADER (M flag, length code, 28-bit id), NEXTINT when LC is 4, then the value. */
    private void writeEmheaderMember(long id, boolean mustUnderstand, DdsType type, Object v, int depth) {
        if (id < 0 || id > MemberIds.MAX_ID) {
            throw enc.fail("member id " + id + " does not fit in an EMHEADER (28 bits)");
        }
        int lc = enc.facts.lengthCode(type);
        enc.out.align(4);
        enc.out.put4((mustUnderstand ? 0x8000_0000L : 0) | ((long) lc << 28) | id);
        if (lc == TypeFacts.LC_NEXTINT) {
            int nextint = enc.out.reserve4();
            enc.write(type, v, depth + 1);
            enc.out.patch4(nextint, enc.out.position() - nextint - 4);
        } else {
            // LC 0-3 give the size; LC 5-7 reuse the value's own first uint32 (length, count or DHEADER)
            enc.write(type, v, depth + 1);
        }
    }

    /**
     * XCDR1: a parameter header (short PID + length, or PID_EXTENDED with 32-bit id and length) and the
     * value aligned from its own start; a null value writes length 0 (absent optional).
     */
    private void writeParameter(long id, boolean mustUnderstand, DdsType type, Object v, int depth) {
        byte[] body = new byte[0];
        if (v != null) {
            CdrOutput saved = enc.out;
            enc.out = new CdrOutput(saved.littleEndian(), 8);
            try {
                enc.write(type, v, depth + 1);
                body = enc.out.toByteArray();
            } finally {
                enc.out = saved;
            }
        }
        CdrOutput out = enc.out;
        out.align(4);
        if (id <= PID_SHORT_MAX && body.length <= 0xFFFF) {
            out.put2((mustUnderstand ? PID_MUST_UNDERSTAND : 0) | (int) id);
            out.put2(body.length);
        } else {
            if (id < 0 || id > MemberIds.MAX_ID) {
                throw enc.fail("member id " + id + " does not fit in 28 bits");
            }
            // as Cyclone (C and Python) and RTI write it: M always set on PID_EXTENDED itself, so a reader
            // that does not know it drops the sample instead of losing a member; the member's own
            // must-understand goes in bit 30 of the id word, where those readers look for it
            out.put2(PID_MUST_UNDERSTAND | PID_EXTENDED);
            out.put2(8);
            out.put4((mustUnderstand ? LONG_MUST_UNDERSTAND : 0) | id);
            out.put4(body.length);
        }
        out.putBytes(body);
    }

    void writeUnion(UnionType u, Object value, int depth) {
        if (!(value instanceof UnionValue uv)) {
            throw JavaValues.mismatch(u.name(), value, "UnionValue");
        }
        Optional<UnionCase> branch = u.caseFor(uv.discriminator());
        if (uv.member() != null && (branch.isEmpty() || !branch.get().member().name().equals(uv.member()))) {
            throw enc.fail("discriminator " + uv.discriminator() + " of " + u.name() + " selects "
                    + branch.map(c -> "'" + c.member().name() + "'").orElse("no branch") + ", not '" + uv.member() + "'");
        }
        boolean mutable = u.extensibility() == Extensibility.MUTABLE;
        int dheader = enc.facts.hasDheader(u.extensibility()) ? enc.out.reserve4() : -1;
        enc.path.pushMember("_d");
        Object disc = discriminatorValue(u.discriminator(), uv.discriminator());
        if (mutable) {
            writeMutableMember(0, true, u.discriminator(), disc, depth);
        } else {
            enc.write(u.discriminator(), disc, depth + 1);
        }
        enc.path.pop();
        if (branch.isPresent()) {
            Member m = branch.get().member();
            enc.path.pushMember(m.name());
            if (mutable) {
                writeMutableMember(m.id(), m.mustUnderstand(), m.type(), uv.value(), depth);
            } else {
                enc.write(m.type(), uv.value(), depth + 1);
            }
            enc.path.pop();
        }
        end(mutable, dheader);
    }

    /**
     * Closes a struct or union: XCDR1 ends a mutable one's parameter list with a sentinel; its DHEADER (if any)
     * gets the size.
     */
    private void end(boolean mutable, int dheader) {
        if (mutable && !enc.facts.xcdr2()) {
            enc.out.align(4);
            enc.out.put2(PID_LIST_END);
            enc.out.put2(0);
        }
        enc.patchDheader(dheader);
    }

    /** The discriminator number as the Java value its type expects, range-checked by the primitive writer. */
    private Object discriminatorValue(DdsType discType, long d) {
        DdsType t = enc.facts.resolve(discType);
        if (t instanceof EnumType) {
            return d;
        }
        if (t instanceof PrimitiveType p) {
            return switch (p) {
                case BOOLEAN -> {
                    if (d != 0 && d != 1) {
                        throw enc.fail("boolean discriminator must be 0 or 1, not " + d);
                    }
                    yield d == 1;
                }
                case CHAR8, CHAR16 -> {
                    if (d < 0 || d > 0xFFFF) {
                        throw enc.fail(p.idlName() + " discriminator " + d + " is not a character");
                    }
                    yield (char) d;
                }
                case UINT64 -> new java.math.BigInteger(Long.toUnsignedString(d));
                default -> d;
            };
        }
        throw enc.fail("union discriminator type " + ValueEncoder.describe(t) + " is not supported");
    }
}
