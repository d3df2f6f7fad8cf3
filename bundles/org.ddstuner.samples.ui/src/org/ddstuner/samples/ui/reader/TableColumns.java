package org.ddstuner.samples.ui.reader;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleColumns;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.FieldPath;
import org.ddstuner.types.FieldPaths;
import org.ddstuner.types.PrimitiveType;

/**
 * The columns of the Reader view's table: sample info (times as local time of day with milliseconds,
 * latency in microseconds, states) and one column per flattened field of the type; for a topic without a
 * type the size and the bytes in hex.
 */
final class TableColumns {

    /**
     * One column.
     *
     * @param header   the header text
     * @param tip      the header's tooltip (the full field path, units)
     * @param width    the initial width in characters
     * @param right    right-aligned (numbers)
     * @param text     the cell text of a sample
     */
    record Col(String header, String tip, int width, boolean right, Function<ReceivedSample, String> text) {
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());
    private static final int MAX_HEX = 64;

    private TableColumns() {
    }

    static List<Col> of(ResolvedType type) {
        List<Col> cols = new ArrayList<>();
        cols.add(new Col(Messages.COL_SEQ, Messages.COL_SEQ_TIP, 5, true, s -> Long.toString(s.seq())));
        cols.add(new Col(Messages.COL_RECEIVED, Messages.COL_TIME_TIP, 12, false, s -> time(s.receivedAt())));
        cols.add(new Col(Messages.COL_SOURCE, Messages.COL_TIME_TIP, 12, false, s -> time(s.info().sourceTimestamp())));
        cols.add(new Col(Messages.COL_LATENCY, Messages.COL_LATENCY_TIP, 8, true, TableColumns::latency));
        SampleColumns fields = SampleColumns.of(type);
        Set<String> numeric = numericPaths(type);
        for (SampleColumns.Column c : fields.fieldColumns()) {
            String header = c.key() ? c.name() + " (key)" : c.name();
            cols.add(new Col(header, c.path(), 4, numeric.contains(c.path()),
                    s -> s.value() == null ? "" : SampleColumns.text(s, c)));
        }
        // the states and the writer after the fields: the values are what people look for first
        cols.add(new Col(Messages.COL_INSTANCE_STATE, null, 9, false, s -> state(s.info().instanceState().name())));
        cols.add(new Col(Messages.COL_SAMPLE_STATE, null, 8, false, s -> state(s.info().sampleState().name())));
        cols.add(new Col(Messages.COL_VIEW_STATE, null, 7, false, s -> state(s.info().viewState().name())));
        cols.add(new Col(Messages.COL_WRITER, Messages.COL_WRITER_TIP, 16, false,
                s -> s.writer() == null ? "" : s.writer().toString()));
        if (type.isRaw()) {
            cols.add(new Col(Messages.COL_SIZE, null, 6, true, s -> Integer.toString(s.size())));
            cols.add(new Col(Messages.COL_GUESS, Messages.COL_GUESS_TIP, 40, false, s -> {
                Object g = SampleColumns.infoValue(s, "guess");
                return g == null ? "" : SampleColumns.text(g);
            }));
            cols.add(new Col(Messages.COL_BYTES, null, 40, false, TableColumns::hex));
        }
        cols.add(new Col(Messages.COL_ERROR, null, 20, false, s -> s.decodeError() == null ? "" : s.decodeError()));
        return cols;
    }

    /** Field paths whose values are numbers (right-aligned, as numbers are read). */
    private static Set<String> numericPaths(ResolvedType type) {
        Set<String> out = new HashSet<>();
        type.struct().ifPresent(s -> {
            for (FieldPath p : FieldPaths.flatten(type.library(), s)) {
                if (type.library().unalias(p.type()) instanceof PrimitiveType pt && (pt.isInteger() || pt.isFloat())) {
                    out.add(p.path());
                }
            }
        });
        return out;
    }

    static String time(Instant t) {
        return t == null || t.equals(Instant.EPOCH) ? "" : TIME.format(t);
    }

    private static String latency(ReceivedSample s) {
        Duration d = s.latency();
        return d == null ? "" : Long.toString(d.toNanos() / 1000);
    }

    /** ALIVE, DISPOSED, NO_WRITERS, NOT_READ…: the DDS names without the redundant NOT_ALIVE_ prefix. */
    private static String state(String name) {
        return name.startsWith("NOT_ALIVE_") ? name.substring("NOT_ALIVE_".length()) : name;
    }

    private static String hex(ReceivedSample s) {
        byte[] d = s.data();
        String h = HexFormat.ofDelimiter(" ").formatHex(d, 0, Math.min(d.length, MAX_HEX));
        return d.length > MAX_HEX ? h + " \u2026" : h;
    }
}
