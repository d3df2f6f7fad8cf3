package org.ddstuner.remote.ops;

import java.util.ArrayDeque;

import org.ddstuner.agent.AgentClient;
import org.ddstuner.agent.AgentStatistics;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code agent-stats} (read-only): the statistics the tuning agents in applications on the agent's host publish per
 * reader and writer (libddsc's counters, once a period), numbered in the order the agent took them, from position
 * {@code after} on (a page of at most {@value #PAGE}). Taken from the statistics reader of the same
 * {@code AgentClient} the QoS operations use (the only reader of that topic in the agent, so no client sees part of
 * them), when a client asks, into one log shared by every client: each pages through it on its own. The log keeps
 * the last {@value #KEPT}; a client further behind is told how many it missed ({@code skipped}).
 */
public final class AgentStatsOperation implements Operation {

    public static final String NAME = "agent-stats";
    static final int KEPT = 20_000;
    static final int PAGE = 1024;

    private record Entry(long seq, AgentStatistics stats) {
    }

    private final AgentClient client;
    private final ArrayDeque<Entry> log = new ArrayDeque<>();
    private long next;

    /** Takes the client now: TuningAgents holds its lock while the applications answer a QoS request (seconds). */
    AgentStatsOperation(TuningAgents agents) {
        this.client = agents.client();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        JsonNode a = args.get("after");
        if (a != null && !a.canConvertToLong()) {
            throw new OperationException(Protocol.MALFORMED_FRAME, "\"after\" must be a whole number");
        }
        long after = a == null ? 0 : Math.max(0, a.asLong());
        synchronized (this) {
            for (AgentStatistics s : client.statistics()) {
                log.addLast(new Entry(next++, s));
                if (log.size() > KEPT) {
                    log.removeFirst();
                }
            }
            return page(after);
        }
    }

    private ObjectNode page(long after) {
        ObjectNode r = Frames.object();
        long first = log.isEmpty() ? next : log.peekFirst().seq();
        r.put("skipped", after < first ? first - after : 0);
        ArrayNode out = r.putArray("stats");
        long last = Math.min(Math.max(after, first), next);
        for (Entry e : log) {
            if (e.seq() < after) {
                continue;
            }
            if (out.size() >= PAGE) {
                break;
            }
            AgentStatistics s = e.stats();
            ObjectNode o = out.addObject();
            o.put("seq", e.seq());
            o.put("agent", s.agent());
            o.put("entity", s.entity());
            o.put("kind", s.kind());
            o.put("topic", s.topic());
            o.put("timestampNs", s.timestampNs());
            ObjectNode c = o.putObject("counters");
            s.counters().forEach(c::put);
            last = e.seq() + 1;
        }
        r.put("next", last);
        r.put("total", next);
        return r;
    }
}
