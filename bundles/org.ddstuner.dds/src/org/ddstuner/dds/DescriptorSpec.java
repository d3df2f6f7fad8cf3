package org.ddstuner.dds;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.dds.internal.NativeConstants;
import org.ddstuner.dds.internal.OpsWalker;

/**
 * Everything a {@code dds_topic_descriptor_t} holds, as plain values, so a type can be described at run
 * time (from a type library, a saved file, another tool) and turned into a topic with
 * {@link TopicDescriptor#fromSpec}. The values are those idlc 0.10.2 writes into its generated {@code .c}
 * file for the type: {@code m_size}, {@code m_align}, {@code m_flagset}, the {@code m_ops} words (the
 * type's ops, then the {@code KOF} key ops), and {@code m_keys}. The binding sets {@code m_nops} itself
 * the way the loaded libddsc wants it.
 *
 * <p>Validation here is cheap and structural (sizes, the ops end of the type, key indices); the ops
 * themselves are trusted, as libddsc trusts idlc's output: wrong ops make libddsc misbehave.
 *
 * @param typeName        the scoped IDL name, e.g. {@code demo::Shape}
 * @param size            {@code sizeof} the C struct
 * @param align           its alignment (1, 2, 4 or 8)
 * @param flags           {@code m_flagset}; {@code DDS_TOPIC_XTYPES_METADATA} (0x40) is set or cleared by the
 *                        binding according to whether type information is given
 * @param ops             the ops words; the type's ops end in {@code DDS_OP_RTS} (0), key ops may follow
 * @param keys            the key descriptors in declaration order (empty for a keyless type)
 * @param typeInformation XTypes TypeInformation (XCDR2 LE, as idlc's {@code TYPE_INFO_CDR_*}), or empty
 * @param typeMapping     XTypes TypeMapping (as idlc's {@code TYPE_MAP_CDR_*}); empty exactly when
 *                        {@code typeInformation} is empty. Without type information, readers and writers
 *                        match by type name only.
 */
public record DescriptorSpec(String typeName, int size, int align, int flags, int[] ops, List<Key> keys,
        byte[] typeInformation, byte[] typeMapping) {

    /**
     * One {@code dds_key_descriptor_t}.
     *
     * @param name    the key member's name ({@code m_name})
     * @param opIndex index in {@code ops} of the key's {@code KOF} op (or of its {@code ADR}) ({@code m_offset})
     * @param index   the key's position in declaration order ({@code m_idx})
     */
    public record Key(String name, int opIndex, int index) {
        public Key {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a key needs a member name");
            }
        }
    }

    /** The largest sample size accepted (a sanity bound: C structs of idlc types are far smaller). */
    static final int MAX_SIZE = 1 << 24;

    public DescriptorSpec {
        if (typeName == null || typeName.isBlank()) {
            throw new IllegalArgumentException("a descriptor needs a type name");
        }
        if (size <= 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException(typeName + ": sample size " + size + " is not in 1.." + MAX_SIZE);
        }
        if (align != 1 && align != 2 && align != 4 && align != 8) {
            throw new IllegalArgumentException(typeName + ": alignment " + align + " is not 1, 2, 4 or 8");
        }
        if (size % align != 0) {
            throw new IllegalArgumentException(typeName + ": size " + size + " is not a multiple of the alignment " + align);
        }
        if (ops == null || ops.length == 0) {
            throw new IllegalArgumentException(typeName + ": ops are empty (the smallest type is just DDS_OP_RTS)");
        }
        ops = ops.clone();
        int rts = firstRts(ops);
        if (rts < 0) {
            throw new IllegalArgumentException(typeName + ": ops do not end the type with DDS_OP_RTS (0)");
        }
        keys = keys == null ? List.of() : List.copyOf(keys);
        Set<Integer> indices = new HashSet<>();
        for (Key k : keys) {
            if (k.opIndex() < 0 || k.opIndex() >= ops.length) {
                throw new IllegalArgumentException(typeName + ": key " + k.name() + " has op index " + k.opIndex()
                        + " outside the " + ops.length + " ops");
            }
            int op = ops[k.opIndex()] & NativeConstants.DDS_OP_MASK;
            if (op != NativeConstants.DDS_OP_KOF && op != NativeConstants.DDS_OP_ADR) {
                throw new IllegalArgumentException(typeName + ": key " + k.name() + " points at op " + k.opIndex()
                        + String.format(" (0x%08x), which is neither DDS_OP_KOF nor DDS_OP_ADR", ops[k.opIndex()]));
            }
            if (op == NativeConstants.DDS_OP_KOF) {
                int n = ops[k.opIndex()] & 0xffff;
                if (n == 0 || k.opIndex() + n >= ops.length) {
                    throw new IllegalArgumentException(typeName + ": key " + k.name() + ": its KOF op at " + k.opIndex()
                            + " lists " + n + " offsets, beyond the end of the ops");
                }
                for (int i = 1; i <= n; i++) {
                    if (ops[k.opIndex() + i] < 0 || ops[k.opIndex() + i] >= ops.length) {
                        throw new IllegalArgumentException(typeName + ": key " + k.name() + ": KOF offset "
                                + ops[k.opIndex() + i] + " is outside the ops");
                    }
                }
            }
            if (k.index() < 0 || k.index() >= keys.size() || !indices.add(k.index())) {
                throw new IllegalArgumentException(typeName + ": key " + k.name() + " has index " + k.index()
                        + "; the indices must be 0.." + (keys.size() - 1) + ", each once");
            }
        }
        typeInformation = typeInformation == null ? new byte[0] : typeInformation.clone();
        typeMapping = typeMapping == null ? new byte[0] : typeMapping.clone();
        if ((typeInformation.length == 0) != (typeMapping.length == 0)) {
            throw new IllegalArgumentException(typeName + ": type information and type mapping go together (one is "
                    + "empty, the other has " + Math.max(typeInformation.length, typeMapping.length) + " bytes)");
        }
    }

    /** Index of the type's closing {@code DDS_OP_RTS}, walking instructions (an offset word may be 0 too). */
    private static int firstRts(int[] ops) {
        return OpsWalker.endOfType(ops, 0);
    }

    @Override
    public int[] ops() {
        return ops.clone();
    }

    @Override
    public byte[] typeInformation() {
        return typeInformation.clone();
    }

    @Override
    public byte[] typeMapping() {
        return typeMapping.clone();
    }

    /** Whether the descriptor carries XTypes type information. */
    public boolean hasTypeInformation() {
        return typeInformation.length > 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DescriptorSpec d && typeName.equals(d.typeName) && size == d.size && align == d.align
                && flags == d.flags && Arrays.equals(ops, d.ops) && keys.equals(d.keys)
                && Arrays.equals(typeInformation, d.typeInformation)
                && Arrays.equals(typeMapping, d.typeMapping);
    }

    @Override
    public int hashCode() {
        return typeName.hashCode() * 31 + Arrays.hashCode(ops);
    }

    @Override
    public String toString() {
        return "DescriptorSpec[" + typeName + ", size " + size + ", align " + align + ", flags 0x"
                + Integer.toHexString(flags) + ", " + ops.length + " op words, " + keys.size() + " keys, "
                + typeInformation.length + "+" + typeMapping.length + " bytes of type information]";
    }
}
