package org.ddstuner.cli;

import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;

/**
 * {@code ddstuner pother-agents}: the Pother agents on a domain after {@code --wait} seconds, one line each (app
 * id, group, host, pid, announced state, liveness — live, "unresponsive (silent since hh:mm:ss)", "gone (since
 * hh:mm:ss)" or stopped — and tests), as the Benchmarks perspective's Agents view shows them. With
 * {@code --duration S} it then keeps watching for S seconds and prints a line whenever an agent appears or its
 * liveness changes (a killed or frozen agent shows up there). {@code --json}: one JSON object per agent and line.
 * An app id more than one agent announces says so ("DUPLICATE app id 3: pids 123, 456 on host"; JSON: "duplicate").
 * Exit 0 when every agent seen is live or stopped, 1 when one is unresponsive or gone at the end, or its app id is
 * held twice.
 */
final class PotherAgentsCommand {

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
            Thread.sleep((long) (options.waitSeconds * 1000));
            Map<Integer, AgentStatus> now = c.statuses();
            now.values().forEach(s -> out.println(line(s, null)));
            if (now.isEmpty() && !options.json) {
                out.println("# no Pother agent on domain " + profile.domainId() + " (start one with: ddstuner pother"
                        + " --app-id N --domain " + profile.domainId() + ")");
            }
            out.flush();
            if (options.durationSeconds > 0) {
                now = watch(c, now, (long) (options.durationSeconds * 1000));
            }
            return now.values().stream().allMatch(s -> (s.live() || s.liveness() == AgentStatus.Liveness.STOPPED)
                    && s.duplicate() == null) ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
        }
    }

    /** Prints a line (with the time of day) for each agent whose liveness changed, until {@code millis} passed. */
    private Map<Integer, AgentStatus> watch(PotherController c, Map<Integer, AgentStatus> start, long millis)
            throws InterruptedException {
        Map<Integer, AgentStatus.Liveness> told = new HashMap<>();
        start.forEach((id, s) -> told.put(id, s.liveness()));
        long end = System.nanoTime() + millis * 1_000_000L;
        Map<Integer, AgentStatus> now = start;
        while (System.nanoTime() - end < 0) {
            Thread.sleep(200);
            now = c.statuses();
            for (AgentStatus s : now.values()) {
                if (told.put(s.appId(), s.liveness()) != s.liveness()) {
                    out.println(line(s, Instant.now()));
                    out.flush();
                }
            }
        }
        return now;
    }

    private String line(AgentStatus s, Instant at) {
        AgentAnnouncement a = s.announcement();
        if (options.json) {
            return StrictJson.write(g -> {
                g.writeStartObject();
                g.writeNumberField("app_id", a.appId());
                g.writeStringField("group_id", a.groupId());
                g.writeStringField("host", a.host());
                g.writeNumberField("pid", a.pid());
                g.writeStringField("state", a.state());
                g.writeStringField("liveness", s.liveness().text());
                g.writeStringField("since", s.since() == null ? "" : s.since().toString());
                g.writeNumberField("silent_ms", s.silent().toMillis());
                g.writeStringField("tests", a.tests());
                g.writeStringField("explanation", s.explain());
                g.writeStringField("duplicate", s.duplicate() == null ? "" : s.duplicate().toString());
                g.writeEndObject();
            });
        }
        String when = at == null ? "" : AgentStatus.clock(at) + " ";
        return when + "app " + a.appId() + (a.groupId().isEmpty() ? "" : " group " + a.groupId()) + " on " + a.host()
                + " pid " + a.pid() + ": " + a.state() + ", " + s.describe() + (a.tests().isEmpty() ? "" : ", tests "
                        + a.tests());
    }
}
