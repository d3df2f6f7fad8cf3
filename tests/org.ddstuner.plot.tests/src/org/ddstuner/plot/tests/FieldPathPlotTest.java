package org.ddstuner.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.plot.NumericValues;
import org.ddstuner.plot.PlotSeries;
import org.ddstuner.plot.PlotStore;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.WriterSession;
import org.junit.jupiter.api.Test;

/**
 * Fields by path in nested and array types, written by the tool's own XCDR2 writer into libddsc and read back by a
 * real reader: a nested struct member, an element of a sequence of structs, an array element, an enum, a boolean, an
 * unsigned 64-bit integer, an optional member (absent every other sample: skipped, not plotted as 0) and a union
 * branch (plotted only while the union is on it). Domain 174.
 */
class FieldPathPlotTest extends LivePlot {

    private static final String IDL = """
            module nest {
              struct Vec { double x; double y; };
              enum Kind { IDLE, RUN, FAULT };
              union Shape switch (short) { case 1: double radius; case 2: string label; };
              @appendable struct Frame {
                @key long id;
                Vec pos;
                sequence<Vec, 8> path;
                long arr[3];
                Kind kind;
                boolean on;
                unsigned long long big;
                Shape shape;
                @optional double speed;
              };
            };
            """;

    private static Map<String, Object> frame(int i) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", 1);
        v.put("pos", Map.of("x", i * 1.5, "y", -i));
        v.put("path", List.of(Map.of("x", 0, "y", 0), Map.of("x", 100 + i, "y", 0)));
        v.put("arr", List.of(i, 2 * i, 3 * i));
        v.put("kind", List.of("IDLE", "RUN", "FAULT").get(i % 3));
        v.put("on", i % 2 == 0);
        v.put("big", new java.math.BigInteger("18446744073709551615")); // past a long: a number all the same
        v.put("shape", i % 2 == 0 ? Map.of("radius", i / 4.0) : Map.of("label", "n" + i));
        if (i % 2 == 0) {
            v.put("speed", 0.5 * i);
        }
        return v;
    }

    @Test
    void nestedArrayEnumUnionAndOptionalFieldsPlotByPath() throws Exception {
        Connection c = connect(174);
        ResolvedType type = imported(c, "Frames", "nest::Frame", IDL);
        ReaderSession r = reader(c, type, "Frames", 1000);
        InjectionGuard.of(c).confirm();
        var wq = QosDeriver.forWriter(c.model().snapshot(true), "Frames", type);
        WriterSession w = closeAfterTest(WriterSession.open(c, type, wq.withQos(wq.qos().withReliable().withKeepAll())));
        await("writer matched the reader", () -> r.matchedWriters() == 1, () -> r.stats().toString());

        PlotStore store = closeAfterTest(new PlotStore());
        List<String> paths = List.of("pos.x", "pos.y", "path[1].x", "arr[2]", "kind", "on", "big", "shape.radius",
                "speed");
        List<PlotSeries> series = new ArrayList<>();
        for (String p : paths) {
            series.add(store.add("Frames", r, p));
        }
        int n = 20;
        for (int i = 0; i < n; i++) {
            String json = org.ddstuner.json.StrictJson.mapper().writeValueAsString(frame(i));
            w.write(SampleJson.fromJson(type.library(), type.type().orElseThrow(), json));
        }
        await("20 frames", () -> {
            store.pollNow();
            return series.get(0).ring().appended() == n;
        }, () -> series.toString() + " " + r.stats());
        assertEquals(0, r.stats().decodeErrors());

        assertEquals(List.of("id", "pos.x", "pos.y", "path[0].x", "path[0].y", "path[1].x", "path[1].y", "arr[0]",
                "arr[1]", "arr[2]", "kind", "on", "big", "shape.radius", "speed"),
                NumericValues.numericPaths(r.samples().get(0).value()), "the plottable leaves of sample 0");
        assertEquals(List.of("id", "pos.x", "pos.y", "path[0].x", "path[0].y", "path[1].x", "path[1].y", "arr[0]",
                "arr[1]", "arr[2]", "kind", "on", "big"), NumericValues.numericPaths(r.samples().get(1).value()),
                "sample 1: the union on its string branch, the optional member absent");

        double[][] want = new double[paths.size()][];
        for (int k = 0; k < paths.size(); k++) {
            List<Double> vals = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Double v = switch (paths.get(k)) {
                    case "pos.x" -> i * 1.5;
                    case "pos.y" -> (double) -i;
                    case "path[1].x" -> 100.0 + i;
                    case "arr[2]" -> 3.0 * i;
                    case "kind" -> (double) (i % 3);
                    case "on" -> i % 2 == 0 ? 1.0 : 0.0;
                    case "big" -> 18446744073709551615.0;
                    case "shape.radius" -> i % 2 == 0 ? i / 4.0 : null;
                    case "speed" -> i % 2 == 0 ? 0.5 * i : null;
                    default -> throw new AssertionError(paths.get(k));
                };
                if (v != null) {
                    vals.add(v);
                }
            }
            want[k] = vals.stream().mapToDouble(Double::doubleValue).toArray();
        }
        for (int k = 0; k < paths.size(); k++) {
            PlotSeries s = series.get(k);
            double[] got = s.ring().snapshot().value();
            assertEquals(java.util.Arrays.toString(want[k]), java.util.Arrays.toString(got), s.id());
            assertEquals(n - want[k].length, s.skipped(), s.id() + " skips the samples without the field");
        }
        assertTrue(series.get(8).ring().snapshot().index()[1] == 1, "indexes count the plotted points");
    }
}
