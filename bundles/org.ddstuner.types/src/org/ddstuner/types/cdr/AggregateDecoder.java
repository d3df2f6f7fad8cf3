package org.ddstuner.types.cdr;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.DefaultValues;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Extensibility;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.UnionCase;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.UnionValue;

/** Reads structs and unions in every extensibility layout (see {@link AggregateEncoder}). */
final class AggregateDecoder {
    /** A member missing from older data gets its default only if that default is not absurdly large. */
    private static final long MAX_DEFAULT_BYTES = 1 << 20;
    private static final int PID_IGNORE = 0x3f03;

    private final ValueDecoder dec;
    private final CdrInput in;
    private final Map<StructType, Map<Long, Member>> byId = new HashMap<>();

    AggregateDecoder(ValueDecoder dec) {
        this.dec = dec;
        this.in = dec.in;
    }

    Map<String, Object> readStruct(StructType s, int depth) {
        List<Member> members = dec.facts.allMembers(s);
        boolean dheader = dec.facts.hasDheader(s.extensibility());
        int outer = dheader ? dec.enterDheader(s.name()) : -1;
        Map<String, Object> out = new LinkedHashMap<>();
        if (s.extensibility() == Extensibility.MUTABLE) {
            readMutableMembers(s, members, out, depth);
        } else {
            for (Member m : members) {
                dec.path.pushMember(m.name());
                if (dheader && in.remaining() == 0) {
                    out.put(m.name(), missing(m, "not in the data (shorter appendable type); default used"));
                } else if (m.optional()) {
                    out.put(m.name(), readOptional(m, depth));
                } else {
                    out.put(m.name(), dec.read(m.type(), depth + 1));
                }
                dec.path.pop();
            }
        }
        if (dheader) {
            dec.leaveDheader(outer, s.name());
        }
        return out;
    }

    private Object missing(Member m, String detail) {
        dec.note(DecodeNote.Kind.MISSING_MEMBER, in.position(), detail);
        if (m.optional()) {
            return null;
        }
        if (dec.facts.minSize(m.type()) > MAX_DEFAULT_BYTES) {
            throw in.error("member is missing and its default value would be too large to make");
        }
        try {
            return DefaultValues.of(dec.facts.library, m.type());
        } catch (IllegalArgumentException e) {
            throw in.error("member is missing and it has no default value: " + e.getMessage());
        }
    }

    private Object readOptional(Member m, int depth) {
        if (dec.facts.xcdr2()) {
            int at = in.position();
            int flag = in.get1("optional presence flag");
            if (flag > 1) {
                throw in.error(at, "expected optional presence flag 0 or 1, found " + flag);
            }
            return flag == 1 ? dec.read(m.type(), depth + 1) : null;
        }
        Parameter p = readParameterHeader();
        if (p == null) {
            throw in.error("expected the parameter header of optional member '" + m.name() + "', found the end of the data");
        }
        if (p.end) {
            throw in.error(p.at, "expected the parameter header of optional member '" + m.name() + "', found PID_LIST_END");
        }
        return p.length == 0 ? null : readInParameter(p, m.type(), depth);
    }

    private void readMutableMembers(StructType s, List<Member> members, Map<String, Object> out, int depth) {
        Map<Long, Member> ids = byId.computeIfAbsent(s, k -> {
            Map<Long, Member> m = new HashMap<>();
            members.forEach(x -> m.putIfAbsent(x.id(), x));
            return m;
        });
        Map<String, Object> found = new HashMap<>();
        while (true) {
            Parameter p = dec.facts.xcdr2() ? readEmheader() : readParameterHeader();
            if (p == null || p.end) {
                break;
            }
            Member m = ids.get(p.id);
            if (m == null) {
                dec.note(DecodeNote.Kind.UNKNOWN_MEMBER, p.at, "member id " + p.id + " (" + p.length + " bytes"
                        + (p.mustUnderstand ? ", must-understand" : "") + ") is not in " + s.name() + "; skipped");
                in.seek(p.valueStart + (int) p.length);
                continue;
            }
            dec.path.pushMember(m.name());
            found.put(m.name(), readInParameter(p, m.type(), depth));
            dec.path.pop();
        }
        for (Member m : members) {
            if (found.containsKey(m.name())) {
                out.put(m.name(), found.get(m.name()));
            } else {
                dec.path.pushMember(m.name());
                out.put(m.name(), m.optional() ? null : missing(m, "not in the mutable data; default used"));
                dec.path.pop();
            }
        }
    }

    /** Where a member's bytes are and what the header said. */
    private record Parameter(int at, long id, boolean mustUnderstand, int valueStart, long length, boolean end) {
    }

    /** XCDR2 EMHEADER (+NEXTINT); null when the DHEADER region is used up. */
    private Parameter readEmheader() {
        if (in.remaining() <= in.padding(4)) {
            return null;
        }
        in.align(4);
        int at = in.position();
        long h = in.get4("EMHEADER");
        boolean mu = (h & 0x8000_0000L) != 0;
        int lc = (int) (h >>> 28) & 7;
        long id = h & 0x0FFF_FFFFL;
        long length = switch (lc) {
            case 0, 1, 2, 3 -> 1L << lc;
            case 4 -> in.get4("NEXTINT");
            case 5 -> 4 + in.peek4("NEXTINT");
            case 6 -> 4 + 4 * in.peek4("NEXTINT");
            default -> 4 + 8 * in.peek4("NEXTINT");
        };
        if (length > in.remaining()) {
            throw in.error(at, "member id " + id + " says " + length + " bytes, only " + in.remaining() + " left");
        }
        return new Parameter(at, id, mu, in.position(), length, false);
    }

    /** XCDR1 parameter header: short PID/length, PID_EXTENDED, PID_LIST_END; reserved PIDs are skipped. */
    private Parameter readParameterHeader() {
        while (true) {
            if (in.remaining() <= in.padding(4)) {
                return null; // a list cut short at the end of the data ends there
            }
            in.align(4);
            int at = in.position();
            int raw = in.get2("parameter id");
            int length = in.get2("parameter length");
            // the I flag stays in: an implementation-specific PID is above PID_SHORT_MAX, so skipped below
            int pid = raw & (0x3fff | AggregateEncoder.PID_IMPL_EXTENSION);
            boolean mu = (raw & AggregateEncoder.PID_MUST_UNDERSTAND) != 0;
            if (pid == AggregateEncoder.PID_LIST_END) {
                return new Parameter(at, pid, mu, in.position(), 0, true);
            }
            if (pid == AggregateEncoder.PID_EXTENDED) {
                if (length != 8) {
                    throw in.error(at, "PID_EXTENDED must have length 8, found " + length);
                }
                long word = in.get4("extended member id");
                // M on PID_EXTENDED itself is about that header (Cyclone and RTI always set it); the member's
                // must-understand is bit 30. An implementation-specific id (bit 31) keeps that bit, so it
                // matches no member and is skipped as unknown.
                long id = word & (0x0FFF_FFFFL | AggregateEncoder.LONG_IMPL_EXTENSION);
                boolean memberMu = (word & AggregateEncoder.LONG_MUST_UNDERSTAND) != 0;
                long extLength = in.get4("extended parameter length");
                if (extLength > in.remaining()) {
                    throw in.error(at, "member id " + id + " says " + extLength + " bytes, only " + in.remaining() + " left");
                }
                return new Parameter(at, id, memberMu, in.position(), extLength, false);
            }
            if (length > in.remaining()) {
                throw in.error(at, "parameter " + pid + " says " + length + " bytes, only " + in.remaining() + " left");
            }
            if (pid > AggregateEncoder.PID_SHORT_MAX || pid == PID_IGNORE) {
                in.seek(in.position() + length);
                in.align(4);
                continue;
            }
            return new Parameter(at, pid, mu, in.position(), length, false);
        }
    }

    /** Decodes a value confined to its parameter's bytes; XCDR1 aligns it from the parameter's start. */
    private Object readInParameter(Parameter p, DdsType type, int depth) {
        int end = p.valueStart + (int) p.length;
        int outerLimit = in.setLimit(end);
        int outerOrigin = in.origin();
        if (!dec.facts.xcdr2()) {
            in.setOrigin(p.valueStart);
        }
        Object v = dec.read(type, depth + 1);
        in.seek(end);
        in.setLimit(outerLimit);
        in.setOrigin(outerOrigin);
        return v;
    }

    UnionValue readUnion(UnionType u, int depth) {
        boolean dheader = dec.facts.hasDheader(u.extensibility());
        int outer = dheader ? dec.enterDheader(u.name()) : -1;
        UnionValue result;
        if (u.extensibility() == Extensibility.MUTABLE) {
            result = readMutableUnion(u, depth);
        } else {
            dec.path.pushMember("_d");
            long d = readDiscriminator(u.discriminator());
            dec.path.pop();
            Optional<UnionCase> c = u.caseFor(d);
            if (c.isEmpty()) {
                result = new UnionValue(d, null, null);
            } else {
                Member m = c.get().member();
                dec.path.pushMember(m.name());
                result = new UnionValue(d, m.name(), dec.read(m.type(), depth + 1));
                dec.path.pop();
            }
        }
        if (dheader) {
            dec.leaveDheader(outer, u.name());
        }
        return result;
    }

    private UnionValue readMutableUnion(UnionType u, int depth) {
        Parameter p = dec.facts.xcdr2() ? readEmheader() : readParameterHeader();
        if (p == null || p.end || p.id != 0) {
            throw in.error("expected the discriminator (member id 0) of " + u.name());
        }
        int end = p.valueStart + (int) p.length;
        int outerLimit = in.setLimit(end);
        int outerOrigin = in.origin();
        if (!dec.facts.xcdr2()) {
            in.setOrigin(p.valueStart);
        }
        long d = readDiscriminator(u.discriminator());
        in.seek(end);
        in.setLimit(outerLimit);
        in.setOrigin(outerOrigin);
        Optional<UnionCase> c = u.caseFor(d);
        Object value = null;
        while (true) {
            Parameter q = dec.facts.xcdr2() ? readEmheader() : readParameterHeader();
            if (q == null || q.end) {
                break;
            }
            if (c.isPresent() && q.id == c.get().member().id() && value == null) {
                dec.path.pushMember(c.get().member().name());
                value = readInParameter(q, c.get().member().type(), depth);
                dec.path.pop();
            } else {
                dec.note(DecodeNote.Kind.UNKNOWN_MEMBER, q.at, "member id " + q.id + " is not the selected branch of "
                        + u.name() + "; skipped");
                in.seek(q.valueStart + (int) q.length);
            }
        }
        if (c.isEmpty()) {
            return new UnionValue(d, null, null);
        }
        if (value == null) {
            throw in.error("union " + u.name() + " has discriminator " + d + " but no value for '" + c.get().member().name() + "'");
        }
        return new UnionValue(d, c.get().member().name(), value);
    }

    /** The discriminator as a number (enumerator value, character code, 0/1, or the integer). */
    private long readDiscriminator(DdsType discType) {
        DdsType t = dec.facts.resolve(discType);
        if (t instanceof EnumType e) {
            return dec.readSized(TypeFacts.enumSize(e), "enum discriminator");
        }
        if (t instanceof PrimitiveType p && p != PrimitiveType.FLOAT32 && p != PrimitiveType.FLOAT64
                && p != PrimitiveType.FLOAT128) {
            Object v = dec.readPrimitive(p);
            return switch (v) {
                case Boolean b -> b ? 1 : 0;
                case Character ch -> ch;
                case java.math.BigInteger b -> b.longValue();
                default -> ((Number) v).longValue();
            };
        }
        throw in.error("union discriminator type " + ValueEncoder.describe(t) + " is not supported");
    }
}
