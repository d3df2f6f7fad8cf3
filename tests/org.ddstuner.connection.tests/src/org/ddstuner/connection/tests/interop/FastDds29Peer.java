package org.ddstuner.connection.tests.interop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.RepoLocator;

/**
 * The Fast DDS 2.9 peer of {@code tests/peers/fastdds29} (a C++ program on Debian's libfastrtps2.9),
 * built on first use by its {@code build.sh} and run like the other peers: INFO lines, READY, ends on
 * SIGTERM or when its stdin closes. (PeerProcess only starts the Python peers of tests/peers.)
 */
final class FastDds29Peer implements AutoCloseable {

    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration GRACE = Duration.ofSeconds(3);

    private final Process process;
    private final Map<String, String> info = new ConcurrentHashMap<>();
    private final StringBuffer output = new StringBuffer();
    private final CountDownLatch readyOrEnd = new CountDownLatch(1);
    private volatile boolean ready;

    private FastDds29Peer(Process process) {
        this.process = process;
        Thread.ofPlatform().daemon().name("fastdds29-peer-stdout").start(() -> pump(process.getInputStream(), true));
        Thread.ofPlatform().daemon().name("fastdds29-peer-stderr").start(() -> pump(process.getErrorStream(), false));
    }

    /**
     * Builds the peer if needed (build.sh, ~15 s the first time) and returns the binary.
     *
     * @throws AssertionError with the script's message, e.g. which Debian packages to install
     */
    static Path build() throws IOException, InterruptedException {
        Path script = RepoLocator.repoRoot().resolve("tests/peers/fastdds29/build.sh");
        Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(script + " did not finish within " + BUILD_TIMEOUT.toSeconds() + " s");
        }
        String text = new String(out, StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) {
            throw new AssertionError("Cannot build the Fast DDS 2.9 peer (" + script + ", exit " + p.exitValue()
                    + "):\n" + text);
        }
        Path binary = Path.of(text.substring(text.lastIndexOf('\n') + 1));
        if (!Files.isExecutable(binary)) {
            throw new AssertionError(script + " reported " + binary + ", which is not an executable:\n" + text);
        }
        return binary;
    }

    /** Starts the peer in {@code domainId} and waits for READY. */
    static FastDds29Peer start(Path binary, int domainId) throws IOException, InterruptedException {
        NetNs.requireIsolated();
        Process p = new ProcessBuilder(binary.toString(), "--domain", Integer.toString(domainId))
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        FastDds29Peer peer = new FastDds29Peer(p);
        if (!peer.readyOrEnd.await(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || !peer.ready) {
            peer.close();
            throw new AssertionError("The Fast DDS 2.9 peer did not print READY within " + READY_TIMEOUT.toSeconds()
                    + " s. Its output:\n" + peer.output);
        }
        return peer;
    }

    private void pump(InputStream in, boolean isStdout) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                output.append(line).append('\n');
                if (!isStdout) {
                    continue;
                }
                if (line.equals("READY")) {
                    ready = true;
                    readyOrEnd.countDown();
                } else if (line.startsWith("INFO ") && line.indexOf('=') > 0) {
                    info.putIfAbsent(line.substring(5, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
                }
            }
        } catch (IOException e) {
            // The stream closes when the peer ends; what it printed is in output.
        } finally {
            if (isStdout) {
                readyOrEnd.countDown();
            }
        }
    }

    long pid() {
        return process.pid();
    }

    /** A fact the peer printed as {@code INFO key=value} (guid, name, writer, reader…). */
    String info(String key) {
        String v = info.get(key);
        if (v == null) {
            throw new AssertionError("the Fast DDS 2.9 peer printed no INFO " + key + "; its output:\n" + output);
        }
        return v;
    }

    /** Everything it printed, for failure messages. */
    String output() {
        return output.toString();
    }

    /** SIGTERM (the peer deletes its participant), SIGKILL after a grace period. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        process.destroy();
        try {
            if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    @Override
    public String toString() {
        return "FastDds29Peer[pid " + process.pid() + (process.isAlive() ? ", running]" : ", ended]");
    }
}
