package org.ddstuner.dds.tests;

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

import org.junit.jupiter.api.Assumptions;

/**
 * A main class of this fragment run in a child JVM on the compiled classes of the bundle and of this
 * fragment (no OSGi, no JUnit): for DDS peers in another process (so discovery and type lookup cross the
 * network stack) and for runs against another libddsc. The class path comes from the system property
 * {@code ddstuner.test.classpath}, else from the modules' target/classes under the repository.
 */
final class JavaPeer implements AutoCloseable {

    private final Process process;
    private final BufferedReader out;

    private JavaPeer(Process process) {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The class path for a child JVM; skips the calling test when the compiled classes are not found. */
    static String classPath() {
        String configured = System.getProperty("ddstuner.test.classpath");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        Path repo = NativeTools.probeDir().getParent().getParent();
        Path bundle = repo.resolve("bundles/org.ddstuner.dds/target/classes");
        Path tests = repo.resolve("tests/org.ddstuner.dds.tests/target/classes");
        Assumptions.assumeTrue(Files.isDirectory(bundle) && Files.isRegularFile(
                tests.resolve("org/ddstuner/dds/tests/JavaPeer.class")), "compiled classes not found under " + repo);
        return bundle + File.pathSeparator + tests;
    }

    static List<String> command(Class<?> main, List<String> jvmArgs, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", classPath(), main.getName()));
        cmd.addAll(args);
        return cmd;
    }

    /** Starts {@code main} and waits for it to print a line {@code READY} (anything else fails). */
    static JavaPeer start(Class<?> main, List<String> args) throws IOException {
        Process p = new ProcessBuilder(command(main, List.of(), args)).redirectErrorStream(true).start();
        JavaPeer peer = new JavaPeer(p);
        String line;
        StringBuilder seen = new StringBuilder();
        while ((line = peer.out.readLine()) != null) {
            if (line.equals("READY")) {
                return peer;
            }
            seen.append(line).append('\n');
        }
        peer.close();
        throw new AssertionError(main.getSimpleName() + " ended before READY:\n" + seen);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
