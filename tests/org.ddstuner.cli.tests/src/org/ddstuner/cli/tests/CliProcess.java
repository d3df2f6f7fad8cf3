package org.ddstuner.cli.tests;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.CliClassPath;

/**
 * {@code ddstuner} in a child JVM on the test runtime's headless bundles and the CLI's libraries
 * ({@link org.ddstuner.testsupport.CliClassPath}), as the start script runs it on the product's jars (plain class
 * path, no OSGi): for signals, and for a second command on a domain this JVM has open already
 * (one connection per domain per process). Stdout is read line by line; stderr goes to a file.
 */
final class CliProcess implements AutoCloseable {

    final Process process;
    final BufferedReader out;
    private final Path err;

    private CliProcess(Process process, Path err) {
        this.process = process;
        this.err = err;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static CliProcess start(String... args) throws IOException {
        return start(List.of(), args);
    }

    /** Like {@link #start(String...)} with the environment variables {@code unset} removed. */
    static CliProcess start(List<String> unset, String... args) throws IOException {
        return start(null, unset, args);
    }

    /** Like {@link #start(String...)}, in the network namespace of {@code host} (issue 15's two-host tests). */
    static CliProcess startIn(org.ddstuner.testsupport.TwoHosts.Host host, String... args) throws IOException {
        return start(host, List.of(), args);
    }

    private static CliProcess start(org.ddstuner.testsupport.TwoHosts.Host host, List<String> unset, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), "org.ddstuner.cli.Main"));
        cmd.addAll(List.of(args));
        if (host != null) {
            cmd = host.command(cmd);
        }
        Path err = Files.createTempFile("ddstuner-cli", ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        unset.forEach(pb.environment()::remove);
        return new CliProcess(pb.start(), err);
    }

    String stderr() {
        try {
            return Files.readString(err);
        } catch (IOException e) {
            return "(stderr unreadable: " + e + ")";
        }
    }

    /**
     * Reads stdout up to the first line that starts with {@code prefix} and returns it; fails the test with the
     * process's stderr when stdout ends first.
     */
    String awaitLine(String prefix) throws IOException {
        String line;
        do {
            line = out.readLine();
        } while (line != null && !line.startsWith(prefix));
        if (line == null) {
            throw new org.opentest4j.AssertionFailedError(prefix + " not printed; stderr: " + stderr());
        }
        return line;
    }

    /** Waits until stderr contains {@code text}; false after {@code seconds}. */
    boolean awaitStderr(String text, long seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!stderr().contains(text)) {
            if (System.nanoTime() > end || !process.isAlive() && !stderr().contains(text)) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** The product's CLI class path in this test runtime: {@link CliClassPath}. */
    static String classPath() {
        return String.join(File.pathSeparator, CliClassPath.entries());
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(err);
    }
}
