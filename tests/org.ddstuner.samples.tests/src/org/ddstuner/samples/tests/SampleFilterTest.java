package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.samples.FilterParseException;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.UnionValue;
import org.junit.jupiter.api.Test;

class SampleFilterTest {

    private static ReceivedSample reading(int id, String kind, double x, String unit, List<Float> history, String note) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("sensor_id", id);
        v.put("kind", new Enumerator(kind, List.of("TEMPERATURE", "PRESSURE", "HUMIDITY").indexOf(kind)));
        v.put("position", Map.of("x", x, "y", 0.5, "z", -1.0));
        v.put("history", history);
        v.put("unit", unit);
        v.put("shape", new UnionValue(2, "label", "tag"));
        v.put("note", note);
        v.put("big", new BigInteger("18446744073709551615"));
        v.put("flag", true);
        return Fixtures.sample(id, id, v);
    }

    private static final ReceivedSample S1 = reading(1, "TEMPERATURE", 1.0, "degC", List.of(1f, 2f), "hi");
    private static final ReceivedSample S2 = reading(2, "PRESSURE", 2.5, "hPa", List.of(3f), null);

    private static boolean matches(String expr, ReceivedSample s) {
        return SampleFilter.parse(expr).test(s);
    }

    @Test
    void comparesNumbersEnumsStringsAndPaths() {
        assertTrue(matches("sensor_id == 1", S1));
        assertFalse(matches("sensor_id == 1", S2));
        assertTrue(matches("position.x > 2 && position.x <= 2.5", S2));
        assertTrue(matches("position.x >= 1.0", S1));
        assertTrue(matches("kind == \"PRESSURE\"", S2));
        assertTrue(matches("kind == 1", S2), "an enum compares with a number by value");
        assertTrue(matches("kind != 'PRESSURE'", S1));
        assertTrue(matches("unit < \"e\"", S1));
        assertTrue(matches("history[1] == 2", S1));
        assertFalse(matches("history[1] == 2", S2), "index past the end: absent, so false");
        assertTrue(matches("shape.label == 'tag'", S1));
        assertTrue(matches("big > 18446744073709551614", S1), "uint64 beyond long compares by value");
        assertTrue(matches("flag", S1));
        assertTrue(matches("flag == true && !(sensor_id == 2)", S1));
    }

    @Test
    void logicPrecedenceAndParentheses() {
        assertTrue(matches("sensor_id == 5 || sensor_id == 1 && unit == 'degC'", S1));
        assertFalse(matches("(sensor_id == 5 || sensor_id == 1) && unit == 'hPa'", S1));
        assertTrue(matches("!!(sensor_id == 1)", S1));
        assertEquals(1, SampleFilter.parse("sensor_id >= 2").apply(List.of(S1, S2)).size());
    }

    @Test
    void containsAndNull() {
        assertTrue(matches("unit contains 'de'", S1));
        assertTrue(matches("history contains 3", S2), "list contains an element by value");
        assertFalse(matches("history contains 3", S1));
        assertTrue(matches("note == null", S2));
        assertTrue(matches("note != null && note contains \"h\"", S1));
        assertTrue(matches("missing.member == null", S1));
        assertFalse(matches("missing.member > 0", S1));
    }

    @Test
    void sampleInfoFields() {
        assertTrue(matches("@instance_state == 'ALIVE' && @valid", S1));
        assertTrue(matches("@latency_us == 250", S1));
        assertTrue(matches("@writer contains '11111111'", S1));
        assertTrue(matches("@seq == 2", S2));
    }

    @Test
    void blankIsEverything() {
        assertTrue(SampleFilter.parse("  ").test(S1));
        assertTrue(SampleFilter.parse(null).test(S2));
    }

    @Test
    void parseErrorsSayTheColumn() {
        Object[][] cases = {
            {"sensor_id == ", 14, "expected a field"},
            {"sensor_id = 1", 11, "'=' alone"},
            {"(a == 1", 8, "expected ')'"},
            {"a == 1)", 7, "')' without '('"},
            {"a == 'x", 6, "string not closed"},
            {"a == 1 b", 8, "expected '&&', '||' or the end"},
            {"@bogus == 1", 1, "unknown sample info field"},
            {"a[x] == 1", 3, "index must be a whole number"},
            {"a == 1 & b", 8, "'&' alone"},
            {"a == #", 6, "unexpected character '#'"},
        };
        for (Object[] c : cases) {
            FilterParseException e = assertThrows(FilterParseException.class, () -> SampleFilter.parse((String) c[0]),
                    (String) c[0]);
            assertEquals(c[1], e.column(), c[0] + " → " + e.getMessage());
            assertTrue(e.getMessage().contains((String) c[2]), c[0] + " → " + e.getMessage());
            assertTrue(e.getMessage().startsWith("at column " + c[1] + ": "), e.getMessage());
        }
    }

    @Test
    void deepNestingIsAnErrorNotACrash() {
        char[] open = new char[5000];
        Arrays.fill(open, '(');
        FilterParseException e = assertThrows(FilterParseException.class,
                () -> SampleFilter.parse(new String(open) + "a == 1"));
        assertTrue(e.getMessage().contains("nests deeper"), e.getMessage());
    }
}
