package org.ddstuner.samples.internal;

import java.util.List;

import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeObjectWriter;

/**
 * Native topic descriptors made from a type model: Cyclone ops (idlc's, from {@link OpsGenerator}) plus
 * XTypes TypeInformation/TypeMapping (from {@link TypeObjectWriter}), so foreign peers can resolve the
 * type from our endpoints and Cyclone checks assignability with theirs.
 */
public final class Descriptors {

    private Descriptors() {
    }

    /**
     * A descriptor and, when the type objects could not be generated (the descriptor then carries none and
     * matches by type name only), why.
     */
    public record Made(TopicDescriptor descriptor, String typeInfoProblem) {
    }

    /**
     * The descriptor of {@code typeName} in {@code library}.
     *
     * @throws RuntimeException (e.g. IllegalArgumentException) when the Cyclone ops cannot be generated
     */
    public static Made fromModel(TypeLibrary library, String typeName) {
        return fromModel(library, typeName, null);
    }

    /**
     * The descriptor of {@code typeName} in {@code library}; without type information when {@code noTypeInfo}
     * says why (then endpoints on it match by type name only and libddsc never asks a peer for its type).
     */
    public static Made fromModel(TypeLibrary library, String typeName, String noTypeInfo) {
        CycloneDescriptor c = OpsGenerator.generate(library, typeName);
        byte[] info = new byte[0];
        byte[] mapping = new byte[0];
        String problem = noTypeInfo;
        int flags = c.flags();
        if (noTypeInfo != null) {
            flags = c.flagsWithoutTypeInformation();
        } else {
            try {
                GeneratedTypeInfo g = TypeObjectWriter.generate(library, typeName);
                info = g.typeInformation();
                mapping = g.typeMapping();
            } catch (RuntimeException e) {
                problem = "no XTypes type information for " + typeName + ": " + e.getMessage();
                // without type objects libddsc must not look for them
                flags = c.flagsWithoutTypeInformation();
            }
        }
        return new Made(TopicDescriptor.fromSpec(spec(c, flags, info, mapping)), problem);
    }

    /**
     * The XCDR1 view of {@code typeName} for libddsc: ops of {@link TypeTraits#finalView} (no {@code DLC}, so
     * libddsc allows XCDR1 and parses XCDR1 data of the {@code @appendable} type, which is laid out like a
     * {@code @final} one), with the type information of {@code real} (the real type's, so peers and
     * Cyclone's matching see the appendable type). Only for types without a {@link TypeTraits#xcdr1Blocker}.
     */
    public static TopicDescriptor xcdr1View(TypeLibrary library, String typeName, TopicDescriptor real) {
        CycloneDescriptor c = OpsGenerator.generate(TypeTraits.finalView(library), typeName);
        byte[] info = real.typeInformation();
        byte[] mapping = real.typeMapping();
        int flags = info.length == 0 ? c.flagsWithoutTypeInformation() : c.flags();
        return TopicDescriptor.fromSpec(spec(c, flags, info, mapping));
    }

    private static DescriptorSpec spec(CycloneDescriptor c, int flags, byte[] info, byte[] mapping) {
        List<DescriptorSpec.Key> keys = c.keys().stream()
                .map(k -> new DescriptorSpec.Key(k.name(), k.opIndex(), k.index())).toList();
        return new DescriptorSpec(c.typeName(), c.size(), c.align(), flags, c.ops(), keys, info, mapping);
    }
}
