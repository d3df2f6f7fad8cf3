package org.ddstuner.types.cdr;

import java.util.List;
import java.util.Map;

import org.ddstuner.types.ArrayType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.ddstuner.types.StructType;

/**
 * The serialized key of DDS-XTypes 1.3 §7.6.8: the key members in declaration order (base first) as
 * big-endian CDR with no DHEADER or EMHEADER; a key member of struct type contributes that struct's own
 * key members, or all its members when it has none.
 */
final class KeyEncoder {
    private final ValueEncoder enc;

    KeyEncoder(ValueEncoder enc) {
        this.enc = enc;
    }

    static List<Member> keyMembers(TypeFacts facts, StructType s) {
        List<Member> all = facts.allMembers(s);
        List<Member> keys = all.stream().filter(Member::key).toList();
        return keys.isEmpty() ? all : keys;
    }

    void writeKey(StructType s, Object value, int depth) {
        if (!(value instanceof Map<?, ?> map)) {
            throw enc.fail(JavaValues.mismatch(s.name(), value, "Map<String,Object>").getMessage());
        }
        for (Member m : keyMembers(enc.facts, s)) {
            Object v = map.get(m.name());
            enc.path.pushMember(m.name());
            if (v == null) {
                throw enc.fail("key member '" + m.name() + "' of " + s.name() + " has no value");
            }
            if (enc.facts.resolve(m.type()) instanceof StructType nested) {
                writeKey(nested, v, depth + 1);
            } else {
                enc.write(m.type(), v, depth + 1);
            }
            enc.path.pop();
        }
    }

    /**
     * Whether every key serializes to the same number of bytes (no strings, sequences, unions or optional
     * parts anywhere in it): only then may a key of at most 16 bytes be used as the key hash unhashed.
     */
    static boolean fixedSize(TypeFacts facts, StructType s, int depth) {
        if (depth > 64) {
            return false;
        }
        for (Member m : keyMembers(facts, s)) {
            if (m.optional() || !fixedType(facts, m.type(), depth)) {
                return false;
            }
        }
        return true;
    }

    private static boolean fixedType(TypeFacts facts, DdsType type, int depth) {
        DdsType t = facts.resolve(type);
        return switch (t) {
            case PrimitiveType p -> true;
            case ArrayType a -> !(facts.resolve(a.element()) instanceof StructType) && fixedType(facts, a.element(), depth + 1);
            case StructType s -> fixedSize(facts, s, depth + 1);
            default -> facts.simpleSize(t) > 0;
        };
    }
}
