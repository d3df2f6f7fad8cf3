package org.ddstuner.pother.remote;

import java.util.ArrayDeque;
import java.util.List;

import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.ReportEvents;
import org.ddstuner.pother.runs.RunDefinition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One benchmark the agent runs for its clients: an {@link AgentReportSource} on the agent's own controller, on a
 * thread of its own, so the run goes on whatever happens to the client's link. What it reports is kept as numbered
 * events (the {@link ReportEvents} form) for clients to page through by position: a client that asks from where it
 * stopped gets each event once, after a reconnect too. The history is bounded ({@value #KEPT} events, about twenty
 * minutes of a two-agent run); a client that falls further behind is told how many it missed.
 */
final class ServedRun {

    enum State { RUNNING, FINISHED, STOPPED, FAILED }

    /** Events kept for clients that are behind. */
    static final int KEPT = 4096;
    /** Most events, and characters of them, in one page (a reply frame stays far below the frame limit). */
    static final int PAGE_EVENTS = 256;
    static final int PAGE_CHARS = 1 << 20;

    private final String id;
    private final RunDefinition definition;
    private final String agents;
    private final ArrayDeque<Event> events = new ArrayDeque<>();
    private long first; // position of events' first element
    private long total;
    private State state = State.RUNNING;
    private String reason;
    private volatile boolean stopRequested;
    private Thread thread;

    private record Event(JsonNode node, int chars) {
    }

    private ServedRun(String id, RunDefinition definition, String agents) {
        this.id = id;
        this.definition = definition;
        this.agents = agents;
    }

    /** Starts {@code definition} on {@code source}'s agents; returns at once. */
    static ServedRun start(String id, RunDefinition definition, AgentReportSource source) {
        ServedRun r = new ServedRun(id, definition, source.name());
        r.thread = Thread.ofPlatform().daemon().name("ddstuner-serve-benchmark-" + id).start(() -> r.run(source));
        return r;
    }

    /** A source on the agents {@code appIds}, or on those of {@code group} when it is not null. */
    static AgentReportSource source(PotherController c, RunDefinition d, List<Integer> appIds, String group) {
        return group != null ? AgentReportSource.ofGroup(c, d.transport(), group)
                : AgentReportSource.of(c, d.transport(), appIds);
    }

    private void run(AgentReportSource source) {
        State end;
        String why = null;
        try {
            long started = System.nanoTime();
            source.run(definition, ReportEvents.encoder(this::add, () -> (System.nanoTime() - started) / 1e9),
                    () -> stopRequested);
            end = stopRequested ? State.STOPPED : State.FINISHED;
        } catch (Exception | LinkageError e) {
            end = State.FAILED;
            why = e.getMessage() == null ? e.toString() : e.getMessage();
        }
        synchronized (this) {
            state = end;
            reason = why;
        }
    }

    private synchronized void add(String text) {
        events.addLast(new Event(StrictJson.parse(text), text.length()));
        total++;
        if (events.size() > KEPT) {
            events.removeFirst();
            first++;
        }
    }

    String id() {
        return id;
    }

    synchronized boolean running() {
        return state == State.RUNNING;
    }

    /** Asks the run to stop: its tests are removed from the agents in order, and it ends STOPPED. */
    void stop() {
        stopRequested = true;
    }

    /** Waits for the run's thread (tests, and the agent's close). */
    void join(long millis) throws InterruptedException {
        thread.join(millis);
    }

    /**
     * The events from position {@code after} on (at most a page), the state and where the next page starts. A
     * client is done when the state is no longer {@code running} and {@code next} equals {@code total}.
     */
    synchronized ObjectNode page(long after) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("run", id);
        r.put("label", definition.label());
        r.put("agents", agents);
        r.put("state", state.name().toLowerCase(java.util.Locale.ROOT));
        if (reason != null) {
            r.put("reason", reason);
        }
        long from = Math.max(after, first);
        r.put("skipped", from - after); // fell out of the history before this client asked for them
        ArrayNode out = r.putArray("events");
        long pos = first;
        long next = from;
        int chars = 0;
        for (Event e : events) {
            if (pos++ < from) {
                continue;
            }
            if (out.size() >= PAGE_EVENTS || (out.size() > 0 && chars + e.chars() > PAGE_CHARS)) {
                break;
            }
            out.add(e.node());
            chars += e.chars();
            next++;
        }
        r.put("next", next);
        r.put("total", total);
        return r;
    }
}
