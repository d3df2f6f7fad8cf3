package org.ddstuner.samples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Best-effort reading of serialized samples whose type is unknown ({@link TypeSource#RAW}), so the person
 * still sees traffic: the encapsulation, and primitive values guessed word by word at CDR alignment —
 * strings (a length, printable bytes and the terminating NUL), doubles and floats whose bit patterns look
 * like everyday numbers, 32-bit integers otherwise. A guess, not a decoding: a sequence count shows as an
 * integer, a small double may show as two integers. Never throws for any bytes.
 */
public final class RawGuess {

    /** What a guessed field looks like. */
    public enum Kind { STRING, FLOAT64, FLOAT32, INT32, BYTES }

    /**
     * One guessed value.
     *
     * @param offset where it starts in the serialized data (the 4-byte header included, as in a hex view)
     * @param kind   what it looks like
     * @param value  {@code String}, {@code Double}, {@code Float}, {@code Integer} or hex text for BYTES
     */
    public record Field(int offset, Kind kind, Object value) {

        /** E.g. {@code @4 int32 42}, {@code @8 string "degC"}. */
        public String text() {
            String v = kind == Kind.STRING ? '"' + value.toString() + '"' : value.toString();
            return "@" + offset + " " + kind.name().toLowerCase(java.util.Locale.ROOT) + " " + v;
        }
    }

    /** At most this many fields are guessed per sample (a table cell has no room for more). */
    public static final int MAX_FIELDS = 64;
    private static final int HEADER = 4;

    private RawGuess() {
    }

    /** The encapsulation's name (CDR_LE, PL_CDR2_LE…) or its hex value, from the first two bytes. */
    public static String encapsulation(byte[] data) {
        if (data.length < 2) {
            return "(no header)";
        }
        int id = (data[0] & 0xff) << 8 | (data[1] & 0xff);
        return switch (id) {
            case 0x0000 -> "CDR_BE";
            case 0x0001 -> "CDR_LE";
            case 0x0002 -> "PL_CDR_BE";
            case 0x0003 -> "PL_CDR_LE";
            case 0x0006 -> "CDR2_BE";
            case 0x0007 -> "CDR2_LE";
            case 0x0008 -> "D_CDR2_BE";
            case 0x0009 -> "D_CDR2_LE";
            case 0x000a -> "PL_CDR2_BE";
            case 0x000b -> "PL_CDR2_LE";
            default -> String.format("0x%04x", id);
        };
    }

    /** The guessed fields of serialized data (header included); empty when there is no body. */
    public static List<Field> fields(byte[] data) {
        List<Field> out = new ArrayList<>();
        if (data.length <= HEADER) {
            return out;
        }
        boolean little = (data[1] & 1) == 1;
        // XCDR2 aligns 8-byte values to 4, XCDR1 to 8 (offsets count from the end of the header)
        int id = (data[0] & 0xff) << 8 | (data[1] & 0xff);
        int align8 = id >= 0x0006 && id <= 0x000b ? 4 : 8;
        int pos = HEADER;
        while (pos + 4 <= data.length && out.size() < MAX_FIELDS) {
            int word = int32(data, pos, little);
            String s = string(data, pos, word);
            if (s != null) {
                out.add(new Field(pos, Kind.STRING, s));
                pos = align(pos + 4 + word, 4);
                continue;
            }
            if ((pos - HEADER) % align8 == 0 && pos + 8 <= data.length) {
                long bits = little ? (word & 0xffffffffL) | (long) int32(data, pos + 4, true) << 32
                        : (long) word << 32 | (int32(data, pos + 4, false) & 0xffffffffL);
                int high = (int) (bits >>> 32);
                double d = Double.longBitsToDouble(bits);
                if (plausible(d, 1e-9, 1e15) && Math.abs((long) high) >= 1 << 20) {
                    out.add(new Field(pos, Kind.FLOAT64, d));
                    pos += 8;
                    continue;
                }
            }
            float f = Float.intBitsToFloat(word);
            if (Math.abs((long) word) >= 1 << 23 && plausible(f, 1e-6, 1e9)) {
                out.add(new Field(pos, Kind.FLOAT32, f));
            } else {
                out.add(new Field(pos, Kind.INT32, word));
            }
            pos += 4;
        }
        if (pos < data.length && out.size() < MAX_FIELDS) {
            byte[] tail = java.util.Arrays.copyOfRange(data, pos, data.length);
            out.add(new Field(pos, Kind.BYTES, HexFormat.of().formatHex(tail)));
        }
        return out;
    }

    /** The guessed fields as one line: {@code CDR_LE: @4 int32 1, @8 string "red"}. */
    public static String describe(byte[] data) {
        StringBuilder sb = new StringBuilder(encapsulation(data)).append(':');
        List<Field> fs = fields(data);
        for (int i = 0; i < fs.size(); i++) {
            sb.append(i == 0 ? " " : ", ").append(fs.get(i).text());
        }
        return sb.toString();
    }

    /**
     * A classic hex dump: offset, 16 bytes in hex, the printable ASCII; at most {@code maxBytes} bytes
     * (then a line saying how many more there are).
     */
    public static String hexDump(byte[] data, int maxBytes) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(data.length, Math.max(0, maxBytes));
        for (int line = 0; line < n; line += 16) {
            sb.append(String.format("%06x ", line));
            for (int i = line; i < line + 16; i++) {
                sb.append(i < n ? String.format(" %02x", data[i] & 0xff) : "   ");
            }
            sb.append("  ");
            for (int i = line; i < Math.min(n, line + 16); i++) {
                int c = data[i] & 0xff;
                sb.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
            }
            sb.append('\n');
        }
        if (n < data.length) {
            sb.append("… ").append(data.length - n).append(" more bytes\n");
        }
        return sb.toString();
    }

    /** A CDR string at {@code pos} whose length word is {@code len}, or null if the bytes are not one. */
    private static String string(byte[] data, int pos, int len) {
        // a length of 1 (just the NUL) is as likely an integer 1 followed by a zero byte: not taken as a string
        if (len < 2 || len > data.length - pos - 4 || data[pos + 4 + len - 1] != 0) {
            return null;
        }
        for (int i = pos + 4; i < pos + 4 + len - 1; i++) {
            int c = data[i] & 0xff;
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f) {
                return null;
            }
        }
        return new String(data, pos + 4, len - 1, StandardCharsets.UTF_8);
    }

    private static boolean plausible(double d, double min, double max) {
        double a = Math.abs(d);
        return Double.isFinite(d) && a >= min && a <= max;
    }

    private static int int32(byte[] b, int pos, boolean little) {
        return little ? (b[pos] & 0xff) | (b[pos + 1] & 0xff) << 8 | (b[pos + 2] & 0xff) << 16 | (b[pos + 3] & 0xff) << 24
                : (b[pos] & 0xff) << 24 | (b[pos + 1] & 0xff) << 16 | (b[pos + 2] & 0xff) << 8 | (b[pos + 3] & 0xff);
    }

    private static int align(int pos, int a) {
        int rel = pos - HEADER;
        return HEADER + (rel + a - 1) / a * a;
    }
}
