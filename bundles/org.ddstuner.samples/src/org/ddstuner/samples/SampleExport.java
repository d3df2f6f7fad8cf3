package org.ddstuner.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.json.StrictJson;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes samples as CSV (one row per sample, the columns of {@link SampleColumns}) or JSON (an array of
 * objects with the sample info and the decoded {@code "value"}; {@link SampleJson#readSamples} reads it back).
 */
public final class SampleExport {

    private SampleExport() {
    }

    /**
     * CSV (RFC 4180: comma-separated, CRLF line ends, fields with commas, quotes or line breaks quoted) with a
     * header row of the column names.
     */
    public static void writeCsv(List<ReceivedSample> samples, List<SampleColumns.Column> columns, Appendable out) {
        try {
            for (int i = 0; i < columns.size(); i++) {
                out.append(i > 0 ? "," : "").append(csv(columns.get(i).name()));
            }
            out.append("\r\n");
            for (ReceivedSample s : samples) {
                for (int i = 0; i < columns.size(); i++) {
                    out.append(i > 0 ? "," : "").append(csv(SampleColumns.fullText(s, columns.get(i))));
                }
                out.append("\r\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link #writeCsv} into a string. */
    public static String csv(List<ReceivedSample> samples, SampleColumns columns) {
        StringBuilder sb = new StringBuilder();
        writeCsv(samples, columns.all(), sb);
        return sb.toString();
    }

    static String csv(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    /**
     * A JSON array, one object per sample: {@code seq, received, source_timestamp, writer, instance,
     * instance_state, valid, value} (null when not decoded), plus {@code error} and {@code data} (the
     * serialized bytes in hex) when the sample did not decode. One sample per line.
     */
    public static void writeJson(List<ReceivedSample> samples, Appendable out) {
        try {
            out.append("[\n");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < samples.size(); i++) {
                sb.setLength(0);
                appendJson(sb, samples.get(i));
                sb.append(i + 1 < samples.size() ? ",\n" : "\n");
                out.append(sb);
            }
            out.append("]\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Appends one sample as a JSON object, the element {@link #writeJson} writes per sample (also the CLI's
     * {@code subscribe --json} line).
     */
    public static void appendJson(StringBuilder sb, ReceivedSample s) {
        sb.append(StrictJson.write(g -> write(g, s)));
    }

    /** Writes one sample as a JSON object with Jackson's generator (see {@link #writeJson} for the members). */
    public static void write(JsonGenerator g, ReceivedSample s) throws IOException {
        g.writeStartObject();
        g.writeNumberField("seq", s.seq());
        g.writeStringField("received", s.receivedAt().toString());
        g.writeStringField("source_timestamp", textOrNull(s.info().sourceTimestamp()));
        g.writeStringField("writer", textOrNull(s.writer()));
        g.writeNumberField("instance", s.info().instanceHandle());
        g.writeStringField("instance_state", s.info().instanceState().name());
        g.writeBooleanField("valid", s.validData());
        g.writeFieldName("value");
        SampleJson.write(g, s.value());
        if (s.value() == null) {
            if (s.decodeError() != null) {
                g.writeStringField("error", s.decodeError());
            }
            g.writeStringField("data", HexFormat.of().formatHex(s.data()));
        }
        g.writeEndObject();
    }

    private static String textOrNull(Object v) {
        return v == null ? null : v.toString();
    }

    /** {@link #writeJson} into a string. */
    public static String json(List<ReceivedSample> samples) {
        StringBuilder sb = new StringBuilder();
        writeJson(samples, sb);
        return sb.toString();
    }
}
