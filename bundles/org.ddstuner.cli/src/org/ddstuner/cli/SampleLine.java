package org.ddstuner.cli;

import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.SampleJson;

/**
 * One received sample as one line: text ({@code time writer field=value …}) or JSON with the same members
 * as {@link org.ddstuner.samples.SampleExport#writeJson}, so lines wrapped in {@code [ ]} read back with
 * {@link SampleJson#readSamples} (e.g. into {@code ddstuner publish --json-file}).
 */
final class SampleLine {

    /** Raw bytes shown in a text line at most (the JSON line carries them all). */
    private static final int MAX_HEX_BYTES = 64;

    private final List<SampleColumns.Column> fields;

    SampleLine(SampleColumns columns) {
        this.fields = columns.fieldColumns();
    }

    /** {@code 2026-11-22T10:00:00.123Z 0110…:102 sensor_id=1 kind=TEMPERATURE unit="degC" …} */
    String text(ReceivedSample s) {
        StringBuilder sb = new StringBuilder();
        sb.append(time(s)).append(' ').append(s.writer() == null ? "?" : s.writer().toString());
        if (!s.validData()) {
            sb.append(' ').append(s.info().instanceState().name());
        }
        if (s.decoded()) {
            for (SampleColumns.Column c : fields) {
                Object v = SampleColumns.value(s, c);
                if (v == null && !s.validData()) {
                    continue; // a key-only sample: only the key members have values
                }
                sb.append(' ').append(c.name()).append('=');
                sb.append(v instanceof String || v instanceof Character ? SampleJson.toJson(v) : SampleColumns.text(s, c));
            }
        } else if (s.size() > 0) {
            if (s.decodeError() != null) {
                sb.append(" decode-error=").append(SampleJson.toJson(s.decodeError()));
            }
            byte[] d = s.data();
            sb.append(" size=").append(d.length).append(" data=")
                    .append(HexFormat.of().formatHex(d, 0, Math.min(d.length, MAX_HEX_BYTES)))
                    .append(d.length > MAX_HEX_BYTES ? "…" : "");
        }
        return sb.toString();
    }

    /** One JSON object: seq, received, source_timestamp, writer, instance, instance_state, valid, value (+ error, data). */
    static String json(ReceivedSample s) {
        StringBuilder sb = new StringBuilder();
        SampleExport.appendJson(sb, s);
        return sb.toString();
    }

    /** The source timestamp, or the reception time when the writer set none. */
    private static Instant time(ReceivedSample s) {
        Instant src = s.info().sourceTimestamp();
        return src == null || src.equals(Instant.EPOCH) ? s.receivedAt() : src;
    }
}
