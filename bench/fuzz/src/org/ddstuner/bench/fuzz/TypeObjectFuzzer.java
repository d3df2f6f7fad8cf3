package org.ddstuner.bench.fuzz;

import java.util.List;

import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeKinds;
import org.ddstuner.types.xtypes.TypeMapping;
import org.ddstuner.types.xtypes.TypeObject;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * Jazzer target for {@link TypeObjectReader#readTypeObject} (one MINIMAL or COMPLETE TypeObject, as a
 * type lookup reply carries them), then converts a COMPLETE one as the only entry of a type mapping under
 * the all-zero COMPLETE hash, so that an input can refer to itself (cycles) with a 15-byte identifier.
 */
public final class TypeObjectFuzzer {
    /** The identifier the object is filed under: EK_COMPLETE and 14 zero bytes. */
    static final TypeIdentifier SELF = new TypeIdentifier.Hashed(TypeKinds.EK_COMPLETE, "00".repeat(14));

    private TypeObjectFuzzer() {
    }

    public static void fuzzerTestOneInput(byte[] input) {
        TypeObject obj;
        try {
            obj = TypeObjectReader.readTypeObject(input);
        } catch (XTypesFormatException e) {
            XTypesOracle.readerError(e, input.length);
            return;
        }
        TypeMappingFuzzer.convert(new TypeMapping(List.of(), List.of(new TypeMapping.Pair(SELF, obj)), List.of()));
    }
}
