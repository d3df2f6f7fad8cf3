package org.ddstuner.samples.internal;

import java.util.List;

import org.ddstuner.dds.SampleInfo;
import org.ddstuner.types.cdr.DecodeNote;

/**
 * Decodes the bytes of a received sample when somebody first needs its value (a view's row, a filter, an
 * export), so the thread draining DDS only copies bytes. Must be thread-safe.
 */
public interface SampleDecoder {

    /** A decoding outcome: the value or why there is none. */
    record Decoded(Object value, String error, List<DecodeNote> notes) {

        public static final Decoded NONE = new Decoded(null, null, List.of());

        public Decoded {
            notes = List.copyOf(notes);
        }
    }

    /** Never throws: a failure is a {@link Decoded} with an error. */
    Decoded decode(byte[] data, SampleInfo info);

    /** Called once per sample with the outcome that was kept (for counters). */
    default void decoded(Decoded outcome) {
    }
}
