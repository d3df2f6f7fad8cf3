package org.ddstuner.json.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.json.JsonSyntaxException;
import org.ddstuner.json.StrictJson;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The shared Jackson set-up: what the strict reader gives, where and why it refuses malformed text (the
 * cases the hand-written reader it replaced refused, plus what Jackson adds), and the writer's escapes.
 */
class StrictJsonTest {

    @Test
    void readsEveryKindOfValueKeepingOrderAndExactNumbers() {
        JsonNode m = StrictJson.parse(" {\"b\": [1, -0, 2.50, 1e3, -1E-2, 12345678901234567890123, 18446744073709551615],"
                + "\r\n\t\"a\": {\"t\": true, \"f\": false, \"n\": null, \"s\": \"x\\u00e9\\n\\\"\\/\"}, \"\": []} ");
        List<String> names = new ArrayList<>();
        m.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("b", "a", ""), names);
        JsonNode b = m.get("b");
        assertEquals(BigInteger.ONE, b.get(0).bigIntegerValue());
        assertTrue(b.get(0).isIntegralNumber() && b.get(1).isIntegralNumber() && b.get(5).isIntegralNumber());
        assertEquals(new BigDecimal("2.50"), b.get(2).decimalValue(), "the literal's scale is kept");
        assertEquals(new BigDecimal("1e3"), b.get(3).decimalValue());
        assertEquals(new BigDecimal("-1E-2"), b.get(4).decimalValue());
        assertEquals(new BigInteger("12345678901234567890123"), b.get(5).bigIntegerValue());
        assertEquals(new BigInteger("18446744073709551615"), b.get(6).bigIntegerValue(), "unsigned 64-bit is exact");
        JsonNode a = m.get("a");
        assertTrue(a.get("t").booleanValue());
        assertTrue(a.get("f").isBoolean() && !a.get("f").booleanValue());
        assertTrue(a.get("n").isNull());
        assertEquals("x\u00e9\n\"/", a.get("s").textValue());
        assertEquals(0, m.get("").size());
    }

    @Test
    void writerOutputReadsBackToTheSameTree() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("name", "q\"\\/\u0000\n\ud83d\ude00 \u2028");
        tree.put("n", List.of(BigInteger.valueOf(-7), new BigDecimal("0.125"), Boolean.TRUE));
        tree.put("empty", Map.of());
        String text = StrictJson.write(tree);
        assertEquals(tree, StrictJson.toJava(StrictJson.parse(text)), "as plain Java values, numbers exact");
        List<Object> withNull = new ArrayList<>(List.of(1, 2.5));
        withNull.add(null);
        withNull.add("x");
        assertEquals("{\"a\":[1,2.5,null,\"x\"]}", StrictJson.write(Map.of("a", withNull)));
        assertEquals("[\"NaN\",\"Infinity\",\"-Infinity\",1.0E300,4.9E-324,0.30000000000000004]",
                StrictJson.write(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300,
                        Double.MIN_VALUE, 0.1 + 0.2)), "doubles as Double.toString, NaN and infinities as strings");
        assertThrows(IllegalArgumentException.class, () -> StrictJson.write(new Object()));
    }

    @Test
    void malformedTextSaysWhereAndWhat() {
        Object[][] cases = {
            // text, line, column, path, problem (part of, Jackson's words)
            {"{\"a\": 1,}", 1, 9, "$.a", "was expecting double-quote to start field name"},
            {"[1, 2,]", 1, 7, "$[2]", "Unexpected character (']'"},
            {"{\"a\": [1, tru]}", 1, 11, "$.a[1]", "Unrecognized token 'tru'"},
            {"{\"a\": {\"b c\": -}}", 1, 16, "$.a[\"b c\"]", "expected digit (0-9) to follow minus sign"},
            {"{\"a\": {\"b\": 01}}", 1, 14, "$.a.b", "Leading zeroes not allowed"},
            {"{\"a\":\n  1.}", 2, 4, "$.a", "Decimal point not followed by a digit"},
            {"{\"a\": 1 \"b\": 2}", 1, 9, "$.a", "was expecting comma to separate Object entries"},
            {"{\"a\": 1, \"a\": 2}", 1, 13, "$.a", "Duplicate field 'a'"},
            {"[\"x\ty\"]", 1, 4, "$[0]", "CTRL-CHAR, code 9"},
            {"[\"\\x\"]", 1, 4, "$[0]", "Unrecognized character escape 'x'"},
            {"[\"\\u12g4\"]", 1, 7, "$[0]", "expected a hex-digit"},
            {"[\"abc", 1, 6, "$[0]", "was expecting closing quote for a string value"},
            {"[+1]", 1, 3, "$[0]", "plus sign"},
            {"[-]", 1, 3, "$[0]", "expected digit (0-9) to follow minus sign"},
            {"[1e]", 1, 3, "$[0]", "Exponent indicator not followed by a digit"},
            {"{\"a\" 1}", 1, 6, "$.a", "was expecting a colon"},
            {"[1] [2]", 1, 5, "$", "Trailing token"},
            {"", 1, 1, "$", "expected a JSON value, found the end"},
            {"\u00a0[]", 1, 1, "$", "Unexpected character"},
            {"{\"a\": [1, 2", 1, 12, "$.a[1]", "expected close marker for Array (start marker at [line 1, column 7])"},
            {"[NaN]", 1, 5, "$[0]", "Non-standard token 'NaN'"},
            {"// comment\n[]", 1, 1, "$", "comment"},
            {"{'a': 1}", 1, 2, "$", "was expecting double-quote"},
        };
        for (Object[] c : cases) {
            String text = (String) c[0];
            JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> StrictJson.parse(text), text);
            String what = text + " → " + e.getMessage();
            assertEquals(c[1], e.line(), what);
            assertEquals(c[2], e.column(), what);
            assertEquals(c[3], e.path(), what);
            assertTrue(e.problem().contains((String) c[4]), what);
            assertTrue(e.getMessage().startsWith("JSON line " + c[1] + ", column " + c[2] + " (offset " + e.offset()
                    + ") at " + c[3] + ": "), what);
        }
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String ok = "[".repeat(StrictJson.MAX_DEPTH) + "]".repeat(StrictJson.MAX_DEPTH);
        assertTrue(StrictJson.parse(ok).isArray());
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> StrictJson.parse(deep));
        assertEquals(StrictJson.MAX_DEPTH + 1, e.offset(), e.getMessage());
        assertTrue(e.problem().contains("nesting depth"), e.getMessage());
    }

    @Test
    void hugeNumbersAndNonObjectsAreRefusedClearly() {
        JsonSyntaxException big = assertThrows(JsonSyntaxException.class, () -> StrictJson.parse("1".repeat(500)));
        assertTrue(big.problem().contains("exceeds the maximum allowed (" + StrictJson.MAX_NUMBER_LENGTH), big.getMessage());
        JsonSyntaxException exp = assertThrows(JsonSyntaxException.class, () -> StrictJson.parse("1e99999999999"));
        assertTrue(exp.problem().contains("out of range"), exp.getMessage());
        JsonSyntaxException notObject = assertThrows(JsonSyntaxException.class, () -> StrictJson.parseObject("[1]"));
        assertEquals("expected a JSON object, found an array", notObject.problem());
        assertEquals("v", StrictJson.parseObject("{\"k\":\"v\"}").get("k").textValue());
    }

    @Test
    void stringEscaping() {
        assertEquals("\"a\\\"b\\\\c\"", StrictJson.quote("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\b\\f\\u0001\\u001f\\u007f\"", StrictJson.quote("\n\r\t\b\f\u0001\u001f\u007f"));
        assertEquals("\"\\u2028\\u2029\"", StrictJson.quote("\u2028\u2029"));
        assertEquals("\"é😀\"", StrictJson.quote("é😀"), "valid non-ASCII stays as is");
        assertEquals("\"\\ud800x\"", StrictJson.quote("\ud800x"), "an unpaired surrogate is escaped");
        assertEquals("\"x\\udc00\"", StrictJson.quote("x\udc00"), "a lone low surrogate too");
        assertEquals("\"a/b\"", StrictJson.quote("a/b"), "the slash needs no escape");
        String nasty = "q\"\\/\u0000\n\ud83d\ude00\udc00\ud800";
        assertEquals(nasty, StrictJson.parse(StrictJson.quote(nasty)).textValue());
        StringBuilder b = new StringBuilder("x=");
        StrictJson.quote(b, "a\"\u0007");
        assertEquals("x=\"a\\\"\\u0007\"", b.toString());
    }

    @Test
    void aSurrogatePairSplitAcrossTheGeneratorsBufferStaysAPair() {
        // Jackson flushes its buffer (a few thousand chars) in pieces: a pair may arrive in two writes
        for (int pad = 3990; pad < 4010; pad++) {
            String s = "x".repeat(pad) + "\ud83d\ude00".repeat(3) + "\ud800";
            String q = StrictJson.quote(s);
            assertEquals(s, StrictJson.parse(q).textValue());
            assertTrue(q.endsWith("\ud83d\ude00\\ud800\""), "pairs stay as they are");
        }
    }
}
