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
        SampleColumns fields = SampleColumns.of(type);
        Set<String> numeric = numericPaths(type);
        Set<String> octets = octetPaths(type);
        Set<String> shownArrays = new HashSet<>();
        for (SampleColumns.Column c : fields.fieldColumns()) {
            // an octet array is one hex column, not one column per byte
            String array = octets.stream().filter(a -> c.path().startsWith(a + "[")).findFirst().orElse(null);
            if (array != null && !shownArrays.add(array)) {
                continue;
            }
            SampleColumns.Column col = array == null ? c : new SampleColumns.Column(array, array, false, c.key());
            String header = col.key() ? col.name() + " (key)" : col.name();
            cols.add(new Col(header, col.path(), 4, numeric.contains(col.path()), octets.contains(col.path())
                    ? s -> s.value() == null ? "" : octets(s, col)
                    : s -> s.value() == null ? "" : SampleColumns.text(s, col)));
        }
        // the latency, states and writer after the fields: the values are what people look for first, and a view
        // stacked in the default layout shows only the first few columns
        cols.add(new Col(Messages.COL_LATENCY, Messages.COL_LATENCY_TIP, 8, true, TableColumns::latency));
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

    /** Field paths whose values are octet sequences or arrays (shown as hex), arrays not expanded. */
    private static Set<String> octetPaths(ResolvedType type) {
        Set<String> out = new HashSet<>();
        type.struct().ifPresent(s -> {
            for (FieldPath p : FieldPaths.flatten(type.library(), s, 0)) {
                if (OctetText.isOctets(type.library(), p.type())) {
                    out.add(p.path());
                }
            }
        });
        return out;
    }

    private static String octets(ReceivedSample s, SampleColumns.Column c) {
        Object v = SampleColumns.value(s, c);
        String hex = OctetText.hex(v);
        return hex != null ? hex : v == null ? "" : SampleColumns.text(v);
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
