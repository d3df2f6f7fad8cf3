package org.ddstuner.bench.fuzz;

import org.ddstuner.types.UnknownTypeException;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * What the XTypes targets accept from the decoders: a value, or an {@link XTypesFormatException} with an
 * offset inside the input. The reader and the converter wrap unexpected runtime exceptions into that
 * exception as a safety net and keep the original as its cause; such a cause is a bug of ours, so it is a
 * finding. The one expected cause is the type model refusing an impossible type (its records' own checks,
 * {@link IllegalArgumentException}) during conversion.
 */
final class XTypesOracle {
    private XTypesOracle() {
    }

    /** For errors of the reader: no cause allowed. */
    static void readerError(XTypesFormatException e, int length) {
        offsetInside(e, length);
        if (e.getCause() != null) {
            throw new IllegalStateException("reader bug surfaced as a format error: " + e.getMessage(), e.getCause());
        }
    }

    /** For errors of the converter: only the model's own refusal may be the cause. */
    static void converterError(XTypesFormatException e) {
        Throwable c = e.getCause();
        if (c == null) {
            return;
        }
        boolean modelRefusal = c.getClass() == IllegalArgumentException.class || c instanceof UnknownTypeException;
        if (!modelRefusal) {
            throw new IllegalStateException("converter bug surfaced as a format error: " + e.getMessage(), c);
        }
    }

    private static void offsetInside(XTypesFormatException e, int length) {
        if (e.offset() < -1 || e.offset() > length) {
            throw new IllegalStateException("offset " + e.offset() + " outside the " + length + " input bytes: "
                    + e.getMessage(), e);
        }
    }
}
