package org.ddstuner.config.check;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.ddstuner.dds.ConfigVerdict;

/**
 * Asks a libddsc for its verdict on a configuration <em>without any way to send on the person's network</em>:
 * a child JVM ({@link ValidateMain}) runs in a new network namespace ({@code unshare -n}, or {@code unshare -rn}
 * — a user namespace — when not root) that has only a loopback interface plus one veth stand-in per interface
 * the file names (same name, same address), so Cyclone judges the file and not this host's interfaces. Whatever
 * the library does when it creates the domain (sockets, 11.x's multicast probe) stays inside that namespace,
 * which dies with the child. No namespace, no verdict: the checker never falls back to the host's network.
 */
public final class CycloneJudge {

    /** What the child reported. */
    public record Verdict(String libraryVersion, String libraryPath, boolean accepted, List<String> errors,
            List<String> warnings) {
    }

    /** Creating a namespace or running the child failed: no verdict (exit 2 for the CLI). */
    public static final class UnavailableException extends Exception {
        private static final long serialVersionUID = 1L;

        public UnavailableException(String message) {
            super(message);
        }
    }

    private static final String NETNS_SCRIPT = """
            set -e
            ip link set lo up
            ip link set lo multicast on
            ip route add 224.0.0.0/4 dev lo 2>/dev/null || true
            i=0
            while [ "$1" != "--" ]; do
              i=$((i+1)); name=$1; addr=$2; shift 2
              ip link add "$name" type veth peer name "ddstpeer$i"
              ip link set "$name" multicast on
              ip link set "ddstpeer$i" up
              ip link set "$name" up
              [ "$addr" = "-" ] || ip addr add "$addr/24" dev "$name"
            done
            shift
            exec "$@"
            """;

    private static final Pattern STDERR_CONFIG = Pattern.compile("^(?:\\d+\\.\\d+\\s+\\[\\d+\\]\\s+\\S+:\\s+)?(config: .*)$");

    private final Path library;
    private final long timeoutSeconds;

    /** {@code library}: the libddsc file to judge with; {@code null} for the one this process would load. */
    public CycloneJudge(Path library) {
        this(library, 60);
    }

    public CycloneJudge(Path library, long timeoutSeconds) {
        this.library = library;
        this.timeoutSeconds = timeoutSeconds;
    }

    public Verdict judge(String xml, int domainId, List<InterfaceRef> interfaces) throws UnavailableException {
        List<String> cmd = new ArrayList<>();
        boolean root = "0".equals(uid());
        cmd.addAll(List.of("unshare", root ? "-n" : "-rn", "--", "sh", "-c", NETNS_SCRIPT, "ddstuner-config-check"));
        int n = 0;
        for (InterfaceRef r : interfaces) {
            if (r.loopback()) {
                continue; // the namespace has its own lo
            }
            n++;
            String name = r.nameUsable() ? r.name() : "ddstif" + n;
            // an IPv6 address gets no stand-in address (the kernel gives the link one of its own)
            String addr = r.ipv4() ? standIn(r.address()) : r.address() != null ? "-" : "10.251." + n + ".1";
            cmd.add(name);
            cmd.add(addr);
        }
        cmd.add("--");
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        if (library != null) {
            cmd.add("-Dddstuner.libddsc=" + library);
        }
        cmd.addAll(List.of("-cp", classPath(), ValidateMain.class.getName(), Integer.toString(domainId)));
        Path err = null;
        try {
            err = Files.createTempFile("ddstuner-config-check", ".err");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
            if (library == null) {
                pb.environment().remove("DDSTUNER_IN_NETNS");
            }
            Process p = pb.start();
            try {
                try (OutputStream in = p.getOutputStream()) {
                    in.write(xml.getBytes(StandardCharsets.UTF_8));
                }
                // read until the verdict line: the child may take long to delete the domain afterwards
                CompletableFuture<String> verdict = CompletableFuture.supplyAsync(() -> readVerdict(p));
                String out;
                try {
                    out = verdict.get(timeoutSeconds, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new UnavailableException("the check in a private network namespace gave no verdict within "
                            + timeoutSeconds + " s");
                } catch (ExecutionException e) {
                    throw new UnavailableException("the check in a private network namespace failed: " + e.getCause());
                }
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly(); // the namespace goes with it
                }
                return parse(out, Files.readString(err), p.isAlive() ? -1 : p.exitValue());
            } finally {
                if (p.isAlive()) {
                    p.destroyForcibly();
                }
            }
        } catch (IOException e) {
            throw new UnavailableException("cannot start the check in a private network namespace (unshare): "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnavailableException("interrupted");
        } finally {
            if (err != null) {
                try {
                    Files.deleteIfExists(err);
                } catch (IOException e) {
                    // a temp file left behind is harmless
                }
            }
        }
    }

    private static String readVerdict(Process p) {
        StringBuilder sb = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                sb.append(line).append('\n');
                if (line.startsWith("ACCEPTED\t")) {
                    break;
                }
            }
        } catch (IOException e) {
            // the child died: parse() says there is no verdict
        }
        return sb.toString();
    }

    /** A network given with host part 0 gets the stand-in address .1 in it. */
    private static String standIn(String ipv4) {
        return ipv4.endsWith(".0") ? ipv4.substring(0, ipv4.length() - 1) + "1" : ipv4;
    }

    private static Verdict parse(String out, String err, int exit) throws UnavailableException {
        String version = null;
        String path = null;
        Boolean accepted = null;
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.split("\t", 3);
            switch (f[0]) {
                case "LIBRARY" -> {
                    version = f[1];
                    path = f.length > 2 ? f[2] : null;
                }
                case "ERROR" -> errors.add(f[1]);
                case "WARNING" -> warnings.add(f[1]);
                case "ACCEPTED" -> accepted = Boolean.parseBoolean(f[1]);
                default -> {
                    // Cyclone's own stderr-free output only; anything else is ignored
                }
            }
        }
        // libddsc 11.x reports configuration errors through its default log, not the process's log sink: take
        // them from the child's stderr ("1796176387.671334 [0]       java: config: …")
        for (String line : err.split("\n")) {
            Matcher m = STDERR_CONFIG.matcher(line);
            if (m.matches()) {
                String msg = m.group(1).strip();
                List<String> into = Boolean.FALSE.equals(accepted) ? errors : warnings;
                if (!errors.contains(msg) && !warnings.contains(msg)) {
                    into.add(msg);
                }
            }
        }
        if (accepted == null) {
            String why = err.strip();
            throw new UnavailableException("no verdict from the check in a private network namespace (exit " + exit
                    + (why.isEmpty() ? "" : ": " + why.lines().limit(5).reduce((a, b) -> a + " | " + b).orElse("")) + ")");
        }
        return new Verdict(version, path, accepted, errors, warnings);
    }

    private static String uid() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("Uid:")) {
                    return l.split("\\s+")[1];
                }
            }
        } catch (IOException e) {
            // not Linux: unshare will fail and say so
        }
        return "";
    }

    /** This bundle's and the binding's classes: the child needs nothing else. */
    static String classPath() {
        Set<String> cp = new LinkedHashSet<>();
        for (Class<?> c : List.of(ValidateMain.class, ConfigVerdict.class)) {
            try {
                Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                cp.add(p.toString());
                if (Files.isDirectory(p)) { // a bundle folder (tests, IDE): its class output folders
                    for (String sub : List.of("target/classes", "bin")) {
                        if (Files.isDirectory(p.resolve(sub))) {
                            cp.add(p.resolve(sub).toString());
                        }
                    }
                }
            } catch (URISyntaxException | RuntimeException e) {
                throw new IllegalStateException("cannot find the classes of " + c.getName() + ": " + e.getMessage(), e);
            }
        }
        return String.join(File.pathSeparator, cp);
    }
}
