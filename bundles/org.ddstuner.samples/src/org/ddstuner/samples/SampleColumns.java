package org.ddstuner.samples;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.Enumerator;
import org.ddstuner.types.FieldPath;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.StructType;
import org.ddstuner.types.UnionValue;

/**
 * The columns of a sample table: sample-info columns ({@code @seq}, {@code @source_timestamp}, …) and
 * one column per flattened field of the type ({@code position.x}, {@code history}, {@code m[1][2]}; small
 * arrays expanded, sequences one column). Values come from {@link #value} (Java objects) or
 * {@link #text} (as shown in a table cell and in CSV).
 */
public final class SampleColumns {

    /** Sample-info column names (without the {@code @} used in filters), in display order. */
    public static final List<String> INFO_NAMES = List.of("seq", "received", "source_timestamp", "latency_us",
            "writer", "instance_state", "sample_state", "view_state", "valid", "instance", "size", "error");

    /**
     * Columns of the raw view, shown for {@link TypeSource#RAW} types (and usable in filters for any type):
     * the bytes in hex and the {@link RawGuess best-effort} primitive values.
     */
    public static final List<String> RAW_NAMES = List.of("hex", "guess");

    /** Every name a filter may use after {@code @}. */
    public static final List<String> FILTER_NAMES = java.util.stream.Stream.concat(INFO_NAMES.stream(),
            RAW_NAMES.stream()).toList();

    /**
     * One column.
     *
     * @param name  what the header shows: the field path, or {@code @name} for sample info
     * @param path  the field path, or the info name for info columns
     * @param info  whether this is a sample-info column
     * @param key   whether the field is part of the key
     */
    public record Column(String name, String path, boolean info, boolean key) {
    }

    private final List<Column> infoColumns;
    private final List<Column> fieldColumns;

    private SampleColumns(List<Column> infoColumns, List<Column> fieldColumns) {
        this.infoColumns = List.copyOf(infoColumns);
        this.fieldColumns = List.copyOf(fieldColumns);
    }

    /**
     * The columns for samples of {@code type}: info columns, then one per flattened field; for RAW types
     * the raw-view columns ({@link #RAW_NAMES}) instead of fields.
     */
    public static SampleColumns of(ResolvedType type) {
        List<Column> info = new ArrayList<>(INFO_NAMES.stream().map(n -> new Column("@" + n, n, true, false)).toList());
        if (type.isRaw()) {
            RAW_NAMES.forEach(n -> info.add(new Column("@" + n, n, true, false)));
        }
        List<Column> fields = new ArrayList<>();
        StructType s = type.struct().orElse(null);
        if (s != null) {
            for (FieldPath p : FieldPaths.flatten(type.library(), s)) {
                fields.add(new Column(p.path(), p.path(), false, p.key()));
            }
        }
        return new SampleColumns(info, fields);
    }

    public List<Column> infoColumns() {
        return infoColumns;
    }

    public List<Column> fieldColumns() {
        return fieldColumns;
    }

    /** Info columns then field columns. */
    public List<Column> all() {
        List<Column> all = new ArrayList<>(infoColumns);
        all.addAll(fieldColumns);
        return all;
    }

    /** The cell's value as a Java object (null when absent). */
    public static Object value(ReceivedSample s, Column c) {
        return c.info() ? infoValue(s, c.path()) : s.field(c.path());
    }

    /** The cell as text: what a table shows (cut after about 4,096 characters). */
    public static String text(ReceivedSample s, Column c) {
        Object v = value(s, c);
        return v == null ? "" : text(v);
    }

    /** The cell as text without a length limit: what CSV export writes (every element of long sequences). */
    public static String fullText(ReceivedSample s, Column c) {
        Object v = value(s, c);
        if (v == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        append(sb, v, 0, Integer.MAX_VALUE);
        return sb.toString();
    }

    /**
     * A sample-info or raw-view value by name (see {@link #INFO_NAMES}, {@link #RAW_NAMES}); null for an
     * unknown name or absent value.
     */
    public static Object infoValue(ReceivedSample s, String name) {
        return switch (name) {
            case "seq" -> s.seq();
            case "received" -> s.receivedAt();
            case "source_timestamp" -> s.info().sourceTimestamp();
            case "latency_us" -> {
                Duration d = s.latency();
                yield d == null ? null : d.toNanos() / 1000;
            }
            case "writer" -> s.writer() == null ? null : s.writer().toString();
            case "instance_state" -> s.info().instanceState().name();
            case "sample_state" -> s.info().sampleState().name();
            case "view_state" -> s.info().viewState().name();
            case "valid" -> s.validData();
            case "instance" -> s.info().instanceHandle();
            case "size" -> s.size();
            case "error" -> s.decodeError();
            case "hex" -> s.hex();
            case "guess" -> RawGuess.describe(s.bytes());
            default -> null;
        };
    }

    /**
     * A value as text: numbers plainly (floats as Java prints them, long double unscaled), enums by name,
     * unions as {@code member=value}, sequences/arrays as {@code [a, b]}, structs as {@code {x=1, y=2}}.
     */
    public static String text(Object v) {
        StringBuilder sb = new StringBuilder();
        append(sb, v, 0, MAX_TEXT);
        return sb.toString();
    }

    private static final int MAX_TEXT = 4096;

    private static void append(StringBuilder sb, Object v, int depth, int max) {
        if (sb.length() > max) {
            return;
        }
        switch (v) {
            case null -> sb.append("null");
            case Enumerator e -> sb.append(e.name());
            case UnionValue u -> {
                sb.append(u.member() == null ? "(discriminator " + u.discriminator() + ")" : u.member()).append('=');
                append(sb, u.value(), depth + 1, max);
            }
            case BigDecimal d -> sb.append(d.toPlainString());
            case byte[] b -> sb.append(HexFormat.of().formatHex(b));
            case List<?> l -> {
                sb.append('[');
                for (int i = 0; i < l.size() && sb.length() <= max; i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    append(sb, l.get(i), depth + 1, max);
                }
                sb.append(']');
            }
            case Map<?, ?> m -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (sb.length() > max) {
                        break;
                    }
                    sb.append(first ? "" : ", ").append(e.getKey()).append('=');
                    append(sb, e.getValue(), depth + 1, max);
                    first = false;
                }
                sb.append('}');
            }
            default -> sb.append(v);
        }
        if (sb.length() > max && depth == 0) {
            sb.setLength(max);
            sb.append('…');
        }
    }
}
