package org.ddstuner.dds;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.internal.StructCodec;
import org.ddstuner.dds.internal.StructDescriptor;

/**
 * A flat IDL struct defined at run time (we have no IDL compiler at run time): members of the
 * {@link MemberKind primitive kinds} and unbounded strings, each optionally a key, and (not as keys)
 * bounded or unbounded {@code sequence<octet>}. Builds the same
 * {@code dds_topic_descriptor_t} idlc would generate for the equivalent {@code @final} struct (ops, keys,
 * size, alignment, flags) and converts samples between {@code Map<String,Object>} and the C layout.
 *
 * <pre>{@code
 * StructType t = StructType.builder("demo::SensorReading")
 *         .key("sensor_id", MemberKind.STRING)
 *         .member("value", MemberKind.FLOAT64)
 *         .build();
 * }</pre>
 *
 * The descriptor lives as long as this object; topics keep a reference to their type.
 */
public final class StructType {

    /**
     * One member: name, kind, key flag, its byte offset in the C struct and, for a bounded sequence, its
     * bound (0 = unbounded or not a sequence).
     */
    public record Member(String name, MemberKind kind, boolean key, int offset, int bound) {

        public Member(String name, MemberKind kind, boolean key, int offset) {
            this(name, kind, key, offset, 0);
        }

        /** The IDL spelling of the member's type, e.g. {@code sequence<octet, 100>}. */
        public String idlType() {
            return kind == MemberKind.OCTET_SEQUENCE && bound > 0 ? "sequence<octet, " + bound + ">" : kind.idl();
        }
    }

    private final String typeName;
    private final List<Member> members;
    private final StructDescriptor descriptor;
    private final StructCodec codec;

    private StructType(String typeName, List<Member> members, byte[] typeInformation, byte[] typeMapping) {
        this.typeName = typeName;
        this.members = List.copyOf(members);
        this.descriptor = new StructDescriptor(typeName, this.members, DdsLibrary.get().features().wordCountedOps(),
                typeInformation, typeMapping);
        this.codec = new StructCodec(this.members, descriptor.size());
    }

    public static Builder builder(String typeName) {
        return new Builder(typeName);
    }

    /** The IDL scoped name, e.g. {@code demo::SensorReading}. */
    public String typeName() {
        return typeName;
    }

    public List<Member> members() {
        return members;
    }

    public List<Member> keys() {
        return members.stream().filter(Member::key).toList();
    }

    /** sizeof the C struct. */
    public int size() {
        return descriptor.size();
    }

    /** alignof the C struct. */
    public int alignment() {
        return descriptor.alignment();
    }

    /** The ops words as written into the descriptor (for tests and for comparing with idlc). */
    public int[] ops() {
        return descriptor.ops();
    }

    /** m_flagset of the descriptor. */
    public int flags() {
        return descriptor.flags();
    }

    /** m_nops as written for the loaded libddsc version. */
    public int nops() {
        return descriptor.nops();
    }

    /** The IDL text of this type, for display and for checking against idlc. */
    public String toIdl() {
        StringBuilder sb = new StringBuilder();
        String[] scopes = typeName.split("::");
        for (int i = 0; i < scopes.length - 1; i++) {
            sb.append("module ").append(scopes[i]).append(" { ");
        }
        sb.append("@final struct ").append(scopes[scopes.length - 1]).append(" {");
        for (Member m : members) {
            sb.append(' ').append(m.key() ? "@key " : "").append(m.idlType()).append(' ').append(m.name()).append(';');
        }
        sb.append(" };");
        for (int i = 0; i < scopes.length - 1; i++) {
            sb.append(" };");
        }
        return sb.toString();
    }

    MemorySegment nativeDescriptor() {
        return descriptor.segment();
    }

    StructCodec codec() {
        return codec;
    }

    /** Index of member {@code name} in {@link #members()}, for the allocation-free accessors of {@link SampleBuffer}. */
    public int indexOf(String name) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no member '" + name + "' in " + typeName);
    }


    @Override
    public String toString() {
        return toIdl();
    }

    /** Collects members in declaration order (which is also the order of fields in the C struct). */
    public static final class Builder {
        private final String typeName;
        private final List<Object[]> pending = new ArrayList<>();
        private final Set<String> names = new HashSet<>();
        private byte[] typeInformation = new byte[0];
        private byte[] typeMapping = new byte[0];

        private Builder(String typeName) {
            if (typeName == null || !typeName.matches("[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*")) {
                throw new IllegalArgumentException("not an IDL type name (e.g. demo::SensorReading): " + typeName);
            }
            this.typeName = typeName;
        }

        public Builder member(String name, MemberKind kind) {
            return add(name, kind, false);
        }

        public Builder key(String name, MemberKind kind) {
            return add(name, kind, true);
        }

        /** An unbounded {@code sequence<octet>} member. */
        public Builder octetSequence(String name) {
            return octetSequence(name, 0);
        }

        /** A {@code sequence<octet, bound>} member ({@code bound} 0 means unbounded). */
        public Builder octetSequence(String name, int bound) {
            if (bound < 0) {
                throw new IllegalArgumentException("member " + name + ": a sequence bound cannot be negative: " + bound);
            }
            add(name, MemberKind.OCTET_SEQUENCE, false);
            pending.get(pending.size() - 1)[3] = bound;
            return this;
        }

        public Builder add(String name, MemberKind kind, boolean key) {
            if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("not an IDL member name: " + name);
            }
            if (kind == null) {
                throw new IllegalArgumentException("member " + name + " has no kind");
            }
            if (key && kind == MemberKind.OCTET_SEQUENCE) {
                throw new IllegalArgumentException("member " + name + ": a sequence cannot be a key here");
            }
            if (!names.add(name)) {
                throw new IllegalArgumentException("member " + name + " is declared twice in " + typeName);
            }
            pending.add(new Object[] { name, kind, key, 0 });
            return this;
        }

        /**
         * XTypes type information for the descriptor (as idlc's {@code TYPE_INFO_CDR_*} and
         * {@code TYPE_MAP_CDR_*} bytes for the equivalent IDL, see {@link #toIdl()}): remote participants
         * can then learn the type over the wire ({@link TypeLearner}) and match by type identifier. Both
         * empty (the default) means none: endpoints match by type name. The bytes are not checked
         * against the members: they must describe the same type.
         */
        public Builder typeInformation(byte[] typeInformation, byte[] typeMapping) {
            if (typeInformation == null || typeMapping == null
                    || (typeInformation.length == 0) != (typeMapping.length == 0)) {
                throw new IllegalArgumentException(typeName + ": type information and type mapping go together "
                        + "(both non-empty, or both empty for none)");
            }
            this.typeInformation = typeInformation.clone();
            this.typeMapping = typeMapping.clone();
            return this;
        }

        public StructType build() {
            if (pending.isEmpty()) {
                throw new IllegalArgumentException(typeName + " has no members (IDL structs need at least one)");
            }
            List<Member> members = new ArrayList<>();
            int offset = 0;
            for (Object[] p : pending) {
                MemberKind k = (MemberKind) p[1];
                offset = (offset + k.alignment() - 1) / k.alignment() * k.alignment();
                members.add(new Member((String) p[0], k, (Boolean) p[2], offset, (Integer) p[3]));
                offset += k.size();
            }
            return new StructType(typeName, members, typeInformation, typeMapping);
        }
    }
}
