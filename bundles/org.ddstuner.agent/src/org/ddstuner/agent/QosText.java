package org.ddstuner.agent;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent's "name=value;name=value;" text (QoS and entity lines): values percent-encode '%', ';', '=', ',' and
 * non-printable bytes as %XX.
 */
public final class QosText {

    private QosText() {
    }

    /** Splits a text into name → raw (still encoded) value, in order. */
    public static Map<String, String> parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                m.put(part.substring(0, eq), part.substring(eq + 1));
            }
        }
        return m;
    }

    /** Joins name → (already encoded) value pairs. */
    public static String format(Map<String, String> policies) {
        StringBuilder b = new StringBuilder();
        policies.forEach((k, v) -> b.append(k).append('=').append(v).append(';'));
        return b.toString();
    }

    public static String encode(byte[] value) {
        StringBuilder b = new StringBuilder();
        for (byte x : value) {
            int c = x & 0xff;
            if (c == '%' || c == ';' || c == '=' || c == ',' || c < 0x20 || c >= 0x7f) {
                b.append('%').append(String.format("%02X", c));
            } else {
                b.append((char) c);
            }
        }
        return b.toString();
    }

    public static String encode(String value) {
        return encode(value.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] decode(String value) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '%' && i + 2 < value.length()) {
                o.write(Integer.parseInt(value.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] bs = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                o.write(bs, 0, bs.length);
            }
        }
        return o.toByteArray();
    }

    public static String decodeString(String value) {
        return new String(decode(value), StandardCharsets.UTF_8);
    }
}
