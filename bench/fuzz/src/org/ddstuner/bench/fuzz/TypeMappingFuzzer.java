package org.ddstuner.bench.fuzz;

import java.util.Arrays;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * Jazzer target for {@link TypeObjectReader#readTypeMapping(byte[], boolean)} (a topic descriptor's
 * type_mapping, what TypeLearning and TypeResolver get from a remote participant) followed by
 * {@link TypeObjectConverter#toLibrary} and {@link TypeObjectConverter#typeName} for every COMPLETE
 * identifier it holds: bit 0 of byte 0 picks big endian, the rest is the XCDR2 data.
 */
public final class TypeMappingFuzzer {
    private TypeMappingFuzzer() {
    }

    public static void fuzzerTestOneInput(byte[] input) {
        if (input.length < 1) {
            return;
        }
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        TypeMapping mapping;
        try {
            mapping = TypeObjectReader.readTypeMapping(data, (input[0] & 1) != 0);
        } catch (XTypesFormatException e) {
            XTypesOracle.readerError(e, data.length);
            return;
        }
        convert(mapping);
    }

    static TypeLibrary convert(TypeMapping mapping) {
        for (TypeMapping.Pair p : mapping.complete()) {
            try {
                TypeObjectConverter.typeName(new TypeInformation(null, new TypeInformation.WithDependencies(
                        new TypeInformation.WithSize(p.id(), 0), 0, java.util.List.of())), mapping);
            } catch (XTypesFormatException e) {
                XTypesOracle.converterError(e);
            }
        }
        try {
            return TypeObjectConverter.toLibrary(mapping);
        } catch (XTypesFormatException e) {
            XTypesOracle.converterError(e);
            return null;
        }
    }
}
