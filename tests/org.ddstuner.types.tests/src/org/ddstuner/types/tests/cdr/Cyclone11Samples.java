package org.ddstuner.types.tests.cdr;

import static org.ddstuner.types.tests.cdr.InteropSamples.map;

import java.util.List;
import java.util.Map;

import org.ddstuner.types.Enumerator;
import org.ddstuner.types.UnionValue;

/** The samples tests/peers/xcdr_vectors.py has Cyclone serialize (its SAMPLES), as the Java values of cyclone11.idl. */
final class Cyclone11Samples {
    /** The sample names with the IDL type each is a value of. */
    static final Map<String, String> TYPES = Map.of("App", "C::App", "AppAllAbsent", "C::App", "Mut", "C::Mut",
            "MutNoOptional", "C::Mut", "Ids", "C::Ids", "Outer", "C::Outer", "FinalOpt", "C::FinalOpt",
            "FinalOptNone", "C::FinalOpt");

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
            default -> throw new IllegalArgumentException("no expected sample " + sample);
        };
    }
}
