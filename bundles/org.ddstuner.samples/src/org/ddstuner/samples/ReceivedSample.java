package org.ddstuner.samples;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.cdr.DecodeNote;

/**
 * One sample a {@link ReaderSession} received, as kept in its ring buffer. Immutable; the raw bytes are
 * owned by the sample (the constructor does not copy them, {@link #data()} hands out a copy).
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
public record ReceivedSample(long seq, Instant receivedAt, SampleInfo info, Guid writer, byte[] data, Object value,
        String decodeError, List<DecodeNote> notes) {

    public ReceivedSample {
        notes = List.copyOf(notes);
    }

    @Override
    public byte[] data() {
        return data.clone();
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

    public boolean decoded() {
        return value != null;
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
        return value == null ? null : FieldPaths.get(value, path);
    }

    /** The encapsulation identifier (first two bytes), or -1 when shorter. */
    public int encapsulation() {
        return data.length < 2 ? -1 : (data[0] & 0xff) << 8 | (data[1] & 0xff);
    }
}
