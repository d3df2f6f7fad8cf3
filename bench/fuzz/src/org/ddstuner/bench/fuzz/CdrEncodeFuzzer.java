package org.ddstuner.bench.fuzz;

import java.nio.ByteOrder;

import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;
import org.ddstuner.types.tests.cdr.RandomValues;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Jazzer target for the encoder: the input picks a type, an encapsulation and a seed for a random valid
 * value; that value must encode and decode back equal, with no notes. A failure is a finding.
 */
public final class CdrEncodeFuzzer {
    private static final CdrCodec CODEC = new CdrCodec(FuzzTypes.LIBRARY);

    private CdrEncodeFuzzer() {
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        TypeRef type = FuzzTypes.pick(data.consumeByte());
        XcdrVersion version = data.consumeBoolean() ? XcdrVersion.XCDR1 : XcdrVersion.XCDR2;
        ByteOrder order = data.consumeBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        Object value = new RandomValues(FuzzTypes.LIBRARY, data.consumeLong(), data.consumeInt(0, 4)).of(type);
        var r = CODEC.decode(type, CODEC.encode(type, value, version, order));
        if (!r.value().equals(value) || !r.notes().isEmpty()) {
            throw new IllegalStateException("round trip changed " + type.name() + " " + version + " " + order + ":\n"
                    + value + "\n" + r.value() + "\n" + r.notes());
        }
    }
}
