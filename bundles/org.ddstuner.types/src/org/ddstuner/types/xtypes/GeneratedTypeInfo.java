package org.ddstuner.types.xtypes;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * What {@link TypeObjectWriter} makes for a topic type: the XCDR2 (little endian, no encapsulation header)
 * TypeInformation and TypeMapping that go into a {@code dds_topic_descriptor_t}'s {@code type_information}
 * and {@code type_mapping}, and the type's own MINIMAL and COMPLETE identifiers.
 */
public record GeneratedTypeInfo(byte[] typeInformation, byte[] typeMapping, TypeIdentifier minimal,
        TypeIdentifier complete) {

    public GeneratedTypeInfo {
        typeInformation = typeInformation.clone();
        typeMapping = typeMapping.clone();
        Objects.requireNonNull(minimal, "minimal");
        Objects.requireNonNull(complete, "complete");
    }

    @Override
    public byte[] typeInformation() {
        return typeInformation.clone();
    }

    @Override
    public byte[] typeMapping() {
        return typeMapping.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GeneratedTypeInfo g && Arrays.equals(typeInformation, g.typeInformation)
                && Arrays.equals(typeMapping, g.typeMapping) && minimal.equals(g.minimal)
                && complete.equals(g.complete);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(typeInformation) * 31 + Arrays.hashCode(typeMapping);
    }

    @Override
    public String toString() {
        return "GeneratedTypeInfo[" + TypeIdentifier.describe(complete) + ", " + TypeIdentifier.describe(minimal)
                + ", typeInformation=" + HexFormat.of().formatHex(typeInformation) + ", typeMapping "
                + typeMapping.length + " bytes]";
    }
}
