package org.ddstuner.pother.control;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

import org.ddstuner.pother.protocol.AgentAnnouncement;

/**
 * What a {@link PotherController} knows of one agent now: its latest announcement and whether it is still
 * there ({@link Liveness}), since when, and how long nothing has come from it. The same for the Benchmarks
 * views, the CLI and runs, so all of them say the same thing about a killed or frozen agent.
 *
 * @param since  LIVE: when it was (again) heard from after being unresponsive or gone, else its first
 *               announcement; UNRESPONSIVE: when it was last heard from; GONE: when its participant was
 *               seen lost; STOPPED: when it announced "stopped"
 * @param silent how long since this controller last received anything (announcement or report) from it
 * @param duplicate null, or "DUPLICATE app id 3: pids 123, 456 on host": more than one agent announces this app id
 *               (both obey its commands and their reports mix; {@code ddstuner pother} refuses to start as a second
 *               one, but agents started otherwise, or on two sides of a split network, can still meet)
 */
public record AgentStatus(AgentAnnouncement announcement, Liveness liveness, Instant since, Duration silent,
        String duplicate) {

    /** An agent whose app id no other agent announces. */
    public AgentStatus(AgentAnnouncement announcement, Liveness liveness, Instant since, Duration silent) {
        this(announcement, liveness, since, silent, null);
    }

    /** Whether an agent is still there, as seen from the controller. */
    public enum Liveness {
        /**
         * Announces itself as running and was heard from lately: within three of its announcement periods, or
         * {@link PotherController#UNRESPONSIVE_AFTER} if that is longer.
         */
        LIVE("live"),
        /**
         * Its DDS participant is still there as far as DDS knows, but neither announcement nor report came for
         * three of its announcement periods and at least {@link PotherController#UNRESPONSIVE_AFTER} (frozen,
         * stopped by a debugger or SIGSTOP, starved of CPU for seconds). Becomes LIVE again as soon as it is heard
         * from.
         */
        UNRESPONSIVE("unresponsive"),
        /**
         * Its DDS participant was lost without announcing "stopped" first: it deleted its participant without
         * saying so (seen at once: Cyclone disposes the participant's writers), or Cyclone saw its lease expire (the
         * process was killed, crashed, froze for longer than the lease, or the network cut it off; 10 s by
         * default). Becomes LIVE again if it comes back and announces itself.
         */
        GONE("gone"),
        /** Announced "stopped": it ended its tests and left cleanly. */
        STOPPED("stopped");

        private final String text;

        Liveness(String text) {
            this.text = text;
        }

        /** The word shown for it ("live", "unresponsive", "gone", "stopped"). */
        public String text() {
            return text;
        }
    }

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    public int appId() {
        return announcement.appId();
    }

    public boolean live() {
        return liveness == Liveness.LIVE;
    }

    /** The time of day {@code at} as hh:mm:ss in this machine's time zone (how the views and the CLI show it). */
    public static String clock(Instant at) {
        return LocalTime.ofInstant(at, ZoneId.systemDefault()).format(CLOCK);
    }

    /**
     * As shown to a person: "live", "unresponsive (silent since 00:52:10)", "gone (since 00:52:10)" or
     * "stopped"; for an agent of another protocol version followed by ", MISMATCH: protocol 1, this controller
     * speaks protocol 2", and for an app id more than one agent announces by ", DUPLICATE app id 3: pids 123, 456 on
     * host" (the Agents view and the CLI's agent list show it).
     */
    public String describe() {
        String mismatch = announcement.protocolMismatch();
        String state = switch (liveness) {
            case LIVE, STOPPED -> liveness.text();
            case UNRESPONSIVE -> "unresponsive (silent since " + clock(since) + ")";
            case GONE -> "gone (since " + clock(since) + ")";
        };
        String text = mismatch == null ? state : state + ", MISMATCH: " + mismatch;
        return duplicate == null ? text : text + ", " + duplicate;
    }

    /** Names the agent and says what happened, for a run's message or a CLI line ("agent 5 (pid 123 on h) is gone …"). */
    public String explain() {
        AgentAnnouncement a = announcement;
        String who = "agent " + a.appId() + " (pid " + a.pid() + " on " + a.host() + ")";
        return switch (liveness) {
            case LIVE -> who + " is live";
            case STOPPED -> who + " stopped";
            case UNRESPONSIVE -> who + " is unresponsive: nothing came from it since " + clock(since) + " ("
                    + silent.toSeconds() + " s; frozen, suspended or starved of CPU?)";
            case GONE -> who + " is gone since " + clock(since) + ": its DDS participant was lost without a \"stopped\""
                    + " announcement (the process was killed, crashed or is cut off)";
        };
    }
}
