package org.ddstuner.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.json.StrictJson;
import org.ddstuner.qos.PolicyValues;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.ops.QosGetOperation;
import org.ddstuner.remote.ops.QosSetOperation;
import org.ddstuner.system.SystemSnapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code qos show|set GUID --remote …}: the agent ({@code ddstuner serve}) talks to the tuning agents of the
 * applications on its host ({@code get-qos}, {@code set-qos}); a change is confirmed from discovery as locally, but
 * discovery as the agent sees it: the mirrored model must announce the new values for the GUID.
 */
final class RemoteQosCommands {

    private RemoteQosCommands() {
    }

    /** With --remote the agent's domain is used: the domain options are a usage error. */
    static void checkNoDomain(SharedOptions.Connection c) {
        if (c.domain != null || !c.peers.isEmpty() || !"loopback".equals(c.config) || c.networkGiven()) {
            throw new CliException(Main.EXIT_USAGE, "qos --remote goes through the agent, which is in its domain: "
                    + "--domain, --config, --peer and the network options belong to it");
        }
    }

    static int show(Guid guid, double waitSeconds, boolean json, ClientOptions options, PrintStream out,
            PrintStream err) {
        ObjectNode args = StrictJson.mapper().createObjectNode();
        args.put("guid", guid.toString());
        args.put("waitMillis", (long) (waitSeconds * 1000));
        try (RemoteClient c = RemoteCalls.connect(options, err)) {
            JsonNode r = RemoteCalls.call(c, "qos show", QosGetOperation.NAME, args);
            if (json) {
                out.println(r.toPrettyString());
            } else {
                header(r, out);
                r.path("qos").properties().forEach(e -> out.printf("  %-22s %s%n", e.getKey(), e.getValue().asText()));
            }
            out.flush();
            return Main.EXIT_OK;
        }
    }

    private static void header(JsonNode r, PrintStream out) {
        JsonNode p = r.path("process");
        String topic = r.path("topic").asText("");
        out.printf("%s %s%s in %s (pid %d on %s, through the agent)%s%n", r.path("kind").asText(), r.path("guid")
                .asText(), topic.isEmpty() ? "" : " on " + topic + " (" + r.path("type").asText() + ")", p.path(
                        "process").asText(), p.path("pid").asLong(), p.path("host").asText(), p.path("writable")
                                .asBoolean() ? "" : ", read-only (no secret)");
    }

    static int set(Guid guid, Map<String, String> wanted, byte[] secret, double waitSeconds, Duration confirmWithin,
            ClientOptions options, PrintStream out, PrintStream err) {
        ObjectNode args = StrictJson.mapper().createObjectNode();
        args.put("guid", guid.toString());
        ObjectNode q = args.putObject("qos");
        wanted.forEach(q::put);
        if (secret != null) {
            args.put("secret", new String(secret, java.nio.charset.StandardCharsets.UTF_8));
        }
        args.put("waitMillis", (long) (waitSeconds * 1000));
        try (RemoteClient c = RemoteCalls.connect(options, err)) {
            JsonNode r = RemoteCalls.call(c, "qos set", QosSetOperation.NAME, args);
            Map<String, Object> expect = new LinkedHashMap<>();
            for (String policy : wanted.keySet()) {
                String now = r.path("qos").path(policy).asText(null);
                if (now != null) {
                    expect.put(policy, QosValues.toRecord(policy, now));
                }
            }
            boolean participant = "participant".equals(r.path("kind").asText());
            long end = System.nanoTime() + confirmWithin.toNanos();
            boolean seen = false;
            while (!seen && System.nanoTime() < end) {
                seen = announced(c.model().snapshot(true), guid, participant).map(a -> expect.entrySet().stream()
                        .allMatch(e -> PolicyValues.get(a, e.getKey()) == null || PolicyValues.holds(a, e.getKey(),
                                e.getValue()))).orElse(false);
                if (!seen) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            if (!seen) {
                throw new CliException(Main.EXIT_EXPECTATION, "the application's agent applied "
                        + org.ddstuner.agent.QosText.format(wanted) + " but the remote agent's discovery did not show "
                        + "it on " + guid + " within " + confirmWithin.toMillis() / 1000.0 + " s.");
            }
            for (String policy : wanted.keySet()) {
                out.printf("%s=%s  (confirmed from the remote agent's discovery)%n", policy, r.path("qos").path(policy)
                        .asText("?"));
            }
            out.println("applied to " + r.path("kind").asText() + " " + guid + " in " + r.path("process").path(
                    "process").asText() + " (pid " + r.path("process").path("pid").asLong() + ") through the agent at "
                    + options.agent());
            out.flush();
            return Main.EXIT_OK;
        }
    }

    private static Optional<Qos> announced(SystemSnapshot s, Guid guid, boolean participant) {
        return participant ? s.participant(guid).map(p -> p.qos()) : s.endpoint(guid).map(e -> e.qos());
    }
}
