package org.ddstuner.testsupport;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.ddstuner.pother.runs.AgentLauncher;

/**
 * {@code ddstuner ARGS…} in a child JVM ({@link CliClassPath}, as the start script runs it), optionally in a
 * {@link TwoHosts.Host}'s namespace, for UI tests that need a real {@code ddstuner serve} or Pother agent process to
 * cut off or kill. Stdout lines are queued as they come (so a test waits for "READY" without blocking its UI thread
 * for long); stderr goes to a file. {@link #close()} ends it with SIGTERM, {@link #kill()} with SIGKILL.
 */
public final class CliChild implements AutoCloseable {

    private final Process process;
    private final Path err;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private CliChild(Process process, Path err) {
        this.process = process;
        this.err = err;
        Thread.ofPlatform().daemon().name("cli-child-" + process.pid()).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        });
    }

    /** Starts {@code ddstuner args…} in {@code host}'s namespace ({@code null}: this JVM's). */
    public static CliChild start(TwoHosts.Host host, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, CliClassPath.entries()),
                AgentLauncher.MAIN));
        cmd.addAll(List.of(args));
        if (host != null) {
            cmd = host.command(cmd);
        }
        Path err = Files.createTempFile("ddstuner-cli-child", ".err");
        return new CliChild(new ProcessBuilder(cmd).redirectError(err.toFile()).start(), err);
    }

    /**
     * The next stdout line starting with {@code prefix} (earlier ones are dropped), waiting at most {@code seconds}.
     *
     * @throws IllegalStateException not printed in time (with stderr)
     */
    public String awaitLine(String prefix, long seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() - end < 0) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IllegalStateException("\"" + prefix + "\" not printed within " + seconds + " s; stderr: " + stderr());
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** SIGKILL, as a crash or {@code kill -9} would: the process gets no chance to say goodbye. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    public String stderr() {
        try {
            return Files.readString(err);
        } catch (IOException e) {
            return "(stderr unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        try {
            Files.deleteIfExists(err);
        } catch (IOException e) {
            // a temp file left behind
        }
    }
}
