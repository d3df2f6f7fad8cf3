package org.ddstuner.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.ddstuner.dds.CycloneConfig;

/**
 * The agent tests' C application (tests/org.ddstuner.agent.tests/native/tuned_app.c: one writer with ownership
 * strength 5 and one reader on TunedTopic), compiled here with gcc against cyclonedds-dev and run as a real process:
 * either linked with libddstuner_agent and calling ddstuner_agent_start(), or plain (the agent comes by LD_PRELOAD).
 * Its writer and reader GUIDs come from its first output line. Shared by the agent, CLI and agent UI tests.
 */
public final class TunedApp implements AutoCloseable {

    /** The agent library the bundle's build made. */
    public static Path agentLibrary() {
        Path lib = RepoLocator.repoRoot().resolve("bundles/org.ddstuner.agent/target/native/libddstuner_agent.so");
        if (!Files.isRegularFile(lib)) {
            throw new IllegalStateException("no " + lib + ": build bundles/org.ddstuner.agent first");
        }
        return lib;
    }

    /** Compiles the application into dir; explicit = linked with the agent, calling ddstuner_agent_start(). */
    public static Path build(Path dir, boolean explicit) throws IOException, InterruptedException {
        Path src = RepoLocator.repoRoot().resolve("tests/org.ddstuner.agent.tests/native");
        Path lib = agentLibrary().getParent();
        run(dir, "idlc", "-o", dir.toString(), src.resolve("tuned.idl").toString());
        Path exe = dir.resolve(explicit ? "tuned_app_explicit" : "tuned_app_plain");
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O1", "-Wall", "-I" + dir, "-I" + lib,
                src.resolve("tuned_app.c").toString(), dir.resolve("tuned.c").toString(), "-o", exe.toString()));
        if (explicit) {
            cmd.addAll(List.of("-DEXPLICIT_START", "-L" + lib, "-Wl,-rpath," + lib, "-lddstuner_agent"));
        }
        cmd.add("-lddsc");
        run(dir, cmd.toArray(String[]::new));
        return exe;
    }

    private static void run(Path dir, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
    }

    public final Process process;
    public final long pid;
    /** 32 hex digits, as the application prints them. */
    public final String writerGuid;
    public final String readerGuid;
    public final Path stderr;

    /**
     * Starts exe in domain; env adds to the environment (DDSTUNER_AGENT_SECRET, LD_PRELOAD, ...). Waits for the
     * line naming the application's writer and reader.
     */
    public TunedApp(Path exe, int domain, Map<String, String> env, Path stderr) throws IOException {
        // it runs at most 300 s (a hung test does not leave it behind for long); close() ends it sooner
        ProcessBuilder pb = new ProcessBuilder(exe.toString(), "300", Integer.toString(domain));
        pb.environment().put("CYCLONEDDS_URI", CycloneConfig.loopbackOnly());
        pb.environment().putAll(env);
        pb.redirectError(stderr.toFile());
        this.stderr = stderr;
        process = pb.start();
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (line == null || !line.startsWith("pid=")) {
            process.destroy();
            throw new IllegalStateException("tuned app did not start: " + line + "\n" + Files.readString(stderr));
        }
        String[] f = line.split(" ");
        pid = Long.parseLong(f[0].substring(4));
        writerGuid = f[1].substring("writer=".length());
        readerGuid = f[2].substring("reader=".length());
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close(); // the app ends when its stdin closes
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
