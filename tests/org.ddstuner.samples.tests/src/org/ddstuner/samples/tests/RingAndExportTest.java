package org.ddstuner.samples.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.SampleExport;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.internal.SampleRing;
import org.ddstuner.types.Enumerator;
import org.junit.jupiter.api.Test;

class RingAndExportTest {

    private static Map<String, Object> value(int id, double x) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("sensor_id", id);
        v.put("kind", new Enumerator("PRESSURE", 1));
        v.put("position", new LinkedHashMap<>(Map.of("x", x)));
        v.put("unit", "a,\"b\"");
        return v;
    }

    @Test
    void ringKeepsTheLastCapacitySamplesAndCountsDrops() {
        SampleRing ring = new SampleRing(5);
        for (int i = 0; i < 12; i++) {
            ring.append(Fixtures.sample(i, i % 3, value(i % 3, i)));
        }
        assertEquals(5, ring.size());
        assertEquals(7, ring.dropped());
        assertEquals(7, ring.firstSeq());
        assertEquals(12, ring.nextSeq());
        List<ReceivedSample> all = ring.from(0, 100);
        assertEquals(List.of(7L, 8L, 9L, 10L, 11L), all.stream().map(ReceivedSample::seq).toList());
        assertEquals(7, ring.missedSince(0), "a consumer at 0 missed 0..6");
        assertEquals(0, ring.missedSince(9));
        assertEquals(List.of(9L, 10L), ring.from(9, 2).stream().map(ReceivedSample::seq).toList());
        assertEquals(List.of(), ring.from(12, 10));

        List<InstanceView> inst = ring.instances();
        assertEquals(3, inst.size());
        InstanceView last = inst.get(inst.size() - 1);
        assertEquals(11 % 3, last.instanceHandle());
        assertEquals(4, last.samples(), "instance 2 got samples 2, 5, 8, 11");
        assertEquals(11L, last.lastSeq());

        ring.clear();
        assertEquals(0, ring.size());
        assertEquals(List.of(), ring.from(0, 10));
        ring.append(Fixtures.sample(12, 1, value(1, 1)));
        assertEquals(List.of(12L), ring.from(0, 10).stream().map(ReceivedSample::seq).toList());
    }

    @Test
    void instancesAreBoundedToo() {
        SampleRing ring = new SampleRing(3);
        for (int i = 0; i < 10; i++) {
            ring.append(Fixtures.sample(i, 100 + i, value(i, i)));
        }
        assertEquals(List.of(107L, 108L, 109L), ring.instances().stream().map(InstanceView::instanceHandle).toList());
    }

    @Test
    void disposeKeepsTheLastValueAndChangesTheState() {
        SampleRing ring = new SampleRing(10);
        ring.append(Fixtures.sample(0, 5, value(5, 1)));
        Instant t = Instant.now();
        ring.append(new ReceivedSample(1, t, Fixtures.info(false, SampleInfo.InstanceState.NOT_ALIVE_DISPOSED, 5, t),
                null, new byte[4], null, null, List.of()));
        InstanceView v = ring.instances().get(0);
        assertEquals(SampleInfo.InstanceState.NOT_ALIVE_DISPOSED, v.state());
        assertEquals(0L, v.latest().seq());
        assertEquals(2, v.samples());
    }

    @Test
    void csvQuotesAndHasOneColumnPerField() {
        List<ReceivedSample> samples = List.of(Fixtures.sample(0, 1, value(1, 1.5)), Fixtures.sample(1, 2, value(2, -2)));
        var cols = List.of(new org.ddstuner.samples.SampleColumns.Column("@seq", "seq", true, false),
                new org.ddstuner.samples.SampleColumns.Column("@latency_us", "latency_us", true, false),
                new org.ddstuner.samples.SampleColumns.Column("sensor_id", "sensor_id", false, true),
                new org.ddstuner.samples.SampleColumns.Column("kind", "kind", false, false),
                new org.ddstuner.samples.SampleColumns.Column("position.x", "position.x", false, false),
                new org.ddstuner.samples.SampleColumns.Column("unit", "unit", false, false),
                new org.ddstuner.samples.SampleColumns.Column("missing", "missing", false, false));
        StringBuilder sb = new StringBuilder();
        SampleExport.writeCsv(samples, cols, sb);
        assertEquals("@seq,@latency_us,sensor_id,kind,position.x,unit,missing\r\n"
                + "0,250,1,PRESSURE,1.5,\"a,\"\"b\"\"\",\r\n"
                + "1,250,2,PRESSURE,-2.0,\"a,\"\"b\"\"\",\r\n", sb.toString());
    }

    /** The table cuts long values; CSV export keeps every element (5,000 octets, about 20,000 characters). */
    @Test
    void csvKeepsEveryElementOfLongSequences() {
        List<Short> bytes = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            bytes.add((short) (i % 256));
        }
        ReceivedSample s = Fixtures.sample(0, 1, java.util.Map.of("data", bytes));
        var col = new org.ddstuner.samples.SampleColumns.Column("data", "data", false, false);
        assertTrue(org.ddstuner.samples.SampleColumns.text(s, col).endsWith("\u2026"), "the table's text is cut");
        StringBuilder sb = new StringBuilder();
        SampleExport.writeCsv(List.of(s), List.of(col), sb);
        String expected = bytes.toString();
        assertEquals("data\r\n\"" + expected + "\"\r\n", sb.toString());
    }

    @Test
    void jsonExportReadsBackIntoValuesOfTheType() {
        var lib = Fixtures.library();
        List<ReceivedSample> samples = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Object v = SampleJson.fromJson(lib, new org.ddstuner.types.TypeRef("demo::Reading"),
                    "{\"sensor_id\": " + i + ", \"unit\": \"u" + i + "\", \"note\": \"line\\nbreak \\\"q\\\"\"}");
            samples.add(Fixtures.sample(i, i, v));
        }
        Instant t = Instant.now();
        samples.add(new ReceivedSample(3, t, Fixtures.info(false, SampleInfo.InstanceState.NOT_ALIVE_DISPOSED, 1, t),
                null, new byte[] {0, 1, 0, 0}, null, null, List.of()));
        String json = SampleExport.json(samples);
        assertTrue(json.contains("\"instance_state\":\"NOT_ALIVE_DISPOSED\""), json);
        assertTrue(json.contains("\"data\":\"00010000\""), json);
        // read back through a resolved-type-free path: the values of each exported sample
        var tree = org.ddstuner.json.StrictJson.parse(json);
        assertTrue(tree.isArray());
        assertEquals(4, tree.size());
        assertTrue(tree.get(3).get("value").isNull(), "not decoded: null");
        for (int i = 0; i < 3; i++) {
            Object value = org.ddstuner.json.StrictJson.toJava(tree.get(i).get("value"));
            assertEquals(samples.get(i).value(), SampleJson.fromJson(lib, new org.ddstuner.types.TypeRef("demo::Reading"),
                    SampleJson.toJson(samples.get(i).value())));
            assertTrue(value instanceof Map<?, ?>);
        }
        assertNull(samples.get(3).value());
    }
}
