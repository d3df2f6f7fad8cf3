package org.ddstuner.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A running foreign DDS peer (see {@code tests/peers}). It exists only once the peer printed READY,
 * i.e. once all its DDS entities exist. {@link #close()} ends the peer and everything it started.
 *
 * <p>The peer's stdin stays an open pipe: the peers stop by themselves when it closes, so a peer
 * never outlives a test JVM that died without calling {@code close()}.
 */
public final class PeerProcess implements AutoCloseable {

    private static final String READY = "READY";
    private static final String INFO_PREFIX = "INFO ";
    private static final int TAIL_CHARS = 16 * 1024;
    private static final Duration GRACE = Duration.ofSeconds(3);

    private final String name;
    private final Process process;
    private final TailBuffer stdout = new TailBuffer(TAIL_CHARS);
    private final TailBuffer stderr = new TailBuffer(TAIL_CHARS);
    private final Map<String, List<String>> info = new LinkedHashMap<>();
    private final CountDownLatch readyOrEnd = new CountDownLatch(1);
    private final Thread stdoutPump;
    private final Thread stderrPump;
    private volatile boolean ready;

    private PeerProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.stdoutPump = Thread.ofPlatform().daemon().name("peer-" + name + "-stdout")
                .start(() -> pump(process.getInputStream(), true));
        this.stderrPump = Thread.ofPlatform().daemon().name("peer-" + name + "-stderr")
                .start(() -> pump(process.getErrorStream(), false));
    }

    /**
     * Starts {@code command} and waits until it prints READY.
     *
     * @throws PeerStartException if it cannot start, exits first, or is not ready within {@code readyTimeout}
     *                             (the message holds the peer's stderr)
     */
    static PeerProcess start(String name, ProcessBuilder builder, Duration readyTimeout) {
        Process process;
        try {
            process = builder.redirectInput(ProcessBuilder.Redirect.PIPE).start();
        } catch (IOException e) {
            throw new PeerStartException("Cannot start peer " + name + " (" + String.join(" ", builder.command()) + "): "
                    + e.getMessage(), e);
        }
        PeerProcess peer = new PeerProcess(name, process);
        peer.awaitReady(readyTimeout);
        return peer;
    }

    private void awaitReady(Duration timeout) {
        boolean signalled;
        try {
            signalled = readyOrEnd.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new PeerStartException("Interrupted while waiting for peer " + name + " to print READY", e);
        }
        if (signalled && ready) {
            return;
        }
        String why = signalled ? "exited before printing READY" : "printed no READY within " + timeout.toSeconds() + " s";
        close();
        joinQuietly(stderrPump);
        joinQuietly(stdoutPump);
        String exit = process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
        throw new PeerStartException("Peer " + name + " " + why + exit + ".\n--- its stderr ---\n" + stderr
                + "--- its stdout ---\n" + stdout);
    }

    private void pump(InputStream in, boolean isStdout) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!isStdout) {
                    stderr.appendLine(line);
                    continue;
                }
                stdout.appendLine(line);
                if (line.equals(READY)) {
                    ready = true;
                    readyOrEnd.countDown();
                } else if (line.startsWith(INFO_PREFIX) && line.indexOf('=') > 0) {
                    int eq = line.indexOf('=');
                    synchronized (info) {
                        info.computeIfAbsent(line.substring(INFO_PREFIX.length(), eq), k -> new ArrayList<>())
                                .add(line.substring(eq + 1));
                    }
                }
            }
        } catch (IOException e) {
            // The stream closes when the peer dies; nothing to report beyond what it printed.
        } finally {
            if (isStdout) {
                readyOrEnd.countDown();
            }
        }
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join(GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The peer's name, e.g. {@code cyclone_peer}. */
    public String name() {
        return name;
    }

    /** The operating-system process id of the peer (run-peer.sh execs the peer, so this is the Python process). */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Facts the peer printed as {@code INFO key=value} before READY, e.g. {@code guid}, {@code pid},
     * {@code topic} (one value per topic). Keys in print order; a key may repeat.
     */
    public Map<String, List<String>> info() {
        synchronized (info) {
            Map<String, List<String>> copy = new LinkedHashMap<>();
            info.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            return copy;
        }
    }

    /** The first value the peer printed for {@code key}, if any. */
    public Optional<String> info(String key) {
        synchronized (info) {
            List<String> values = info.get(key);
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
        }
    }

    /** The last ~16 KiB the peer wrote to stderr (for failure messages). */
    public String stderr() {
        return stderr.toString();
    }

    /** The last ~16 KiB the peer wrote to stdout. */
    public String stdout() {
        return stdout.toString();
    }

    /**
     * Ends the peer and all its descendants: SIGTERM first (the peers then delete their participants,
     * so other participants see them leave at once), SIGKILL after a short grace period.
     */
    @Override
    public void close() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed because the peer is gone: nothing to do.
        }
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (ProcessHandle handle : tree) {
            long left = deadline - System.nanoTime();
            try {
                handle.onExit().get(Math.max(left, 0), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                // Timed out or failed: fall through to the forcible kill below.
            }
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "PeerProcess[" + name + ", pid " + process.pid() + (process.isAlive() ? ", running]" : ", ended]");
    }
}
