package org.ddstuner.demo.tests;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.ChildClassPath;

/**
 * {@link DemoPeer} in a child JVM: the demo in another process, so its endpoints' type information
 * reaches this process over the wire (libddsc keeps it out of the built-in samples of local endpoints).
 * The class path is made of the folders or jars the bundles were loaded from.
 */
final class DemoProcess implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final List<String> output = new ArrayList<>();

    private DemoProcess(Process process) {
        this.process = process;
    }

    static DemoProcess start(int domainId) throws IOException, InterruptedException, URISyntaxException {
        String cp = ChildClassPath.of(DemoPeer.class, org.ddstuner.demo.DemoSystem.class, org.ddstuner.dds.Domain.class,
                org.ddstuner.types.TypeLibrary.class);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", cp, DemoPeer.class.getName(),
                String.valueOf(domainId)).redirectErrorStream(true).start();
        DemoProcess demo = new DemoProcess(p);
        CountDownLatch ready = new CountDownLatch(1);
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (demo.output) {
                        demo.output.add(line);
                    }
                    if (line.equals("READY")) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        if (!ready.await(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            demo.close();
            throw new AssertionError("the demo process did not print READY within " + READY_TIMEOUT + " (class path "
                    + cp + "):\n" + demo.output());
        }
        return demo;
    }


    /** What the process printed so far. */
    String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
