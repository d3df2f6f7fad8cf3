package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.RunCsv;
import org.ddstuner.pother.runs.RunStore;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code ddstuner pother-runs}: the saved benchmark runs (the desktop's and {@code pother-run}'s) newest first, one
 * line each: id, kind, state, start time and label ({@code --json}: one object per line). {@code pother-runs csv
 * ID} prints run ID as the desktop's CSV export. {@code --runs-dir DIR} reads another store (default: the
 * desktop's, {@code -Dddstuner.runs.dir} or ~/.ddstuner/runs). Exit 1 when run ID is not there.
 */
final class PotherRunsCommand {

    /** Bytes read from the end of a run file to find its end record (a report line is a few KB at most). */
    private static final int TAIL_BYTES = 64 * 1024;

    private final PotherOptions options;
    private final List<String> positional;
    private final PrintStream out;

    PotherRunsCommand(List<String> positional, PotherOptions options, PrintStream out) {
        this.positional = List.copyOf(positional);
        this.options = options;
        this.out = out;
        boolean csv = !positional.isEmpty() && positional.get(0).equals("csv");
        if (!positional.isEmpty() && !(csv && positional.size() == 2)) {
            throw new CliException(Main.EXIT_USAGE, "pother-runs takes no argument (the list) or csv ID, not "
                    + String.join(" ", positional) + ".");
        }
        if (csv && options.common.json) {
            throw new CliException(Main.EXIT_USAGE, "pother-runs csv prints CSV; --json is for the list.");
        }
    }

    int run() {
        RunStore store = new RunStore(PotherRunRecord.dir(options.values.get("--runs-dir")));
        try {
            return positional.isEmpty() ? list(store) : csv(store, positional.get(1));
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "cannot read the runs in " + store.dir() + ": " + e.getMessage());
        }
    }

    private int list(RunStore store) throws IOException {
        List<RunStore.RunInfo> runs = store.list();
        for (RunStore.RunInfo r : runs) {
            String state = state(r.file());
            if (options.common.json) {
                out.println(StrictJson.write(g -> {
                    g.writeStartObject();
                    g.writeStringField("id", r.id());
                    g.writeStringField("kind", kind(r));
                    g.writeStringField("state", state);
                    g.writeStringField("started", r.startedAt().toString());
                    g.writeStringField("label", r.definition().label());
                    g.writeStringField("host", r.environment().host());
                    g.writeStringField("file", r.file().toString());
                    g.writeEndObject();
                }));
            } else {
                out.println(r.id() + "  " + kind(r) + "  " + state + "  " + r.startedAt() + "  " + r.definition().label());
            }
        }
        if (runs.isEmpty() && !options.common.json) {
            out.println("# no saved runs in " + store.dir());
        }
        return Main.EXIT_OK;
    }

    private static String kind(RunStore.RunInfo r) {
        return r.definition().kind().name().toLowerCase().replace('_', '-');
    }

    /**
     * How the run ended, from its last line: FINISHED, STOPPED or FAILED, or "unfinished" when it has no end record
     * (still running, or killed: the desktop loads it as stopped).
     */
    static String state(Path file) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, f.length() - TAIL_BYTES);
            byte[] tail = new byte[(int) (f.length() - from)];
            f.seek(from);
            f.readFully(tail);
            String text = new String(tail, StandardCharsets.UTF_8).strip();
            String last = text.substring(text.lastIndexOf('\n') + 1);
            JsonNode m = StrictJson.parseObject(last);
            if ("end".equals(m.path("type").textValue()) && m.path("state").textValue() instanceof String s) {
                return s.toLowerCase();
            }
        } catch (IOException | RuntimeException e) {
            // a cut-off last line: as unfinished
        }
        return "unfinished";
    }

    private int csv(RunStore store, String id) throws IOException {
        Path file = store.dir().resolve(id + ".jsonl");
        if (!id.matches("[A-Za-z0-9_.-]+") || !Files.isRegularFile(file)) {
            throw new CliException(Main.EXIT_EXPECTATION, "no saved run \"" + id + "\" in " + store.dir()
                    + " (ddstuner pother-runs lists them).");
        }
        BenchmarkRun run = RunStore.load(file);
        Path tmp = Files.createTempFile("ddstuner-run", ".csv");
        try {
            RunCsv.write(run, tmp);
            out.print(Files.readString(tmp, StandardCharsets.UTF_8));
            out.flush();
        } finally {
            Files.deleteIfExists(tmp);
        }
        return Main.EXIT_OK;
    }
}
