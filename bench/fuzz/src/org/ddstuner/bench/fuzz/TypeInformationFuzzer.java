package org.ddstuner.bench.fuzz;

import java.util.Arrays;

import org.ddstuner.types.xtypes.TypeIdentifier;
import org.ddstuner.types.xtypes.TypeInformation;
import org.ddstuner.types.xtypes.TypeObjectReader;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * Jazzer target for {@link TypeObjectReader#readTypeInformation(byte[], boolean)} (PID_TYPE_INFORMATION,
 * a topic descriptor's type_information): bit 0 of byte 0 picks big endian, the rest is the XCDR2 data.
 * A value or an {@link XTypesFormatException} without cause, nothing else.
 */
public final class TypeInformationFuzzer {
    private TypeInformationFuzzer() {
    }

    public static void fuzzerTestOneInput(byte[] input) {
        if (input.length < 1) {
            return;
        }
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        TypeInformation info;
        try {
            info = TypeObjectReader.readTypeInformation(data, (input[0] & 1) != 0);
        } catch (XTypesFormatException e) {
            XTypesOracle.readerError(e, data.length);
            return;
        }
        // what callers do next with it: describe the identifiers (messages, logs)
        for (TypeIdentifier id : new TypeIdentifier[] {info.minimalTypeId(), info.completeTypeId()}) {
            if (id != null) {
                TypeIdentifier.describe(id);
            }
        }
    }
}
