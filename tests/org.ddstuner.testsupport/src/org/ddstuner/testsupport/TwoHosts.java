package org.ddstuner.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two "hosts" on one machine for remote-connection tests (issue 15): network namespaces A and B joined by a veth pair
 * whose addresses exist only inside them (A {@value #A_ADDRESS}/24 on {@code veth-a}, B {@value #B_ADDRESS}/24 on
 * {@code veth-b}), the same recipe as {@code releng/scripts/twohost.sh}. A is always a new namespace held by an
 * {@code unshare -n sleep} process. B is either a second new one ({@link #start()}) or the namespace this JVM runs in
 * ({@link #startHereAsB()}, only when that is already private: {@link NetNs#isIsolated()}), so a test can use a client
 * in-process on the B side. The veth pair is created from inside A with its other end put straight into B, so nothing
 * touches any other namespace; {@link #close()} (and a shutdown hook, should a test forget) kills the holders, which
 * deletes the namespaces and the pair. Needs root (it runs as root under {@code netns-run.sh}).
 */
public final class TwoHosts implements AutoCloseable {

    public static final String A_ADDRESS = "10.77.0.1";
    public static final String B_ADDRESS = "10.77.0.2";

    /** One side: a namespace held by a process ({@code pid > 0}) or this JVM's own ({@code pid == 0}). */
    public record Host(String name, String address, String device, long pid) {

        /** {@code command} prefixed so that it runs in this host's namespace. */
        public List<String> command(List<String> command) {
            List<String> c = new ArrayList<>();
            if (pid > 0) {
                c.addAll(List.of("nsenter", "-t", Long.toString(pid), "-n", "--"));
            }
            c.addAll(command);
            return c;
        }

        public List<String> command(String... command) {
            return command(List.of(command));
        }

        /** Starts {@code command} in this host's namespace (inherits nothing; the caller redirects). */
        public ProcessBuilder processBuilder(List<String> command) {
            return new ProcessBuilder(command(command));
        }
    }

    private final List<Process> holders = new ArrayList<>();
    private final Thread hook = new Thread(this::killHolders, "two-hosts-cleanup");
    private Host a;
    private Host b;
    private volatile boolean closed;

    private TwoHosts() {
    }

    /** Two new namespaces A and B. */
    public static TwoHosts start() {
        return make(false);
    }

    /**
     * A new namespace A, and this JVM's (private) namespace as B: in-process clients reach A at {@link #A_ADDRESS}.
     *
     * @throws IllegalStateException when this JVM is not in a private namespace with only loopback
     */
    public static TwoHosts startHereAsB() {
        NetNs.requireIsolated();
        return make(true);
    }

    private static TwoHosts make(boolean hereAsB) {
        TwoHosts t = new TwoHosts();
        Runtime.getRuntime().addShutdownHook(t.hook);
        try {
            t.a = new Host("A", A_ADDRESS, "veth-a", t.holder());
            t.b = new Host("B", B_ADDRESS, "veth-b", hereAsB ? 0 : t.holder());
            for (Host h : List.of(t.a, t.b)) {
                if (h.pid() > 0) {
                    t.ip(h, "link", "set", "lo", "up");
                    t.ip(h, "link", "set", "lo", "multicast", "on");
                    t.run(h.command("ip", "route", "replace", "224.0.0.0/4", "dev", "lo"));
                }
            }
            long bPid = hereAsB ? ProcessHandle.current().pid() : t.b.pid();
            t.ip(t.a, "link", "add", "veth-a", "type", "veth", "peer", "name", "veth-b", "netns", Long.toString(bPid));
            t.ip(t.a, "addr", "add", A_ADDRESS + "/24", "dev", "veth-a");
            t.ip(t.b, "addr", "add", B_ADDRESS + "/24", "dev", "veth-b");
            t.ip(t.a, "link", "set", "veth-a", "up");
            t.ip(t.b, "link", "set", "veth-b", "up");
            return t;
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    private long holder() {
        try {
            Process p = new ProcessBuilder("unshare", "-n", "--", "sleep", "infinity").redirectErrorStream(true)
                    .start();
            holders.add(p);
            String self = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
            Path ns = Path.of("/proc", Long.toString(p.pid()), "ns", "net");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (System.nanoTime() < end) { // until unshare has made the namespace and exec'd sleep
                if (!p.isAlive()) {
                    throw new IllegalStateException("unshare -n failed (root needed): "
                            + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                }
                if (!Files.readSymbolicLink(ns).toString().equals(self)) {
                    return p.pid();
                }
                Thread.sleep(10);
            }
            throw new IllegalStateException("unshare -n made no namespace within 5 s");
        } catch (IOException e) {
            throw new IllegalStateException("cannot start unshare -n: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private void ip(Host h, String... args) {
        List<String> c = new ArrayList<>(List.of("ip"));
        c.addAll(List.of(args));
        String out = run(h.command(c));
        if (out != null) {
            throw new IllegalStateException("two hosts: `" + String.join(" ", c) + "` in " + h.name() + " failed: " + out);
        }
    }

    /** Runs a short command; {@code null} on success, else its output and exit code. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out";
            }
            return p.exitValue() == 0 ? null : out.strip() + " (exit " + p.exitValue() + ")";
        } catch (IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    public Host a() {
        return a;
    }

    public Host b() {
        return b;
    }

    /** Cuts the link: B's end of the pair goes down (A's too sees no carrier). */
    public void linkDown() {
        ip(b, "link", "set", "veth-b", "down");
    }

    /** Restores the link cut by {@link #linkDown()}. */
    public void linkUp() {
        ip(b, "link", "set", "veth-b", "up");
    }

    private void killHolders() {
        for (Process p : holders) {
            p.destroyForcibly();
        }
        for (Process p : holders) {
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Kills the holders: a namespace disappears with its last process (so stop what you started in it first), and the
     * veth pair with A's namespace — also from B when B is this JVM's.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        killHolders();
        if (b != null && b.pid() == 0) { // B is ours: wait until the pair is gone, so NetNs.isIsolated() holds again
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!NetNs.isIsolated() && System.nanoTime() < end) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (!NetNs.isIsolated()) {
                run(List.of("ip", "link", "del", "veth-b"));
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down already: the hook runs anyway
        }
    }
}
