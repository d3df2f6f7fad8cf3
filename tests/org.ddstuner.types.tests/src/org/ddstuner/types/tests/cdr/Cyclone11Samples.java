package org.ddstuner.types.tests.cdr;

import static org.ddstuner.types.tests.cdr.InteropSamples.map;

import java.util.List;
import java.util.Map;

import org.ddstuner.types.Enumerator;
import org.ddstuner.types.UnionValue;

/** The samples tests/peers/xcdr_vectors.py has Cyclone serialize (its SAMPLES), as the Java values of cyclone11.idl. */
final class Cyclone11Samples {
    /** The sample names with the IDL type each is a value of. */
    static final Map<String, String> TYPES = Map.ofEntries(Map.entry("App", "C::App"), Map.entry("AppAllAbsent", "C::App"),
            Map.entry("Mut", "C::Mut"), Map.entry("MutNoOptional", "C::Mut"), Map.entry("Ids", "C::Ids"),
            Map.entry("Outer", "C::Outer"), Map.entry("FinalOpt", "C::FinalOpt"), Map.entry("FinalOptNone", "C::FinalOpt"),
            Map.entry("AppNoOpt", "C::AppNoOpt"), Map.entry("MutNoOpt", "C::MutNoOpt"), Map.entry("MutFlat", "C::MutFlat"));

    private Cyclone11Samples() {
    }

    private static Map<String, Object> inner(int s, double d) {
        return map("s", (short) s, "d", d);
    }

    private static Enumerator color(int v) {
        return new Enumerator(List.of("RED", "GREEN", "BLUE").get(v), v);
    }

    private static Map<String, Object> app(int id) {
        return map("id", id, "s", "app", "ol", 42, "os", null, "inner", inner(-1, 3.75), "si", List.of(inner(5, 5.5)),
                "col", color(2));
    }

    private static Map<String, Object> mut() {
        return map("id", 9, "s", "mutable", "od", 6.5, "absent", null, "inner", inner(12, -0.125),
                "sl", List.of(100, 200), "u", new UnionValue(5, "c", 1e100), "app", app(8), "ss", List.of("x", "", "yz"),
                "col", color(1), "eu", new UnionValue(1, "g", inner(3, 0.5)));
    }

    private static Map<String, Object> ids(int a, String far, Long big, Object gone) {
        return map("a", a, "far", far, "big", big, "gone", gone);
    }

    static Object expected(String sample) {
        return switch (sample) {
            case "App" -> app(8);
            case "AppAllAbsent" -> map("id", 1, "s", "", "ol", null, "os", null, "inner", inner(0, 0.0), "si", List.of(),
                    "col", color(0));
            case "Mut" -> mut();
            case "MutNoOptional" -> map("id", 10, "s", "", "od", null, "absent", null, "inner", inner(1, 1.0),
                    "sl", List.of(), "u", new UnionValue(2, "b", "branch"),
                    "app", map("id", 2, "s", "x", "ol", null, "os", "present", "inner", inner(2, 2.0), "si", List.of(),
                            "col", color(0)),
                    "ss", List.of(), "col", color(0), "eu", new UnionValue(0, "r", (short) 200));
            case "Ids" -> ids(-5, "far id", 1L << 40, null);
            case "Outer" -> map("a", app(3), "m", mut(), "sa", List.of(app(4), app(5)),
                    "ids", ids(1, "", null, inner(7, 7.0)));
            case "FinalOpt" -> map("a", 1, "b", null, "c", "c", "d", 2.5);
            case "FinalOptNone" -> map("a", 2, "b", null, "c", null, "d", null);
            case "AppNoOpt" -> map("id", 6, "s", "no optional", "inner", inner(-7, 1.25),
                    "si", List.of(inner(1, 1.5), inner(2, 2.5)), "col", color(1));
            case "MutNoOpt" -> map("id", 11, "s", "mutable", "inner", inner(12, -0.125), "sl", List.of(100, 200, 300),
                    "u", new UnionValue(5, "c", 1e100),
                    "app", map("id", 7, "s", "inner app", "inner", inner(3, 3.5), "si", List.of(), "col", color(2)),
                    "ss", List.of("x", "", "yz"), "col", color(1), "eu", new UnionValue(2, "b", List.of("p", "qq")));
            case "MutFlat" -> map("id", 12, "s", "flat", "inner", inner(-3, 0.75), "sl", List.of(-1),
                    "u", new UnionValue(1, "a", 77), "ss", List.of("only"), "col", color(2),
                    "eu", new UnionValue(0, "r", (short) 9));
            default -> throw new IllegalArgumentException("no expected sample " + sample);
        };
    }
}
