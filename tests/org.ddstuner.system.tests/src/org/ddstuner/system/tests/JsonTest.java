package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.system.json.Json;
import org.ddstuner.system.json.JsonWriter;
import org.junit.jupiter.api.Test;

/** The strict reader: what it gives, and where and why it refuses malformed text. */
class JsonTest {

    @Test
    void readsEveryKindOfValueKeepingOrderAndExactNumbers() {
        Object v = Json.parse(" {\"b\": [1, -0, 2.50, 1e3, -1E-2, 12345678901234567890123],\r\n\t\"a\": {\"t\": true,"
                + " \"f\": false, \"n\": null, \"s\": \"x\\u00e9\\n\\\"\\/\"}, \"\": []} ");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("b", "a", ""), new ArrayList<>(m.keySet()));
        assertEquals(List.of(BigInteger.ONE, BigInteger.ZERO, new BigDecimal("2.50"), new BigDecimal("1e3"),
                new BigDecimal("-1E-2"), new BigInteger("12345678901234567890123")), m.get("b"));
        Map<?, ?> a = (Map<?, ?>) m.get("a");
        assertEquals(Boolean.TRUE, a.get("t"));
        assertEquals(Boolean.FALSE, a.get("f"));
        assertSame(Json.NULL, a.get("n"));
        assertEquals("x\u00e9\n\"/", a.get("s"));
        assertEquals(List.of(), m.get(""));
    }

    @Test
    void writerOutputReadsBackToTheSameTree() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("name", "q\"\\/\u0000\n\ud83d\ude00 \u2028");
        tree.put("n", List.of(BigInteger.valueOf(-7), new BigDecimal("0.125"), Boolean.TRUE, Json.NULL));
        tree.put("empty", Map.of());
        String text = Json.write(tree);
        assertEquals(tree, Json.parse(text));
        assertEquals("{\"a\":[1,2.5,null,\"x\"]}", Json.write(Map.of("a", List.of(1, 2.5, Json.NULL, "x"))));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }

    @Test
    void malformedTextSaysWhereAndWhat() {
        Object[][] cases = {
            // text, line, column, path, problem (part of)
            {"{\"a\": 1,}", 1, 9, "$", "expected a member name in double quotes, found '}'"},
            {"[1, 2,]", 1, 7, "$[2]", "expected a value, found ']'"},
            {"{\"a\": [1, tru]}", 1, 11, "$.a[1]", "expected true, found 'tru]'"},
            {"{\"a\": {\"b c\": -}}", 1, 16, "$.a[\"b c\"]", "expected a digit, found '}'"},
            {"{\"a\": {\"b\": 01}}", 1, 14, "$.a", "expected ',' or '}', found '1'"},
            {"{\"a\":\n  1.}", 2, 5, "$.a", "expected a digit after '.', found '}'"},
            {"{\"a\": 1 \"b\": 2}", 1, 9, "$", "expected ',' or '}', found '\"'"},
            {"{\"a\": 1, \"a\": 2}", 1, 10, "$", "member \"a\" appears twice"},
            {"[\"x\ty\"]", 1, 4, "$[0]", "control character U+0009 in a string"},
            {"[\"\\x\"]", 1, 3, "$[0]", "bad escape \\x"},
            {"[\"\\u12g4\"]", 1, 3, "$[0]", "bad \\u escape"},
            {"[\"abc", 1, 2, "$[0]", "string not closed"},
            {"[+1]", 1, 2, "$[0]", "expected a value, found '+'"},
            {"[-]", 1, 3, "$[0]", "expected a digit, found ']'"},
            {"[1e]", 1, 4, "$[0]", "expected a digit in the exponent"},
            {"{\"a\" 1}", 1, 6, "$", "expected ':' after member name \"a\""},
            {"[1] [2]", 1, 5, "$", "unexpected '[' after the JSON value"},
            {"", 1, 1, "$", "expected a value, found the end"},
            {"\u00a0[]", 1, 1, "$", "expected a value, found '\u00a0'"},
            {"{\"a\": [1, 2", 1, 12, "$.a", "expected ',' or ']', found the end"},
        };
        for (Object[] c : cases) {
            String text = (String) c[0];
            Json.SyntaxException e = assertThrows(Json.SyntaxException.class, () -> Json.parse(text), text);
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
        String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertTrue(Json.parse(ok) instanceof List<?>);
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        Json.SyntaxException e = assertThrows(Json.SyntaxException.class, () -> Json.parse(deep));
        assertEquals(Json.MAX_DEPTH, e.offset(), e.getMessage());
        assertTrue(e.problem().contains("nested deeper than " + Json.MAX_DEPTH), e.getMessage());
    }

    @Test
    void hugeNumbersAndNonObjectsAreRefusedClearly() {
        Json.SyntaxException big = assertThrows(Json.SyntaxException.class, () -> Json.parse("1".repeat(500)));
        assertTrue(big.problem().contains("number longer than"), big.getMessage());
        Json.SyntaxException exp = assertThrows(Json.SyntaxException.class, () -> Json.parse("1e99999999999"));
        assertTrue(exp.problem().contains("out of range"), exp.getMessage());
        Json.SyntaxException notObject = assertThrows(Json.SyntaxException.class, () -> Json.parseObject("[1]"));
        assertEquals("expected a JSON object, found an array", notObject.problem());
        assertEquals(Map.of("k", "v"), Json.parseObject("{\"k\":\"v\"}"));
    }

    @Test
    void quoteAppendsTheSameLiteralAsTheWriter() {
        StringBuilder b = new StringBuilder("x=");
        JsonWriter.quote(b, "a\"\u0007");
        assertEquals("x=\"a\\\"\\u0007\"", b.toString());
    }
}
