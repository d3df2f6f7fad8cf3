package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.ddstuner.samples.JsonImportException;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.SampleTemplates;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionValue;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleJsonTest {

    private static final TypeLibrary LIB = Fixtures.library();
    private static final TypeRef READING = new TypeRef("demo::Reading");

    private static final String GOOD = """
            {"sensor_id": 7, "kind": "PRESSURE", "value": 21.5, "position": {"x": 1, "y": 2.5, "z": -3e2},
             "history": [1.5, 2], "unit": "hPa", "grid": [3, -4], "shape": {"label": "round"},
             "note": "n", "big": 18446744073709551615, "code": "Z"}
            """;

    @Test
    void readsEveryKindOfValueAndRoundTrips() {
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) SampleJson.fromJson(LIB, READING, GOOD);
        assertEquals(7, v.get("sensor_id"));
        assertEquals(new Enumerator("PRESSURE", 1), v.get("kind"));
        assertEquals(Map.of("x", 1.0, "y", 2.5, "z", -300.0), v.get("position"));
        assertEquals(List.of(1.5f, 2.0f), v.get("history"));
        assertEquals(List.of((short) 3, (short) -4), v.get("grid"));
        assertEquals(new UnionValue(2, "label", "round"), v.get("shape"));
        assertEquals(new BigInteger("18446744073709551615"), v.get("big"));
        assertEquals('Z', v.get("code"));
        // the value encodes, and the JSON we write reads back to the same value
        byte[] bytes = new CdrCodec(LIB).encode(READING, v, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN);
        assertEquals(v, new CdrCodec(LIB).decode(READING, bytes).value());
        assertEquals(v, SampleJson.fromJson(LIB, READING, SampleJson.toJson(v)));
    }

    @Test
    void missingMembersGetDefaultsAndOptionalsStayAbsent() {
        @SuppressWarnings("unchecked")
        Map<String, Object> v = (Map<String, Object>) SampleJson.fromJson(LIB, READING, "{\"sensor_id\": 3}");
        assertEquals(3, v.get("sensor_id"));
        assertEquals(new Enumerator("TEMPERATURE", 0), v.get("kind"));
        assertEquals("", v.get("unit"));
        assertNull(v.get("note"));
        assertTrue(v.containsKey("note"));
        assertEquals(List.of((short) 0, (short) 0), v.get("grid"));
    }

    @Test
    void badValuesNameTheirJsonPath() {
        Object[][] cases = {
            {"{\"sensor_id\": \"x\"}", "$.sensor_id", "expected a number (long), found the string \"x\""},
            {"{\"sensor_id\": 2147483648}", "$.sensor_id", "out of range for long (-2147483648..2147483647)"},
            {"{\"sensor_id\": 1.5}", "$.sensor_id", "needs a whole number"},
            {"{\"kind\": \"COLD\"}", "$.kind", "'COLD' is not an enumerator of demo::Kind (TEMPERATURE, PRESSURE, HUMIDITY)"},
            {"{\"unit\": \"much too long\"}", "$.unit", "exceeds its bound 8"},
            {"{\"history\": [1,2,3,4,5]}", "$.history", "sequence of 5 elements exceeds its bound 4"},
            {"{\"history\": [1, \"two\"]}", "$.history[1]", "expected a number (float)"},
            {"{\"grid\": [1]}", "$.grid", "array needs exactly 2 elements, found 1"},
            {"{\"position\": {\"x\": 1, \"w\": 2}}", "$.position.w", "struct demo::Vec has no member 'w'"},
            {"{\"shape\": {\"radius\": 1, \"label\": \"x\"}}", "$.shape", "a union holds one member"},
            {"{\"shape\": {\"$discriminator\": 1, \"label\": \"x\"}}", "$.shape.$discriminator", "does not select member 'label'"},
            {"{\"code\": \"ab\"}", "$.code", "one-character string"},
            {"{\"big\": -1}", "$.big", "out of range for unsigned long long"},
            {"{\"value\": null}", "$.value", "null is only allowed for an optional member"},
            {"[1]", "$", "expected an object (struct demo::Reading), found an array"},
            // malformed JSON: Jackson's words, with line, column and the path of the last member read
            {"{\"sensor_id\": 1,}", "$.sensor_id", "JSON line 1, column 17"},
            {"{\"sensor_id\": 1", "$.sensor_id", "Unexpected end-of-input: expected close marker for Object"},
            {"{\"history\": [1, tru]}", "$.history[1]", "JSON line 1, column 17 (offset 16): Unrecognized token 'tru'"},
            {"{\"unit\": \"a\", \"unit\": \"b\"}", "$.unit", "Duplicate field 'unit'"},
        };
        for (Object[] c : cases) {
            JsonImportException e = assertThrows(JsonImportException.class,
                    () -> SampleJson.fromJson(LIB, READING, (String) c[0]), (String) c[0]);
            assertEquals(c[1], e.path(), c[0] + " → " + e.getMessage());
            assertTrue(e.getMessage().contains((String) c[2]), c[0] + " → " + e.getMessage());
        }
    }

    @Test
    void templatesAreSavedPerType(@TempDir Path dir) throws Exception {
        SampleTemplates t = new SampleTemplates(dir);
        Object v = SampleJson.fromJson(LIB, READING, GOOD);
        t.save("demo::Reading", "pressure 7", v);
        t.save("demo::Reading", "empty", SampleJson.fromJson(LIB, READING, "{}"));
        assertEquals(List.of("empty", "pressure 7"), t.list("demo::Reading"));
        assertEquals(List.of(), t.list("demo::Other"));
        assertEquals(v, t.load(LIB, READING, "demo::Reading", "pressure 7"));
        assertTrue(t.delete("demo::Reading", "empty"));
        assertEquals(List.of("pressure 7"), t.list("demo::Reading"));
        assertThrows(IllegalArgumentException.class, () -> t.save("demo::Reading", "../escape", v));
    }
}
