package org.ddstuner.samples.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.CdrException;
import org.ddstuner.types.cdr.DecodeResult;

/**
 * Decodes a reader session's samples when somebody first asks for a value: the rows a table shows, what a
 * filter or the per-instance view needs, an export. The ring keeps bytes only, so a 50,000 samples/s topic
 * costs a copy per sample, not a tree of boxed values per sample (an eager decoder thread allocated most of
 * the heap churn and the GC pauses of the Reader view bench). Each {@link ReceivedSample} decodes at most
 * once and keeps the outcome.
 */
public final class LazyDecoder implements SampleDecoder {

    private final CdrCodec codec;
    private final DdsType type;
    private final AtomicLong errors = new AtomicLong();

    public LazyDecoder(CdrCodec codec, DdsType type) {
        this.codec = codec;
        this.type = type;
    }

    @Override
    public Decoded decode(byte[] data, SampleInfo info) {
        if (data.length == 0) {
            return Decoded.NONE;
        }
        try {
            DecodeResult r = codec.decode(type, data);
            return new Decoded(r.value(), null, r.notes());
        } catch (CdrException | IllegalArgumentException e) {
            // a key-only sample (dispose, unregister) that does not decode as a whole value is normal
            return info.validData() ? new Decoded(null, e.getMessage(), List.of()) : Decoded.NONE;
        } catch (RuntimeException e) {
            // malformed bytes must give an error on the sample, never break the view asking for it
            return info.validData() ? new Decoded(null, "cannot decode: " + e, List.of()) : Decoded.NONE;
        }
    }

    @Override
    public void decoded(Decoded outcome) {
        if (outcome.error() != null) {
            errors.incrementAndGet();
        }
    }

    /** Samples decoded so far whose bytes did not decode. */
    public long errors() {
        return errors.get();
    }
}
