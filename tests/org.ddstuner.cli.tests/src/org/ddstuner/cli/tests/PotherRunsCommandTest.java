package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pother-runs} on a store written by the desktop's own {@link RunStore} (no DDS: it only reads files): the
 * list with each run's end state, a run without an end record, --json, the CSV of one run and its errors.
 */
class PotherRunsCommandTest {

    @TempDir
    Path runs;

    @Test
    void listsRunsWithTheirStateAndPrintsOneAsCsv() throws Exception {
        RunStore store = new RunStore(runs);
        BenchmarkRun done = store.create(RunDefinition.throughput(512, Duration.ofSeconds(5)), RunEnvironment.capture("x"));
        done.step(0, done.definition());
        done.throughput("app 2", new ThroughputReport(1_000_000_000L, 1000, 512_000, 0, 0, 1000, 0), null);
        done.finish(BenchmarkRun.State.FINISHED, "");
        Thread.sleep(5); // ids and start times differ
        BenchmarkRun killed = store.create(RunDefinition.latency(64, Duration.ofSeconds(5)), RunEnvironment.capture("x"));
        killed.message("app 1", "written, then the process was killed: no end record");

        Result list = CliTest.run("pother-runs", "--runs-dir", runs.toString());
        assertEquals(0, list.code(), list.err());
        List<String> lines = list.out().lines().toList();
        assertEquals(List.of(killed.id() + "  latency  unfinished  " + killed.startedAt() + "  RTT 64 B",
                done.id() + "  throughput  finished  " + done.startedAt() + "  throughput 512 B"), lines);

        Result json = CliTest.run("pother-runs", "--json", "--runs-dir", runs.toString());
        assertEquals(0, json.code(), json.err());
        Map<String, Object> first = StrictJson.parseMap(json.out().lines().findFirst().orElseThrow());
        assertEquals(killed.id(), first.get("id"));
        assertEquals("unfinished", first.get("state"));
        assertEquals("latency", first.get("kind"));

        Result csv = CliTest.run("pother-runs", "csv", done.id(), "--runs-dir", runs.toString());
        assertEquals(0, csv.code(), csv.err());
        List<String> rows = csv.out().lines().toList();
        assertEquals(2, rows.size(), csv.out());
        assertTrue(rows.get(1).contains(",app 2,0,throughput,") && rows.get(1).contains(",1000.000,"), rows.get(1));
    }

    @Test
    void anEmptyStoreAndBadArgumentsSaySo() throws Exception {
        Result empty = CliTest.run("pother-runs", "--runs-dir", runs.resolve("none").toString());
        assertEquals(0, empty.code(), empty.err());
        assertEquals("# no saved runs in " + runs.resolve("none"), empty.out().strip());
        Result noId = CliTest.run("pother-runs", "csv", "--runs-dir", runs.toString());
        assertEquals(2, noId.code());
        assertTrue(noId.err().contains("pother-runs takes no argument (the list) or csv ID"), noId.err());
        Result path = CliTest.run("pother-runs", "csv", "../x", "--runs-dir", runs.toString());
        assertEquals(1, path.code());
        assertTrue(path.err().contains("no saved run \"../x\""), path.err());
        Files.writeString(runs.resolve("junk.jsonl"), "not json\n");
        Result junk = CliTest.run("pother-runs", "--runs-dir", runs.toString());
        assertEquals(0, junk.code(), junk.err());
        assertTrue(junk.out().startsWith("# no saved runs"), "a file that is not a run is not listed: " + junk.out());
        Result domain = CliTest.run("pother-runs", "--domain", "3");
        assertEquals(2, domain.code());
        assertTrue(domain.err().contains("pother-runs does not use --domain"), domain.err());
    }
}
