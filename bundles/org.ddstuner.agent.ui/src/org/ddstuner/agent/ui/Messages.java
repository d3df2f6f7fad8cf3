package org.ddstuner.agent.ui;

/** Every text of the Application Tuning view shown to people, in one place. */
final class Messages {

    static final String APPS_HEADING = "Processes running the DDS Tuner agent";
    static final String REFRESH = "Refresh";
    static final String SECRET = "Secret File…";
    static final String SECRET_TIP = "Choose the file holding the application's DDSTUNER_AGENT_SECRET: changes are signed with it";
    static final String OVERRIDE = "Write Override File…";
    static final String OVERRIDE_TIP = "Writes the edited policies marked \"at the application's next start\" into an "
            + "override file (DDSTUNER_QOS_OVERRIDES) for this entity's topic";
    static final String NO_AGENTS = "No agent found yet in the open connections' domains (an application enables it with "
            + "ddstuner_agent_start() or LD_PRELOAD=…/agent/libddstuner_agent.so; see the agent's README).";
    static final String CHOOSE = "Choose a reader or writer of an application on the left.";

    static final String REPORT_ONLY_APP = "%s runs the agent REPORT-ONLY: it was started without DDSTUNER_AGENT_SECRET, so "
            + "it refuses every change (Apply shows its refusal); restart it with a secret to tune it.";
    static final String REPORT_ONLY_TOOL = "No secret chosen for %s: to this tool its agent is REPORT-ONLY. Pick the file "
            + "holding its DDSTUNER_AGENT_SECRET (Secret File…; it is kept in secure storage for the process's next runs); an "
            + "unsigned Apply is refused by the agent.";
    static final String SIGNED = "Changes to %s are signed with the secret from %s (kept in secure storage for its next "
            + "runs).";
    static final String SIGNED_STORED = "Changes to %s are signed with the secret kept in secure storage for %s.";
    static final String SIGNED_GIVEN = "%s was started by DDS Tuner: changes are signed with the secret it was given.";
    static final String SECRET_NOT_KEPT = "(The secret could not be kept in secure storage: %s.)";
    static final String FORGET_SECRET = "Forget Secret";
    static final String FORGET_SECRET_TIP = "Forget the secret of the chosen process: the file chosen and the copy kept "
            + "(encrypted) in secure storage for its process name";

    static final String NEXT_START_REASON = "; Write Override File… has it applied when %s restarts";
    static final String DESKTOP_STARTED_REASON = "; this process was started by DDS Tuner: change it in its definition "
            + "(the Benchmarks' Launcher: Apply rebuilds the running test with it)";
    static final String NO_OVERRIDE_REASON = "; the override file has no element for it either";
    static final String NOT_LIVE = "cannot change live in a running application; Write Override File… has it applied "
            + "when %s restarts";
    static final String LIVE_WITH_RECREATE = "not applied with a re-creation: the new endpoint starts from its owner's "
            + "definition; apply it on its own afterwards";
    static final String REFUSED = "refused by the agent of %s: %s %s%s; nothing changed";
    static final String UNSIGNED_HINT = " (no secret chosen: Secret File…)";
    static final String OVERRIDE_NOTHING = "Edit a policy marked \"at the application's next start\" first.";
    static final String OVERRIDE_WRITTEN = "Wrote %s: takes effect when %s restarts (with the agent and "
            + "DDSTUNER_QOS_OVERRIDES=%s).";

    static final String PROCESS_ENDPOINTS = "Readers and writers of the test";
    static final String ASKING_AGENTS = "Asking the processes' agents…";
    static final String NO_PROCESS_ENDPOINTS = "No tunable reader or writer found. ";
    static final String PROCESS_NOTE = "Live policies are set in the running processes by their agent (signed with the "
            + "secret they were started with). History, reliability, durability and latency budget are changed by "
            + "redefining the test: its endpoints are re-created (peers see new GUIDs) and the run continues.";
    static final String STATISTICS = "Statistics (libddsc, reported by the agent once a second)";
    static final String ALL_ZERO = "; every counter 0 so far (nothing retransmitted, throttled or discarded)";
    static final String NO_STATISTICS = "No statistics from this endpoint's agent yet (DDSTUNER_AGENT_STATS_MS=0 turns them off).";

    static final String REMOTE_NO_QOS = "%s does not let QoS changes through: its agent was started without --allow qos "
            + "(reading the applications' QoS works; restart ddstuner serve with --allow qos to change it).";
    static final String REMOTE_NEXT_START_REASON = "; through a remote agent it cannot be set: the override file "
            + "(DDSTUNER_QOS_OVERRIDES) is a path on the application's host, write it there";
    static final String REMOTE_NOT_LIVE = "cannot change live in a running application; the override file for its next "
            + "start is local to the application's host (not through the remote agent)";
    static final String REMOTE_REFUSED = "refused by %s: %s %s%s; nothing changed";
    static final String REMOTE_APPLIED = "%s confirmed: the agent of %s applied it (in force now: %s)";
    static final String REMOTE_SEEN = "; the remote agent's discovery announces the new value";
    static final String REMOTE_NOT_SEEN = "; the remote agent's discovery did not announce the new value within %d ms";
    static final String REMOTE_AGENT_SAID = " (set-qos through %s: the application's agent answered %s)";
    static final String REMOTE_BANNER = " Changes go through the remote agent (set-qos); the secret is sent inside its TLS link.";

    private Messages() {
    }
}
