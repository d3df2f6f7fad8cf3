package org.ddstuner.pother.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.junit.jupiter.api.Test;

/**
 * Run files on Jackson with the project's strict set-up ({@code org.ddstuner.json}): a file written by the run
 * store's own first JSON writer (commit e39216d, the code before the switch) still loads with every value,
 * NaN written as null still reads as NaN, and what the store writes now is the same text.
 */
class RunJsonTest {

    /** Written with the code of commit e39216d (its RunStore, BenchmarkRun and JSON writer), values chosen to need every rule. */
    private static final String OLD_RUN = """
            {"type":"run","id":"20261123-172534-930-latency-64","startedAt":"2026-11-23T17:25:34.930542538Z","definition":{"kind":"LATENCY","name":"bench","size":64,"rate":1000.5,"burst":1,"reliable":true,"durationMs":2000,"periodMs":250,"transport":"UDP","loadSize":0,"loadRate":0.0,"label":"RTT 64 B @1000/s","senders":0},"environment":{"host":"host \\"q\\"","libddscVersion":"0.10.2","libddscPath":"/usr/lib/x86_64-linux-gnu/libddsc.so.0","javaVersion":"25.0.3","cpuCount":2,"os":"Linux 6.8 amd64","config":"<CycloneDDS>\\n\\t<Domain id=\\"any\\"/>\\\\</CycloneDDS>"}}
            {"type":"step","t":6.58086E-4,"index":0,"definition":{"kind":"LATENCY","name":"bench","size":64,"rate":1000.5,"burst":1,"reliable":true,"durationMs":2000,"periodMs":250,"transport":"UDP","loadSize":0,"loadRate":0.0,"label":"RTT 64 B @1000/s","senders":0}}
            {"type":"latency","t":0.029039034,"agent":"agent-1","step":0,"report":{"periodNs":250000123,"sent":35124,"received":35123,"columns":{"TRIP":{"p50":26500.0,"p90":31000.0,"p99":45000.0,"exact":true,"rows":{"ALL":[35123,12345.0,0.30000000000000004,1.0E300,4.9E-324],"P99_9":[35088,12345.0,27777.123456789,123456.0,4321.5],"P99":[34771,12345.0,26000.25,99000.0,3000.125],"P90":[31610,12345.0,25000.0,40000.0,2000.0]}},"INTER_ARRIVAL":{"p50":null,"p90":null,"p99":null,"exact":false,"rows":{"ALL":[0,null,null,null,null],"P99_9":[0,null,null,null,null],"P99":[0,null,null,null,null],"P90":[0,null,null,null,null]}}}},"resources":{"cpuUser":12.5,"cpuSys":null,"rss":123456789012}}
            {"type":"throughput","t":0.032047563,"agent":"agent-2","step":0,"report":{"periodNs":1000000123,"samples":250000,"bytes":256000000,"lost":7,"outOfOrder":3,"theoretical":null}}
            {"type":"resources","t":0.032608666,"agent":"agent-2","resources":{"cpuUser":99.75,"cpuSys":0.25,"rss":987654321}}
            {"type":"message","t":0.039254905,"text":"text with a \\u0001 control, \\"quotes\\", a \\\\ backslash, tab\\tand \u00e9\u00fc\u4e2d"}
            {"type":"end","t":0.040270111,"state":"FINISHED","message":"done"}
            """;

    private static List<String> oldLines() {
        List<String> lines = new ArrayList<>(Arrays.asList(OLD_RUN.split("\n")));
        lines.removeIf(String::isEmpty);
        return lines;
    }

    @Test
    void aRunFileOfTheOldWriterLoadsWithEveryValue() throws IOException {
        Path dir = Files.createTempDirectory("ddstuner-oldrun");
        Path file = dir.resolve("old.jsonl");
        Files.writeString(file, OLD_RUN, StandardCharsets.UTF_8);
        BenchmarkRun run = RunStore.load(file);

        RunDefinition d = new RunDefinition(RunDefinition.Kind.LATENCY, "bench", 64, 1000.5, 1, true,
                Duration.ofSeconds(2), Duration.ofMillis(250), RunDefinition.Transport.UDP, 0, 0, null, 0, EndpointQos.DEFAULTS);
        assertEquals(d, run.definition());
        assertEquals("RTT 64 B @1000/s", run.definition().label());
        assertEquals(new RunEnvironment("host \"q\"", "0.10.2", "/usr/lib/x86_64-linux-gnu/libddsc.so.0", "25.0.3", 2,
                "Linux 6.8 amd64", "<CycloneDDS>\n\t<Domain id=\"any\"/>\\</CycloneDDS>"), run.environment());
        assertEquals(BenchmarkRun.State.FINISHED, run.state());
        assertEquals("done", run.endMessage());
        assertFalse(run.truncated());

        LatencyReport r = run.latency().get(0).report();
        assertEquals(250_000_123L, r.periodNanos());
        assertEquals(35124, r.sent());
        assertEquals(35123, r.received());
        LatencyReport.Column trip = r.column(LatencyColumn.TRIP);
        assertEquals(new StatSummary(35123, 12345.0, 0.1 + 0.2, 1e300, Double.MIN_VALUE), trip.rows().get(BestFraction.ALL),
                "doubles read back bit-identical");
        assertEquals(27_777.123456789, trip.rows().get(BestFraction.P99_9).avg());
        assertEquals(45_000.0, trip.p99());
        assertTrue(trip.exact());
        LatencyReport.Column empty = r.column(LatencyColumn.INTER_ARRIVAL);
        assertTrue(Double.isNaN(empty.p50()), "NaN was written as null and reads as NaN");
        assertEquals(0, empty.rows().get(BestFraction.P90).count());
        assertTrue(Double.isNaN(empty.rows().get(BestFraction.P90).min()));
        assertFalse(empty.exact());

        AgentResources res = run.resources().get(0).resources();
        assertEquals(12.5, res.cpuUserPercent());
        assertTrue(Double.isNaN(res.cpuSystemPercent()));
        assertEquals(123_456_789_012L, res.rssBytes());
        assertEquals(new AgentResources(99.75, 0.25, 987_654_321L), run.resources().get(1).resources());

        var t = run.throughput().get(0);
        assertEquals("agent-2", t.agent());
        assertEquals(256_000_000L, t.report().bytes());
        assertEquals(7, t.report().lostTotal());
        assertEquals(3, t.report().outOfOrderTotal());
        assertTrue(Double.isNaN(t.report().theoreticalSamplesPerSecond()), "an infinite rate was written as null");
        assertEquals("text with a \u0001 control, \"quotes\", a \\ backslash, tab\tand \u00e9\u00fc\u4e2d",
                run.messages().get(0).text());
    }

    @Test
    void theWriterNowWritesWhatTheOldOneWrote() {
        for (String line : oldLines()) {
            assertEquals(line, RunJson.write(asStored(RunJson.parseObject(line))), "read and written again");
        }
    }

    /** The values as the run codecs hand them to the writer: doubles, longs, null for NaN. */
    private static Object asStored(Object v) {
        return switch (v) {
            case java.math.BigInteger i -> i.longValueExact();
            case java.math.BigDecimal d -> d.doubleValue();
            case Map<?, ?> m -> {
                Map<String, Object> out = new LinkedHashMap<>();
                m.forEach((k, e) -> out.put((String) k, asStored(e)));
                yield out;
            }
            case List<?> l -> l.stream().map(RunJsonTest::asStored).toList();
            case null -> Double.NaN;
            default -> v;
        };
    }

    @Test
    void nanAndInfinityAreWrittenAsNullAndReadAsNaN() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nan", Double.NaN);
        m.put("inf", Double.NEGATIVE_INFINITY);
        m.put("row", List.of(1L, Double.NaN, 2.5));
        m.put("label", null);
        m.put("big", Long.MAX_VALUE);
        String text = RunJson.write(m);
        assertEquals("{\"nan\":null,\"inf\":null,\"row\":[1,null,2.5],\"label\":null,\"big\":9223372036854775807}", text);
        Map<String, Object> back = RunJson.parseObject(text);
        assertTrue(Double.isNaN(RunJson.num(back, "nan")));
        assertTrue(Double.isNaN(RunJson.num(back, "missing")));
        assertTrue(Double.isNaN(RunJson.asNum(RunJson.list(back, "row").get(1))));
        assertNull(RunJson.str(back, "label"));
        assertEquals(Long.MAX_VALUE, RunJson.lng(back, "big"), "longs are exact, not rounded through a double");
        assertEquals("member 'nan' is missing", assertThrows(IllegalArgumentException.class,
                () -> RunJson.lng(back, "nan")).getMessage());
    }

    @Test
    void badLinesGiveErrorsThatSayWhatAndWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunJson.parseObject("{\"type\":\"latency\",\"t\":1.5,}"));
        assertTrue(e.getMessage().contains("column 27") && e.getMessage().contains("was expecting double-quote to start field name"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RunJson.num(RunJson.parseObject("{\"t\":\"x\"}"), "t"));
        assertEquals("member 't' should be a number, not a string", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RunJson.parseObject("[1]"));
        assertTrue(e.getMessage().contains("expected a JSON object"), e.getMessage());
    }
}
