package org.ddstuner.agent.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.equinox.security.storage.EncodingUtils;
import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.StorageException;

/**
 * The agents' secrets (what an application got in {@code DDSTUNER_AGENT_SECRET}) in Eclipse secure storage
 * (encrypted; {@code <ddstuner home>/secure_storage}, the store the remote agent tokens use), one node per process
 * name as the agent announces it: a secret chosen once for {@code tuned_app} signs the changes to every later run of
 * it (a new pid), without choosing the file again. Never in a plain file of the tool's.
 */
final class AgentSecrets {

    private static final String NODE = "org.ddstuner.agent/secrets";
    private static final String SECRET = "secret";

    private final ISecurePreferences root;

    private AgentSecrets(ISecurePreferences root) {
        this.root = root;
    }

    /** DDS Tuner's folder: {@code ddstuner.home} when set (tests), else {@code ~/.ddstuner}. */
    static Path home() {
        return Path.of(System.getProperty("ddstuner.home", System.getProperty("user.home") + "/.ddstuner"));
    }

    /** The storage of this user (opened anew each time, so a test's {@code ddstuner.home} counts). */
    static AgentSecrets open() throws IOException {
        return new AgentSecrets(SecurePreferencesFactory.open(home().resolve("secure_storage").toUri().toURL(), null));
    }

    private String path(String process) {
        return NODE + "/" + EncodingUtils.encodeSlashes(process);
    }

    /** The secret kept for {@code process}, if any. */
    Optional<byte[]> secret(String process) throws StorageException {
        if (process.isEmpty() || !root.nodeExists(path(process))) {
            return Optional.empty();
        }
        return Optional.ofNullable(root.node(path(process)).get(SECRET, null)).filter(s -> !s.isEmpty())
                .map(s -> s.getBytes(StandardCharsets.UTF_8));
    }

    /** Keeps {@code secret} (encrypted) for {@code process}. */
    void put(String process, byte[] secret) throws StorageException, IOException {
        if (process.isEmpty()) {
            throw new IllegalArgumentException("the agent announced no process name: nothing to keep the secret for");
        }
        root.node(path(process)).put(SECRET, new String(secret, StandardCharsets.UTF_8), true);
        root.flush();
    }

    void remove(String process) throws IOException {
        if (!process.isEmpty() && root.nodeExists(path(process))) {
            root.node(path(process)).removeNode();
            root.flush();
        }
    }

    /** Whether the kept value is encrypted (for tests: the secret is never kept in clear). */
    boolean isEncrypted(String process) throws StorageException {
        return root.node(path(process)).isEncrypted(SECRET);
    }
}
