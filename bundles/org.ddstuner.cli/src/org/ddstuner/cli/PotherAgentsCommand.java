package org.ddstuner.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code ddstuner pother-agents}: the Pother agents on a domain after {@code --wait} seconds, one line each (app
 * id, group, host, pid, announced state, liveness — live, "unresponsive (silent since hh:mm:ss)", "gone (since
 * hh:mm:ss)" or stopped — and tests), as the Benchmarks perspective's Agents view shows them. With
 * {@code --duration S} it then keeps watching for S seconds and prints a line whenever an agent appears or its
 * liveness changes (a killed or frozen agent shows up there). {@code --json}: one JSON object per agent and line.
 * An app id more than one agent announces says so ("DUPLICATE app id 3: pids 123, 456 on host"; JSON: "duplicate").
 * Exit 0 when every agent seen is live or stopped, 1 when one is unresponsive or gone at the end, or its app id is
 * held twice. With {@code --remote} the agent {@code ddstuner serve} watches its domain (its {@code pother-agents}
 * operation) and the lines are the same.
 */
final class PotherAgentsCommand {

    /** One agent as printed: from this process's {@link PotherController} or from a remote agent's answer. */
    private record Row(int appId, String group, String host, long pid, String state, String liveness, String since,
            long silentMs, String tests, String explanation, String duplicate, String describe) {

        static Row of(AgentStatus s) {
            AgentAnnouncement a = s.announcement();
            return new Row(a.appId(), a.groupId(), a.host(), a.pid(), a.state(), s.liveness().text(),
                    s.since() == null ? "" : s.since().toString(), s.silent().toMillis(), a.tests(), s.explain(),
                    s.duplicate() == null ? "" : s.duplicate().toString(), s.describe());
        }

        static Row of(JsonNode n) {
            return new Row(n.path("appId").asInt(), n.path("group").asText(""), n.path("host").asText(""),
                    n.path("pid").asLong(), n.path("state").asText(""), n.path("liveness").asText(""),
                    n.path("since").asText(""), n.path("silentMs").asLong(), n.path("tests").asText(""),
                    n.path("explanation").asText(""), n.path("duplicate").asText(""), n.path("status").asText(""));
        }

        boolean fine() {
            return ("live".equals(liveness) || AgentStatus.Liveness.STOPPED.text().equals(liveness))
                    && duplicate.isEmpty();
        }
    }

    private static final Duration REMOTE_TIMEOUT = Duration.ofSeconds(20);

    private final CliOptions options;
    private final PrintStream out;

    PotherAgentsCommand(CliOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    int run() throws InterruptedException {
        ConnectionProfile profile = options.profile("pother-agents", 0, false);
        try (Domain domain = Domain.create(profile.domainId(), profile.configXml());
                PotherController c = PotherController.open(domain)) {
            return report(() -> rows(c), "domain " + profile.domainId() + " (start one with: ddstuner pother"
                    + " --app-id N --domain " + profile.domainId() + ")");
        }
    }

    /** The same through the agent at {@code remote}: its domain's Pother agents, asked every 200 ms. */
    int runRemote(ClientOptions remote, PrintStream err) throws InterruptedException {
        try (RemoteClient client = ModelSource.connect(remote, err)) {
            Supplier<Map<Integer, Row>> ask = () -> {
                Map<Integer, Row> rows = new LinkedHashMap<>();
                JsonNode r = RemoteCalls.call(client, "pother-agents", "pother-agents", null);
                r.path("agents").forEach(n -> rows.put(n.path("appId").asInt(), Row.of(n)));
                return rows;
            };
            ask.get(); // the first call makes the agent join the Pother topics; --wait lets announcements arrive
            return report(ask, "the domain of the agent at " + remote.agent());
        }
    }

    private static Map<Integer, Row> rows(PotherController c) {
        Map<Integer, Row> rows = new LinkedHashMap<>();
        c.statuses().forEach((id, s) -> rows.put(id, Row.of(s)));
        return rows;
    }

    private int report(Supplier<Map<Integer, Row>> statuses, String where) throws InterruptedException {
        Thread.sleep((long) (options.waitSeconds * 1000));
        Map<Integer, Row> now = statuses.get();
        now.values().forEach(s -> out.println(line(s, null)));
        if (now.isEmpty() && !options.json) {
            out.println("# no Pother agent on " + where);
        }
        out.flush();
        if (options.durationSeconds > 0) {
            now = watch(statuses, now, (long) (options.durationSeconds * 1000));
        }
        return now.values().stream().allMatch(Row::fine) ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
    }

    /** Prints a line (with the time of day) for each agent whose liveness changed, until {@code millis} passed. */
    private Map<Integer, Row> watch(Supplier<Map<Integer, Row>> statuses, Map<Integer, Row> start, long millis)
            throws InterruptedException {
        Map<Integer, String> told = new HashMap<>();
        start.forEach((id, s) -> told.put(id, s.liveness()));
        long end = System.nanoTime() + millis * 1_000_000L;
        Map<Integer, Row> now = start;
        while (System.nanoTime() - end < 0) {
            Thread.sleep(200);
            now = statuses.get();
            for (Row s : now.values()) {
                if (!s.liveness().equals(told.put(s.appId(), s.liveness()))) {
                    out.println(line(s, Instant.now()));
                    out.flush();
                }
            }
        }
        return now;
    }

    private String line(Row s, Instant at) {
        if (options.json) {
            return StrictJson.write(g -> {
                g.writeStartObject();
                g.writeNumberField("app_id", s.appId());
                g.writeStringField("group_id", s.group());
                g.writeStringField("host", s.host());
                g.writeNumberField("pid", s.pid());
                g.writeStringField("state", s.state());
                g.writeStringField("liveness", s.liveness());
                g.writeStringField("since", s.since());
                g.writeNumberField("silent_ms", s.silentMs());
                g.writeStringField("tests", s.tests());
                g.writeStringField("explanation", s.explanation());
                g.writeStringField("duplicate", s.duplicate());
                g.writeEndObject();
            });
        }
        String when = at == null ? "" : AgentStatus.clock(at) + " ";
        return when + "app " + s.appId() + (s.group().isEmpty() ? "" : " group " + s.group()) + " on " + s.host()
                + " pid " + s.pid() + ": " + s.state() + ", " + s.describe() + (s.tests().isEmpty() ? "" : ", tests "
                        + s.tests());
    }
}
