package org.ddstuner.health.tests;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.runs.AgentLauncher;
import org.ddstuner.testsupport.BeatWriter;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.CliClassPath;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Child JVMs of the watch tests: {@code ddstuner watch} on the product's plain class path, and {@link BeatWriter}. */
final class Processes {

    private Processes() {
    }

    /** A child process whose stdout lines are queued as they come; stderr goes to a file. */
    static final class Child implements AutoCloseable {
        final Process process;
        final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final Path err;

        Child(ProcessBuilder pb) throws IOException {
            err = Files.createTempFile("ddstuner-health", ".err");
            process = pb.redirectError(err.toFile()).start();
            Thread.ofPlatform().daemon().start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l = r.readLine(); l != null; l = r.readLine()) {
                        lines.add(l);
                    }
                } catch (IOException e) {
                    // process gone
                }
            });
        }

        String stderr() {
            try {
                return Files.readString(err);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }

        /** The next stdout line, or null after {@code seconds}. */
        String next(double seconds) throws InterruptedException {
            return lines.poll((long) (seconds * 1000), TimeUnit.MILLISECONDS);
        }

        /** The stdout lines (JSON objects, as {@code watch --json} prints) that are there now. */
        List<ObjectNode> drain() throws InterruptedException {
            List<ObjectNode> out = new ArrayList<>();
            for (String l = next(0.05); l != null; l = next(0.05)) {
                out.add(StrictJson.parseObject(l));
            }
            return out;
        }

        /** Stdout's JSON lines until {@code done} holds for them or {@code seconds} passed. */
        List<ObjectNode> collect(double seconds, Predicate<List<ObjectNode>> done) throws InterruptedException {
            List<ObjectNode> out = new ArrayList<>();
            long end = System.nanoTime() + (long) (seconds * 1e9);
            while (!done.test(out) && System.nanoTime() < end) {
                String l = next(0.2);
                if (l != null) {
                    out.add(StrictJson.parseObject(l));
                }
            }
            return out;
        }

        boolean awaitStderr(String text, double seconds) throws InterruptedException {
            long end = System.nanoTime() + (long) (seconds * 1e9);
            while (!stderr().contains(text)) {
                if (System.nanoTime() > end || !process.isAlive()) {
                    return stderr().contains(text);
                }
                Thread.sleep(50);
            }
            return true;
        }

        void signal(String sig) throws IOException, InterruptedException {
            Processes.signal(process.pid(), sig);
        }

        @Override
        public void close() throws IOException {
            if (process.isAlive()) {
                try {
                    signal("CONT"); // a stopped process does not die on SIGTERM until continued
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Files.deleteIfExists(err);
        }
    }

    static void signal(long pid, String sig) throws IOException, InterruptedException {
        Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start();
        if (k.waitFor() != 0) {
            throw new IOException("kill -" + sig + " " + pid + " failed");
        }
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code ddstuner ARGS…} as the start script runs it: every headless bundle and the libraries ({@link CliClassPath}). */
    static Child cli(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp",
                String.join(File.pathSeparator, CliClassPath.entries()), AgentLauncher.MAIN));
        cmd.addAll(List.of(args));
        return new Child(new ProcessBuilder(cmd));
    }

    /** {@link BeatWriter} in a JVM of its own, once it printed READY. */
    static Child writer(int domain, String mode, String topic) throws Exception {
        String cp = ChildClassPath.of(BeatWriter.class, org.ddstuner.dds.Domain.class);
        Child c = new Child(new ProcessBuilder(java(), "--enable-native-access=ALL-UNNAMED", "-cp", cp,
                BeatWriter.class.getName(), Integer.toString(domain), mode, topic));
        String l = c.next(20);
        if (!"READY".equals(l)) {
            String e = c.stderr();
            c.close();
            throw new IllegalStateException("BeatWriter did not start: " + l + " " + e);
        }
        return c;
    }
}
