package org.ddstuner.types.tests.cdr;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.types.Enumerator;
import org.ddstuner.types.UnionValue;

/** The samples interop_writer.c fills in, written as the Java values the decoder must produce. */
final class InteropSamples {
    private InteropSamples() {
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> inner(int s, double d) {
        return map("s", (short) s, "d", d);
    }

    static Object expected(String type) {
        return switch (type) {
            case "F" -> map("id", 7, "o", (short) 0xfe, "c", 'x', "b", true, "i8", (byte) -5, "u8", (short) 200,
                    "sh", (short) -1234, "ush", 65000, "l", -100000, "ul", 4_000_000_000L, "ll", -1234567890123L,
                    "ull", new BigInteger("18000000000000000000"), "fl", 1.5f, "d", -2.25, "s", "hello", "bs", "bounded",
                    "col", new Enumerator("BLUE", 2), "sm", new Enumerator("S_C", 2), "p", (1L << 0) | (1L << 9),
                    "in", inner(3, 0.5), "der", map("s", (short) 4, "d", 8.0, "x", 99),
                    "u", new UnionValue(2, "b", "branch"), "m", List.of(List.of(0, 1, 2), List.of(10, 11, 12)),
                    "sl", List.of(1, -2, 3), "si", List.of(inner(1, 1.0), inner(2, 2.0)), "ss", List.of("a", "", "ccc"),
                    "sc", List.of(new Enumerator("GREEN", 1), new Enumerator("RED", 0)),
                    "sss", List.of(List.of((short) 5), List.of(), List.of((short) 6, (short) 7)),
                    "ia", List.of(inner(10, 10.5), inner(11, 11.5)), "sa", List.of("p", "qq"),
                    "ssm", List.of(new Enumerator("S_B", 1), new Enumerator("S_C", 2), new Enumerator("S_A", 0)));
            case "App" -> app();
            case "Mut" -> map("id", 9, "s", "mutable", "od", 6.5, "absent", null, "in", inner(12, -0.125),
                    "sl", List.of(100, 200), "u", new UnionValue(5, "c", 1e100), "app", app());
            case "KeyStr" -> map("id", 11, "name", "a key string longer than sixteen bytes", "v", 12);
            case "KeyFixed" -> map("a", 13, "v", 14, "b", 15L);
            case "KeyNested" -> map("k", inner(16, 17.5), "note", "nested");
            default -> throw new IllegalArgumentException("no expected sample for " + type);
        };
    }

    private static Map<String, Object> app() {
        return map("id", 8, "s", "app", "ol", 42, "os", null, "in", inner(-1, 3.75), "si", List.of(inner(5, 5.5)),
                "sm", new Enumerator("S_B", 1));
    }
}
