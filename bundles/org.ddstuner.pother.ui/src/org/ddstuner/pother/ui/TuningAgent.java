package org.ddstuner.pother.ui;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.pother.runs.AgentLauncher;
import org.eclipse.core.runtime.Platform;

/**
 * The DDS Tuner QoS tuning agent ({@code libddstuner_agent.so}) in the Benchmarks' local agent processes: they are
 * started with it preloaded ({@code LD_PRELOAD}; it finds the libddsc the JVM opened through java.lang.foreign among
 * the loaded objects and serves the agent's control topics) and with a secret only this desktop knows (random, for
 * this session, never written to disk), so "Edit QoS…" can change the running test's endpoints and nobody else can.
 * Without the library the processes start as before.
 */
final class TuningAgent {

    /** System property: the agent library to preload (default: the product's agent/libddstuner_agent.so). */
    static final String LIBRARY_PROPERTY = "ddstuner.agent.library";

    private static final String SECRET = newSecret();

    private TuningAgent() {
    }

    private static String newSecret() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The agent library, if the product has one (or the property names one that exists). */
    static Optional<Path> library() {
        String p = System.getProperty(LIBRARY_PROPERTY);
        if (p != null && !p.isBlank()) {
            return Optional.of(Path.of(p)).filter(Files::isRegularFile);
        }
        try {
            var loc = Platform.getInstallLocation();
            if (loc != null && loc.getURL() != null && "file".equals(loc.getURL().getProtocol())) {
                return Optional.of(Path.of(loc.getURL().getPath(), "agent", "libddstuner_agent.so"))
                        .filter(Files::isRegularFile);
            }
        } catch (RuntimeException e) {
            // no install location (a plain test runtime): no agent
        }
        return Optional.empty();
    }

    /** The secret the local agent processes get in DDSTUNER_AGENT_SECRET (the agent's HMAC key: its UTF-8 bytes). */
    static byte[] secret() {
        return SECRET.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code l} with the agent preloaded and the secret set, if the library is there; else {@code l}. */
    static AgentLauncher addTo(AgentLauncher l) {
        Optional<Path> lib = library();
        if (lib.isEmpty()) {
            return l;
        }
        Map<String, String> env = new LinkedHashMap<>(l.environment());
        String before = System.getenv("LD_PRELOAD");
        env.put("LD_PRELOAD", lib.get().toAbsolutePath() + (before == null || before.isBlank() ? "" : " " + before));
        env.put("DDSTUNER_AGENT_SECRET", SECRET);
        return l.withEnvironment(env);
    }

    /** Whether {@code l} starts processes with the agent. */
    static boolean preloads(AgentLauncher l) {
        String p = l.environment().get("LD_PRELOAD");
        return p != null && p.contains("libddstuner_agent");
    }
}
