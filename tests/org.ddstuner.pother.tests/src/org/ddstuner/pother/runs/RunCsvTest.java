package org.ddstuner.pother.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.StatSummary;
import org.junit.jupiter.api.Test;

/**
 * The latency statistics CSV of a saved run: one line per report, column and best fraction, in time order, with
 * the report's values read back as the same doubles (no rounding, no exponent), and empty cells where a fraction had
 * no samples. The UI tests' ExportTest checks it against a live run's reports too.
 */
class RunCsvTest {

    /** Two periods, the later one first in the file; values that rounding to 3 decimals or %g would change. */
    private static final String RUN = """
            {"type":"run","id":"r","startedAt":"2026-11-23T17:25:34.930542538Z","definition":{"kind":"LATENCY","name":"bench","size":64,"rate":0,"burst":1,"reliable":true,"durationMs":2000,"periodMs":250,"transport":"UDP","loadSize":0,"loadRate":0.0,"label":"RTT 64 B","senders":0},"environment":{"host":"h","libddscVersion":"0.10.2","libddscPath":"/x","javaVersion":"25","cpuCount":2,"os":"Linux","config":"<CycloneDDS/>"}}
            {"type":"latency","t":0.5,"agent":"app 101, \\"a\\"","step":1,"report":{"periodNs":250000000,"sent":3,"received":3,"columns":{"TRIP":{"p50":26500.0,"p90":31000.0,"p99":45000.0,"exact":true,"rows":{"ALL":[3,12345.0,0.30000000000000004,1.0E300,1234567.891],"P99_9":[3,12345.0,27777.123456789,123456.0,4321.5],"P99":[3,12345.0,26000.25,99000.0,3000.125],"P90":[2,12345.0,25000.0,40000.0,2000.0]}},"INTER_ARRIVAL":{"p50":null,"p90":null,"p99":null,"exact":false,"rows":{"ALL":[0,null,null,null,null],"P99_9":[0,null,null,null,null],"P99":[0,null,null,null,null],"P90":[0,null,null,null,null]}}}}}
            {"type":"latency","t":0.25,"agent":"app 101","step":0,"report":{"periodNs":250000000,"sent":1,"received":1,"columns":{"ECHO":{"p50":7.0,"p90":7.0,"p99":7.0,"exact":true,"rows":{"ALL":[1,7.0,7.0,7.0,0.0],"P99_9":[1,7.0,7.0,7.0,0.0],"P99":[1,7.0,7.0,7.0,0.0],"P90":[1,7.0,7.0,7.0,0.0]}}}}}
            """;

    @Test
    void everyColumnAndFractionOfEveryReportWithTheReportsValues() throws IOException {
        Path dir = Files.createTempDirectory("ddstuner-runcsv");
        Path file = dir.resolve("r.jsonl");
        Files.writeString(file, RUN, StandardCharsets.UTF_8);
        BenchmarkRun run = RunStore.load(file);
        Path csv = dir.resolve("r-latency-stats.csv");
        assertEquals(3 * 4, RunCsv.writeLatencyStats(run, csv));
        List<String> lines = Files.readAllLines(csv);
        assertEquals(RunCsv.LATENCY_STATS_HEADER, lines.get(0));
        assertEquals(13, lines.size());
        // time order: the 0.25 s period first; the agent name with a comma and quotes quoted
        assertEquals("0.250,app 101,0,echo latency,100%,1,0.007,0.007,0.007,0.0", lines.get(1));
        assertTrue(lines.get(5).startsWith("0.500,\"app 101, \"\"a\"\"\",1,trip latency,100%,3,12.345,"), lines.get(5));
        assertTrue(lines.stream().noneMatch(l -> l.contains("E")), "no exponent: " + lines);
        assertEquals("0.500,\"app 101, \"\"a\"\"\",1,inter-arrival,90%,0,,,,", lines.get(12));
        // every value as the report has it
        Points.Latency trip = run.latency().stream().filter(p -> p.step() == 1).findFirst().orElseThrow();
        for (BestFraction f : BestFraction.values()) {
            StatSummary s = trip.report().column(LatencyColumn.TRIP).rows().get(f);
            String line = lines.get(5 + f.ordinal());
            String[] cells = line.substring(line.indexOf(",trip latency,") + 1).split(",", -1);
            assertEquals(f.label(), cells[1]);
            assertEquals(s.count(), Long.parseLong(cells[2]));
            assertEquals(s.min() / 1e3, Double.parseDouble(cells[3]), line);
            assertEquals(s.avg() / 1e3, Double.parseDouble(cells[4]), line);
            assertEquals(s.max() / 1e3, Double.parseDouble(cells[5]), line);
            assertEquals(s.stdDev() / 1e3, Double.parseDouble(cells[6]), line);
        }
    }
}
