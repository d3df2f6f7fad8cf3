package org.ddstuner.pother.runs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Saved runs: one JSON-lines file per run in a directory (default {@code ~/.ddstuner/runs}). The first
 * line holds id, start time, definition and environment; then one line per step, report, message; the
 * last line says how the run ended. A file whose last line is incomplete (the process was killed while
 * writing) loads with everything before it.
 */
public final class RunStore {

    private static final String SUFFIX = ".jsonl";
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);

    /** What the first line of a run file says, for the saved-runs list. */
    public record RunInfo(String id, Path file, Instant startedAt, RunDefinition definition, RunEnvironment environment) { }

    private final Path dir;

    public RunStore(Path dir) {
        this.dir = dir;
    }

    /** ~/.ddstuner/runs */
    public static Path defaultDir() {
        return Path.of(System.getProperty("user.home"), ".ddstuner", "runs");
    }

    public Path dir() {
        return dir;
    }

    /** Starts a new run, saved as it goes. */
    public BenchmarkRun create(RunDefinition definition, RunEnvironment environment) throws IOException {
        Files.createDirectories(dir);
        Instant now = Instant.now();
        String base = ID_TIME.format(now) + "-" + definition.kind().name().toLowerCase() + "-" + definition.size();
        String id = base;
        Path file = dir.resolve(id + SUFFIX);
        for (int i = 2; Files.exists(file); i++) {
            id = base + "-" + i;
            file = dir.resolve(id + SUFFIX);
        }
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        Map<String, Object> head = new LinkedHashMap<>();
        head.put("type", "run");
        head.put("id", id);
        head.put("startedAt", now.toString());
        head.put("definition", definition.toJson());
        head.put("environment", environment.toJson());
        w.write(RunJson.write(head));
        w.write('\n');
        w.flush();
        return new BenchmarkRun(id, definition, environment, now, w);
    }

    /** Saved runs, newest first; files whose first line cannot be read are skipped. */
    public List<RunInfo> list() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<RunInfo> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).toList()) {
                try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                    String first = r.readLine();
                    if (first != null) {
                        out.add(info(RunJson.parseObject(first), f));
                    }
                } catch (IOException | RuntimeException e) {
                    // not a run file (or its header was cut off): not listed
                }
            }
        }
        out.sort(Comparator.comparing(RunInfo::startedAt).reversed());
        return out;
    }

    private static RunInfo info(Map<String, Object> head, Path f) {
        if (!"run".equals(head.get("type"))) {
            throw new IllegalArgumentException(f + " does not start with a run record");
        }
        return new RunInfo(RunJson.str(head, "id"), f, Instant.parse(RunJson.str(head, "startedAt")),
                RunDefinition.fromJson(RunJson.obj(head, "definition")),
                RunEnvironment.fromJson(RunJson.obj(head, "environment")));
    }

    /** Loads run {@code id} of this store. */
    public BenchmarkRun load(String id) throws IOException {
        return load(dir.resolve(id + SUFFIX));
    }

    /**
     * Loads a run file. An incomplete last line is dropped and the run marked {@link BenchmarkRun#truncated()};
     * a run without an end record ends as STOPPED ("ended without an end record").
     *
     * @throws IOException if the file cannot be read or its first line is not a run record
     */
    public static BenchmarkRun load(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = RunCodec.lines(text);
        RunInfo info;
        try {
            info = info(RunJson.parseObject(lines.get(0)), file);
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a run file: " + e.getMessage(), e);
        }
        BenchmarkRun run = new BenchmarkRun(info.id(), info.definition(), info.environment(), info.startedAt(), null);
        boolean ended = false;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean last = i == lines.size() - 1;
            if (line.isBlank()) {
                continue;
            }
            try {
                ended |= apply(run, RunJson.parseObject(line));
            } catch (RuntimeException e) {
                if (last) {
                    run.markTruncated(); // no newline after it: the writer died in the middle of this line
                } else {
                    run.addMessage(new Points.Message(0, null, "line " + (i + 1) + " of " + file.getFileName()
                            + " is unreadable and was skipped: " + e.getMessage()));
                }
            }
        }
        if (!ended) {
            run.endWith(BenchmarkRun.State.STOPPED, run.truncated() ? "the run was killed (its last report is cut off)"
                    : "the run ended without an end record (killed?)");
        }
        return run;
    }

    /** Adds one record to a loaded run; true for the end record. */
    private static boolean apply(BenchmarkRun run, Map<String, Object> m) {
        String type = RunJson.str(m, "type");
        double t = RunJson.num(m, "t");
        String agent = RunJson.str(m, "agent");
        AgentResources res = m.containsKey("resources") ? AgentResources.fromJson(RunJson.obj(m, "resources")) : null;
        switch (type == null ? "" : type) {
            case "step" -> run.addStep(new Points.Step((int) RunJson.num(m, "index"),
                    RunDefinition.fromJson(RunJson.obj(m, "definition")), t));
            case "latency" -> run.addLatency(new Points.Latency(t, agent, (int) RunJson.num(m, "step"),
                    RunCodec.latency(RunJson.obj(m, "report"))), res);
            case "throughput" -> run.addThroughput(new Points.Throughput(t, agent, (int) RunJson.num(m, "step"),
                    RunCodec.throughput(RunJson.obj(m, "report"))), res);
            case "discovery" -> run.addDiscovery(new Points.Discovery(t, agent, (int) RunJson.num(m, "step"),
                    DiscoveryResult.fromJson(RunJson.obj(m, "result"))));
            case "resources" -> run.addResources(new Points.Resources(t, agent, res));
            case "message" -> run.addMessage(new Points.Message(t, agent, RunJson.str(m, "text")));
            case "end" -> {
                run.endWith(BenchmarkRun.State.valueOf(RunJson.str(m, "state")), RunJson.str(m, "message"));
                return true;
            }
            default -> throw new IllegalArgumentException("unknown record type '" + type + "'");
        }
        return false;
    }
}
