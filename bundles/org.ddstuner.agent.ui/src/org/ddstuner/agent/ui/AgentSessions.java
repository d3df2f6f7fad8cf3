package org.ddstuner.agent.ui;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.system.ui.details.QosChangeNotes;

/**
 * One {@link AgentClient} per open connection, on the connection's own participant (which carries the tool's marker,
 * so views flag the client's endpoints as the tool's), and the secret files the person chose per agent. Any thread;
 * the client's calls wait for replies, so they run in Jobs. The entities shown stay the same objects across refreshes
 * (keyed by agent and GUID), so what was changed this session is kept, and the Details view shows it.
 */
final class AgentSessions {

    private static final Map<Connection, AgentClient> CLIENTS = new ConcurrentHashMap<>();
    private static final Map<String, Path> SECRETS = new ConcurrentHashMap<>();
    private static final Map<String, ApplicationEntity> ENTITIES = new ConcurrentHashMap<>();
    /** Secrets the desktop itself gave a process it started (the Benchmarks' agent processes), by agent. */
    private static final Map<String, byte[]> GIVEN = new ConcurrentHashMap<>();

    static {
        QosChangeNotes.addSource(AgentSessions::notes);
    }

    private AgentSessions() {
    }

    static AgentClient client(Connection c) {
        CLIENTS.keySet().removeIf(k -> !k.isOpen()); // their participants are gone with them
        return CLIENTS.computeIfAbsent(c, k -> new AgentClient(k.ownParticipant()));
    }

    /** The one entry of an application's reader/writer (made on first sight). */
    static ApplicationEntity entity(Connection c, AgentInfo agent, AgentEntity e) {
        return ENTITIES.computeIfAbsent(agent.agent() + "/" + e.id().toLowerCase(java.util.Locale.ROOT),
                k -> new ApplicationEntity(c, agent, e));
    }

    private static Map<String, String> notes(Guid guid) {
        for (ApplicationEntity e : ENTITIES.values()) {
            if (e.guid().equals(guid)) {
                return e.notes();
            }
        }
        return Map.of();
    }

    /**
     * The secret kept in secure storage for the process name {@code process} (any pid), or null; a storage that cannot
     * be read counts as none (the agent then refuses unsigned, and says so).
     */
    static byte[] storedSecret(String process) {
        try {
            return AgentSecrets.open().secret(process).orElse(null);
        } catch (java.io.IOException | org.eclipse.equinox.security.storage.StorageException
                | IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether changes to {@code a} are signed: a secret given, a file chosen or one kept for its process name. */
    static boolean hasSecret(org.ddstuner.agent.AgentInfo a) {
        return givenSecret(a.agent()) != null || secretFile(a.agent()) != null || storedSecret(a.process()) != null;
    }

    /** The secret file chosen for an agent ("host:pid"), or null. */
    static Path secretFile(String agent) {
        return SECRETS.get(agent);
    }

    /** The secret the desktop gave the process of {@code agent} when it started it, or null. */
    static byte[] givenSecret(String agent) {
        return GIVEN.get(agent);
    }

    static void setGivenSecret(String agent, byte[] secret) {
        GIVEN.put(agent, secret.clone());
    }

    static void setSecretFile(String agent, Path file) {
        if (file == null) {
            SECRETS.remove(agent);
        } else {
            SECRETS.put(agent, file);
        }
    }
}
