package org.ddstuner.remote.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.equinox.security.storage.EncodingUtils;
import org.eclipse.equinox.security.storage.ISecurePreferences;
import org.eclipse.equinox.security.storage.SecurePreferencesFactory;
import org.eclipse.equinox.security.storage.StorageException;

/**
 * The tokens of remote agent profiles, in Eclipse secure storage (encrypted; {@code <ddstuner home>/secure_storage}),
 * one node per profile name, never in the plain profile file.
 */
public final class AgentTokens {

    private static final String NODE = "org.ddstuner.remote/agents";
    private static final String TOKEN = "token";

    private final ISecurePreferences root;

    public AgentTokens(ISecurePreferences root) {
        this.root = root;
    }

    /** DDS Tuner's folder: {@code ddstuner.home} when set (tests), else {@code ~/.ddstuner}. */
    static Path home() {
        return Path.of(System.getProperty("ddstuner.home", System.getProperty("user.home") + "/.ddstuner"));
    }

    /** The storage of this user (opened anew each time, so a test's {@code ddstuner.home} counts). */
    public static AgentTokens defaultTokens() throws IOException {
        return new AgentTokens(SecurePreferencesFactory.open(home().resolve("secure_storage").toUri().toURL(), null));
    }

    private ISecurePreferences node(String profile) {
        return root.node(NODE).node(EncodingUtils.encodeSlashes(profile));
    }

    /** The token kept for {@code profile}, if any. */
    public Optional<String> token(String profile) throws StorageException {
        if (!root.nodeExists(NODE + "/" + EncodingUtils.encodeSlashes(profile))) {
            return Optional.empty();
        }
        return Optional.ofNullable(node(profile).get(TOKEN, null)).filter(t -> !t.isEmpty());
    }

    /** Keeps {@code token} (encrypted) for {@code profile}; an empty one removes it. */
    public void put(String profile, String token) throws StorageException, IOException {
        if (token == null || token.isEmpty()) {
            remove(profile);
            return;
        }
        node(profile).put(TOKEN, token, true);
        root.flush();
    }

    public void remove(String profile) throws IOException {
        if (root.nodeExists(NODE + "/" + EncodingUtils.encodeSlashes(profile))) {
            node(profile).removeNode();
            root.flush();
        }
    }

    /** Whether the stored value is encrypted (for tests: the token is never kept in clear). */
    public boolean isEncrypted(String profile) throws StorageException {
        return node(profile).isEncrypted(TOKEN);
    }
}
