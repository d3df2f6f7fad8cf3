package org.ddstuner.bench.fuzz;

import java.util.Arrays;

import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.CdrException;
import org.ddstuner.types.cdr.DecodeResult;

/**
 * Jazzer target: byte 0 picks a type, the rest is serialized data (header included). Decoding may only
 * succeed or throw {@link CdrException}; whatever decodes must also re-encode (when the encoder accepts
 * it) to bytes that decode to the same value. Any other exception, a hang or an out-of-memory is a finding.
 */
public final class CdrDecodeFuzzer {
    private static final CdrCodec CODEC = new CdrCodec(FuzzTypes.LIBRARY);

    private CdrDecodeFuzzer() {
    }

    public static void fuzzerTestOneInput(byte[] input) {
        if (input.length < 1) {
            return;
        }
        TypeRef type = FuzzTypes.pick(input[0]);
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        DecodeResult r;
        try {
            r = CODEC.decode(type, data);
        } catch (CdrException expected) {
            return;
        }
        byte[] again;
        try {
            again = CODEC.encode(type, r.value(), r.encapsulation().version(), r.encapsulation().byteOrder());
        } catch (CdrException refused) {
            return; // the decoder tolerates some values the encoder refuses (e.g. bitmask bits past the bound)
        }
        Object back = CODEC.decode(type, again).value();
        if (!back.equals(r.value())) {
            throw new IllegalStateException("re-encoded value differs for " + type.name() + ":\n" + r.value() + "\n" + back);
        }
    }
}
