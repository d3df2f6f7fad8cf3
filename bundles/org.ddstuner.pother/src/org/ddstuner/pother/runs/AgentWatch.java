package org.ddstuner.pother.runs;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.control.AgentStatus.Liveness;
import org.ddstuner.pother.control.PotherController;

/**
 * Keeps an eye on a run's agents while it goes on (called from the run's own loops, which poll the report queue
 * every few ms): an agent that turns unresponsive gets a message in the run naming it, and another when it
 * responds again; an agent that is gone (its participant lost: killed, crashed, cut off), or silent for longer
 * than {@link #giveUp}, ends the run with a message naming it. Without this a run waited for the dead agent's
 * reports until its own timeouts (half a minute and more per wind-down step) and then blamed "reports in time".
 */
final class AgentWatch {

    /** Silent this long, an agent is given up even if its participant is still there (e.g. a stuck process). */
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(20);
    private static final long CHECK_EVERY_NANOS = 100_000_000L;

    private final PotherController controller;
    private final List<Integer> ids;
    private final ReportSink sink;
    private final Duration giveUp;
    private final Map<Integer, Liveness> told = new HashMap<>(); // what the run was last told of each agent
    private final Map<Integer, Instant> silentSince = new HashMap<>(); // agents told unresponsive: last heard
    private final Map<Integer, String> processes = new HashMap<>(); // "host:pid" of each agent first seen running
    private long nextCheck;
    private String failure;

    /** The agents {@code ids} of a run with report period {@code period}. */
    AgentWatch(PotherController controller, List<Integer> ids, ReportSink sink, Duration period) {
        this.controller = controller;
        this.ids = List.copyOf(ids);
        this.sink = sink;
        Duration threePeriods = period.multipliedBy(3);
        this.giveUp = threePeriods.compareTo(GIVE_UP_AFTER) > 0 ? threePeriods : GIVE_UP_AFTER;
    }

    /**
     * Looks at the agents (at most every 100 ms) and tells the run what changed.
     *
     * @return why the run cannot go on (an agent gone or given up), or null while it can; once non-null it stays
     */
    String check() {
        long now = System.nanoTime();
        if (failure != null || now - nextCheck < 0) {
            return failure;
        }
        nextCheck = now + CHECK_EVERY_NANOS;
        for (int app : ids) {
            AgentStatus s = controller.status(app);
            if (s == null) {
                continue; // not announced yet: the run's own wait for its agents deals with that
            }
            String process = s.announcement().host() + ":" + s.announcement().pid();
            if (s.announcement().running()) {
                processes.putIfAbsent(app, process); // the process this run works with
            }
            if (!process.equals(processes.get(app))) {
                continue; // a late "stopped" of an earlier process with this app id, not of ours
            }
            String agent = AgentReportSource.agentName(app);
            Liveness before = told.getOrDefault(app, Liveness.LIVE);
            if (s.liveness() != before) {
                told.put(app, s.liveness());
                if (s.liveness() == Liveness.UNRESPONSIVE) {
                    silentSince.put(app, s.since());
                    sink.message(agent, s.explain());
                } else if (s.liveness() == Liveness.LIVE && silentSince.containsKey(app)) {
                    long secs = Duration.between(silentSince.remove(app), s.since()).toSeconds();
                    sink.message(agent, "agent " + app + " responds again (silent for " + secs + " s)");
                }
            }
            if (s.liveness() == Liveness.GONE || s.liveness() == Liveness.STOPPED) {
                failure = s.explain() + "; the run ends with the reports it had";
            } else if (s.liveness() == Liveness.UNRESPONSIVE && s.silent().compareTo(giveUp) > 0) {
                failure = s.explain() + "; given up after " + giveUp.toSeconds() + " s, the run ends with the reports it had";
            }
            if (failure != null) {
                return failure; // the run's runner records it as the step's error
            }
        }
        return null;
    }

    /** Whether agent {@code app} is not there now (unresponsive, gone or stopped): none of its reports will come. */
    boolean down(int app) {
        AgentStatus s = controller.status(app);
        return s != null && !s.live();
    }
}
