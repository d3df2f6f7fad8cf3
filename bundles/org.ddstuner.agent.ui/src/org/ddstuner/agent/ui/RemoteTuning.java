package org.ddstuner.agent.ui;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.ddstuner.agent.AgentEntity;
import org.ddstuner.agent.AgentInfo;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What {@link AgentSessions} gives a local connection, for a connection through a remote agent
 * ({@code ddstuner serve}): the applications on the agent's host and their entities come from its {@code list-qos},
 * changes go through its {@code set-qos} (the agent signs them with the secret sent inside the TLS link). Blocking
 * calls: run them in Jobs.
 */
final class RemoteTuning {

    /** The remote agent's capability that lets set-qos through (PROTOCOL.md). */
    static final String QOS = org.ddstuner.remote.Capability.QOS.id();
    private static final Duration CALL = Duration.ofSeconds(15);
    private static final Map<String, RemoteApplicationEntity> ENTITIES = new ConcurrentHashMap<>();

    private RemoteTuning() {
    }

    /** Whether the agent lets changes through; else why not (null: it does). */
    static String noQos(RemoteConnection c) {
        return c.client().agentCapabilities().contains(QOS) ? null : String.format(Messages.REMOTE_NO_QOS, c.label());
    }

    /** The applications on the agent's host, each with its readers and writers (list-qos). */
    static List<AgentNode> scan(RemoteConnection c) throws IOException {
        RemoteClient.Reply r = c.client().request("list-qos", CALL);
        if (!r.ok()) {
            throw new IOException(r.code() + ": " + r.reason());
        }
        List<AgentNode> out = new ArrayList<>();
        for (JsonNode a : r.result().path("agents")) {
            AgentInfo info = new AgentInfo(a.path("agent").asText(), 0, a.path("pid").asLong(), a.path("host").asText(),
                    a.path("process").asText(), "", "through " + c.label(), a.path("writable").asBoolean(),
                    a.path("state").asText());
            List<RemoteApplicationEntity> entities = new ArrayList<>();
            for (JsonNode e : a.path("entities")) {
                String kind = e.path("kind").asText();
                if (!kind.equals("reader") && !kind.equals("writer")) {
                    continue;
                }
                Map<String, String> qos = new LinkedHashMap<>();
                e.path("qos").properties().forEach(p -> qos.put(p.getKey(), p.getValue().asText()));
                String id = e.path("guid").asText().replace(":", "").replace("-", "");
                AgentEntity entity = new AgentEntity(id, kind, null, e.path("topic").asText(), e.path("type").asText(),
                        qos);
                RemoteApplicationEntity re = ENTITIES.computeIfAbsent(c.name() + "/" + info.agent() + "/"
                        + id.toLowerCase(java.util.Locale.ROOT), k -> new RemoteApplicationEntity(c, info, entity));
                re.listed(entity);
                entities.add(re);
            }
            out.add(new AgentNode(c, info, List.copyOf(entities), null));
        }
        return out;
    }

    /** set-qos: {@code qos} (policy → the tuning agent's text) on {@code guid}, signed with {@code secret}. */
    static RemoteClient.Reply setQos(RemoteConnection c, String guid, Map<String, String> qos, byte[] secret)
            throws IOException {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("guid", guid);
        ObjectNode q = args.putObject("qos");
        qos.forEach(q::put);
        if (secret != null) {
            args.put("secret", new String(secret, java.nio.charset.StandardCharsets.UTF_8));
        }
        args.put("waitMillis", 3000);
        return c.client().request("set-qos", args, CALL);
    }
}
