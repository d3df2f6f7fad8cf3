package org.ddstuner.samples;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.internal.SampleDecoder;
import org.ddstuner.samples.internal.SampleDecoder.Decoded;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.cdr.DecodeNote;

/**
 * One sample a {@link ReaderSession} received, as kept in its ring buffer. The raw bytes are owned by the
 * sample (the constructor does not copy them, {@link #data()} hands out a copy).
 *
 * <p>A session stores samples undecoded, so the thread draining DDS keeps up with fast writers: the value
 * is decoded on first use ({@link #value()}, {@link #decodeError()}, {@link #notes()}, {@link #field}),
 * by whichever thread asks first, and then kept. Thread-safe.
 */
public final class ReceivedSample {

    private static final VarHandle DECODED;

    static {
        try {
            DECODED = MethodHandles.lookup().findVarHandle(ReceivedSample.class, "decoded", Decoded.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long seq;
    private final Instant receivedAt;
    private final SampleInfo info;
    private final Guid writer;
    private final byte[] data;
    private final SampleDecoder decoder;
    @SuppressWarnings("unused") // through DECODED
    private volatile Decoded decoded;

    /**
     * A sample decoded already.
     *
     * @param seq         the session's sequence number (0, 1, 2… in reception order; consumers poll by it)
     * @param receivedAt  when the tool took it from DDS
     * @param info        DDS sample info: source timestamp, instance handle, instance/sample/view state…
     * @param writer      the GUID of the writer that wrote it, if the tool knows it (discovery data of the
     *                    publication handle); {@code null} otherwise
     * @param data        the serialized sample incl. the 4-byte encapsulation header (key only when
     *                    {@code !info.validData()})
     * @param value       the decoded value ({@code Map} for a struct…), or {@code null} when it could not be
     *                    decoded, the type is RAW, or the sample carries only a key that did not decode
     * @param decodeError why decoding failed (with byte offset and member path), or {@code null}
     * @param notes       what the decoder tolerated (unknown members skipped, trailing bytes…)
     */
    public ReceivedSample(long seq, Instant receivedAt, SampleInfo info, Guid writer, byte[] data, Object value,
            String decodeError, List<DecodeNote> notes) {
        this(seq, receivedAt, info, writer, data, null, new Decoded(value, decodeError, notes));
    }

    private ReceivedSample(long seq, Instant receivedAt, SampleInfo info, Guid writer, byte[] data,
            SampleDecoder decoder, Decoded decoded) {
        this.seq = seq;
        this.receivedAt = Objects.requireNonNull(receivedAt);
        this.info = Objects.requireNonNull(info);
        this.writer = writer;
        this.data = Objects.requireNonNull(data);
        this.decoder = decoder;
        this.decoded = decoded;
    }

    /**
     * A sample read from elsewhere than a reader (a recording), decoded with {@code type} on first use ({@code type}
     * RAW: bytes only).
     */
    public static ReceivedSample of(long seq, Instant receivedAt, SampleInfo info, Guid writer, byte[] data,
            ResolvedType type) {
        if (type.isRaw()) {
            return new ReceivedSample(seq, receivedAt, info, writer, data, null, null, List.of());
        }
        return undecoded(seq, receivedAt, info, writer, data, new org.ddstuner.samples.internal.LazyDecoder(
                type.codec().orElseThrow(), type.type().orElseThrow()));
    }

    /** A sample whose bytes {@code decoder} decodes on first use. */
    static ReceivedSample undecoded(long seq, Instant receivedAt, SampleInfo info, Guid writer, byte[] data,
            SampleDecoder decoder) {
        return new ReceivedSample(seq, receivedAt, info, writer, data, Objects.requireNonNull(decoder), null);
    }

    private Decoded outcome() {
        Decoded d = (Decoded) DECODED.getAcquire(this);
        if (d != null) {
            return d;
        }
        Decoded fresh = decoder.decode(data, info);
        Decoded won = (Decoded) DECODED.compareAndExchange(this, null, fresh);
        if (won == null) {
            decoder.decoded(fresh); // counted once, however many threads raced
            return fresh;
        }
        return won;
    }

    /** Whether the value has been decoded already (so asking for it costs nothing). */
    public boolean isDecodeDone() {
        return DECODED.getAcquire(this) != null;
    }

    public long seq() {
        return seq;
    }

    public Instant receivedAt() {
        return receivedAt;
    }

    public SampleInfo info() {
        return info;
    }

    public Guid writer() {
        return writer;
    }

    /** A copy of the serialized sample, encapsulation header included. */
    public byte[] data() {
        return data.clone();
    }

    /** The decoded value, or {@code null} (see the constructor); decodes on first call. */
    public Object value() {
        return outcome().value();
    }

    /** Why decoding failed, or {@code null}; decodes on first call. */
    public String decodeError() {
        return outcome().error();
    }

    /** What the decoder tolerated; decodes on first call. */
    public List<DecodeNote> notes() {
        return outcome().notes();
    }

    /** The serialized bytes themselves (no copy): for this package's views, never handed out. */
    byte[] bytes() {
        return data;
    }

    /** Serialized size in bytes, header included. */
    public int size() {
        return data.length;
    }

    /** The byte at {@code i} of the serialized data (no copy; for hex views). */
    public byte byteAt(int i) {
        return data[i];
    }

    public boolean validData() {
        return info.validData();
    }

    /** Whether there is a decoded value. */
    public boolean decoded() {
        return value() != null;
    }

    /** Source timestamp → reception; {@code null} when the writer set no source timestamp. */
    public Duration latency() {
        Instant src = info.sourceTimestamp();
        if (src == null || src.equals(Instant.EPOCH)) {
            return null;
        }
        return Duration.between(src, receivedAt);
    }

    /** A leaf of the decoded value by path ({@code position.x}, {@code values[2]}); null if absent. */
    public Object field(String path) {
        Object v = value();
        return v == null ? null : FieldPaths.get(v, path);
    }

    /** The encapsulation identifier (first two bytes), or -1 when shorter. */
    public int encapsulation() {
        return data.length < 2 ? -1 : (data[0] & 0xff) << 8 | (data[1] & 0xff);
    }

    /** The serialized bytes as lowercase hex without separators (header included). */
    public String hex() {
        return HexFormat.of().formatHex(data);
    }

    /** Best-effort primitive values read from the bytes without a type (see {@link RawGuess}). */
    public List<RawGuess.Field> guessedFields() {
        return RawGuess.fields(data);
    }

    @Override
    public String toString() {
        Decoded d = (Decoded) DECODED.getAcquire(this);
        return "ReceivedSample[seq=" + seq + ", " + info.instanceState() + (info.validData() ? "" : " key only")
                + ", " + data.length + " B" + (d == null ? ", not decoded yet" : d.error() != null ? ", error "
                        + d.error() : ", " + SampleColumns.text(d.value())) + "]";
    }
}
