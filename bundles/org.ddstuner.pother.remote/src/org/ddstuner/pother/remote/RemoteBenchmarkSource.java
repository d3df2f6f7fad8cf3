package org.ddstuner.pother.remote;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.runs.ReportEvents;
import org.ddstuner.pother.runs.ReportSink;
import org.ddstuner.pother.runs.ReportSource;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs a {@link RunDefinition} on Pother agents of a remote system, through its agent ({@code ddstuner serve
 * --allow benchmark}, {@link PotherOperations}): the agent drives them over the command topics as the desktop does
 * locally, and this source pages through the run's reports into the sink. The run lives at the agent: a link that
 * drops mid-run costs nothing (the client reconnects by itself; this source says the link is down, then asks from the
 * last report it has, so each report arrives once, recorded at the time the agent measured it); a link that stays
 * down past the run's planned end plus
 * {@link #LINK_PATIENCE} ends the run here with that reason, as does an agent that no longer knows the run.
 */
public final class RemoteBenchmarkSource implements ReportSource {

    /** How long one request may take. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    /** How long past the run's planned end (or the loss, if later) a link that stays down is waited for. */
    public static final Duration LINK_PATIENCE = Duration.ofMinutes(2);
    /** The name messages of this source carry in the run. */
    public static final String AGENT_NAME = "remote agent";
    private static final long POLL_MS = 250;
    private static final long RETRY_MS = 500;

    /** A Pother agent as the remote agent sees it. */
    public record Agent(int appId, String group, String host, long pid, String liveness, String status) {

        public boolean live() {
            return AgentStatus.Liveness.LIVE.text().equals(liveness);
        }
    }

    private final RemoteClient client;
    private final List<Integer> appIds;
    private final String group;

    private RemoteBenchmarkSource(RemoteClient client, List<Integer> appIds, String group) {
        this.client = client;
        this.appIds = appIds;
        this.group = group;
    }

    /** On the agents {@code appIds} of the remote system (at least two, the first measures). */
    public static RemoteBenchmarkSource of(RemoteClient client, List<Integer> appIds) {
        if (appIds == null || appIds.size() < 2) {
            throw new IllegalArgumentException("a run needs at least two agents (one measures, one answers), not "
                    + appIds);
        }
        if (new HashSet<>(appIds).size() != appIds.size()) {
            throw new IllegalArgumentException("each agent can take one side only: " + appIds);
        }
        return new RemoteBenchmarkSource(client, List.copyOf(appIds), null);
    }

    /** On the running agents of {@code group} of the remote system, as the agent finds them when the run starts. */
    public static RemoteBenchmarkSource ofGroup(RemoteClient client, String group) {
        return new RemoteBenchmarkSource(client, List.of(), group == null ? "" : group);
    }

    /** The Pother agents the remote agent sees, by app id. */
    public static List<Agent> agents(RemoteClient client) throws IOException {
        JsonNode r = client.request(PotherOperations.AGENTS, REQUEST_TIMEOUT).orThrow();
        List<Agent> out = new ArrayList<>();
        for (JsonNode a : r.path("agents")) {
            out.add(new Agent(a.path("appId").asInt(), a.path("group").asText(), a.path("host").asText(),
                    a.path("pid").asLong(), a.path("liveness").asText(), a.path("status").asText()));
        }
        return out;
    }

    @Override
    public String name() {
        return (group != null ? "agents of group " + (group.isEmpty() ? "(none)" : group) : "agents " + appIds)
                + " through " + client.options().agent();
    }

    public RemoteClient client() {
        return client;
    }

    @Override
    public void run(RunDefinition d, ReportSink sink, BooleanSupplier stop) throws Exception {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.set("definition", StrictJson.parse(ReportEvents.definition(d)));
        if (group != null) {
            args.put("group", group);
        } else {
            appIds.forEach(args.putArray("agents")::add);
        }
        long asked = System.nanoTime();
        JsonNode page = client.request(PotherOperations.START, args, REQUEST_TIMEOUT).orThrow();
        // the agent's clock for the run starts while it answers: half-way through the request, as well as can be known
        long startNanos = asked + (System.nanoTime() - asked) / 2;
        String id = page.path("run").asText();
        sink.message(AGENT_NAME, "run " + id + " started by the agent at " + client.options().agent() + " on "
                + page.path("agents").asText());
        long plannedEnd = System.nanoTime() + d.duration().toNanos();
        long after = 0;
        boolean stopSent = false;
        Instant downSince = null;
        long downNanos = 0;
        while (true) {
            if (stop.getAsBoolean() && !stopSent) {
                stopSent = tell(PotherOperations.STOP, id, 0);
            }
            try {
                page = client.request(PotherOperations.REPORTS, runArgs(id, after), REQUEST_TIMEOUT).orThrow();
            } catch (ProtocolException e) {
                if (PotherOperations.NO_RUN.equals(e.code())) {
                    throw new IllegalStateException("the agent at " + client.options().agent() + " no longer knows run "
                            + id + " (restarted?): " + e.reason(), e);
                }
                throw e;
            } catch (IOException e) {
                if (downSince == null) {
                    downSince = Instant.now();
                    downNanos = System.nanoTime();
                    sink.message(AGENT_NAME, "link to the agent lost (" + e.getMessage() + "): run " + id
                            + " goes on there, its reports follow when the link is back");
                }
                if (stop.getAsBoolean() && !stopSent) {
                    // the person wants to stop now, not after the link is back: end here and say what goes on there
                    sink.message(AGENT_NAME, "stopped here while the link to the agent was down: the agent could not "
                            + "be told, run " + id + " ends there by its duration");
                    return;
                }
                if (System.nanoTime() - (Math.max(plannedEnd, downNanos) + LINK_PATIENCE.toNanos()) > 0) {
                    throw new IllegalStateException("the link to the agent at " + client.options().agent()
                            + " has been down since " + AgentStatus.clock(downSince) + "; gave up waiting for run "
                            + id + "'s reports", e);
                }
                Thread.sleep(RETRY_MS);
                continue;
            }
            if (downSince != null) {
                sink.message(AGENT_NAME, "link to the agent back after " + Duration.between(downSince, Instant.now())
                        .toSeconds() + " s: catching up from report " + after);
                downSince = null;
            }
            long skipped = page.path("skipped").asLong();
            if (skipped > 0) {
                sink.message(AGENT_NAME, skipped + " reports were lost: the agent keeps the last " + ServedRun.KEPT
                        + " of a run and this client was further behind");
            }
            for (JsonNode e : page.path("events")) {
                ReportEvents.replay(StrictJson.write(e), sink, startNanos);
            }
            after = page.path("next").asLong();
            String state = page.path("state").asText();
            boolean drained = after >= page.path("total").asLong();
            if (drained && !state.equals("running")) {
                if (state.equals("failed")) {
                    throw new IllegalStateException("the run at the agent failed: " + page.path("reason").asText());
                }
                return;
            }
            if (drained) {
                Thread.sleep(POLL_MS);
            }
        }
    }

    /** Sends {@code op} for run {@code id}; false when the link is down (the caller tries again). */
    private boolean tell(String op, String id, long after) throws ProtocolException {
        try {
            client.request(op, runArgs(id, after), REQUEST_TIMEOUT).orThrow();
            return true;
        } catch (ProtocolException e) {
            throw e;
        } catch (IOException e) {
            return false;
        }
    }

    private static ObjectNode runArgs(String id, long after) {
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        a.put("run", id);
        a.put("after", after);
        return a;
    }
}
