package org.ddstuner.pother.ui;

import java.util.Locale;

import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.Transports;

/** Every text the Benchmarks views show. */
public final class Messages {

    public static final String EXPORT_ALL = "Export all…";
    public static final String EXPORT_ALL_TIP = "Save every chart with data as PNG and SVG, and the shown runs as CSV "
            + "(their reports, and every period's latency statistics)";
    public static final String EXPORT_TITLE = "Export charts";
    public static final String EXPORT_MESSAGE = "Choose the folder to write the files into";
    public static final String EXPORT_FAILED = "Export failed: ";
    public static final String NO_LATENCY_YET = "No latency report yet: start a round-trip test in the Launcher.";

    // short: the launcher's combo is a quarter of the window wide; KIND_TIP says what each one measures
    public static final String KIND = "Test:";
    public static final String KIND_LATENCY = "Round trip";
    public static final String KIND_THROUGHPUT = "Throughput";
    public static final String KIND_RELAY = "Relay pipeline";
    public static final String KIND_FAN_IN = "Fan-in (N → 1)";
    public static final String KIND_DISCOVERY = "Discovery";
    public static final String KIND_TIP = "Round trip: latency of ping → echo. Throughput: samples/s and loss, one writer "
            + "→ one reader. Relay pipeline: source → relay → sink. Fan-in: N senders → 1 receiver. Discovery: a fresh "
            + "writer and a late reader: time to match, to the first sample, samples missed.";
    public static final String NO_DISCOVERY_YET = "No discovery measurement yet: run the Discovery test from the Launcher.";
    public static final String DISCOVERY_OWN = "own";
    public static final String DISCOVERY_SHARED = "agent's";
    public static final String SENDERS = "Senders:";
    public static final String SENDERS_TIP = "Transmitter processes of a fan-in (one agent each, plus one for the receiver)";
    public static final String SIZES = "Sizes (bytes):";
    public static final String RATE = "Rate (/s):";
    public static final String BURST = "Burst:";
    public static final String RELIABILITY = "Reliability:";
    public static final String RELIABLE = "Reliable";
    public static final String BEST_EFFORT = "Best effort";
    public static final String DURABILITY = "Durability:";
    public static final String VOLATILE = "Volatile";
    public static final String TRANSIENT_LOCAL = "Transient local";
    public static final String DURABILITY_TIP = "Transient local: writers keep their history (as deep as History says) "
            + "for readers that join later; the Discovery test's late reader then misses nothing";
    public static final String HISTORY = "History:";
    public static final String HISTORY_DEFAULT = "Test's default";
    public static final String HISTORY_KEEP_ALL = "Keep all";
    public static final String HISTORY_KEEP_LAST = "Keep last";
    public static final String HISTORY_TIP = "Test's default: keep last 1 for round trips, keep all for data";
    public static final String DEPTH = "Depth:";
    public static final String PRIORITY = "Priority:";
    public static final String PRIORITY_TIP = "Transport priority: TRANSPORT_PRIORITY of every writer (and reader) of the test; 0 = none";
    public static final String BUDGET = "Budget (µs):";
    public static final String BUDGET_TIP = "Latency budget: LATENCY_BUDGET of every reader and writer of the test; 0 = none";
    public static final String TRANSPORT = "Transport:";
    public static final String TRANSPORT_UDP = "UDP (loopback)";
    public static final String TRANSPORT_TCP = "TCP";
    public static final String TRANSPORT_SHM = "Shared memory (Iceoryx)";
    public static final String TRANSPORT_TIP = "How the test's processes talk: UDP over 127.0.0.1, TCP connections on "
            + "127.0.0.1, or Cyclone's shared memory through Iceoryx (needs a libddsc built with Iceoryx; a RouDi is started for the "
            + "local agents if none runs, and keep-last history: keep-all would silently go over UDP, so such a run is refused)";
    public static final String STEP_SECONDS = "s/step:";
    public static final String STEP_SECONDS_TIP = "How long each step (each size, transport or load) of the scenario runs";
    public static final String DURATION = "Duration (s):";
    public static final String PERIOD = "Report (ms):";
    public static final String SIZES_TIP = "One or more sample sizes, comma-separated (e.g. 64, 1024, 65536); several run one after the other";
    public static final String RATE_TIP = "Samples per second (bursts per second for throughput); 0 = as fast as possible";
    public static final String BURST_TIP = "Samples per burst (throughput only)";
    public static final String START = "Start";
    public static final String STOP = "Stop";
    public static final String SCENARIOS = "Scenarios";
    public static final String RUN_SCENARIO = "Run scenario";
    public static final String APPLY = "Apply to running test";
    public static final String APPLY_TIP = "Sends the form's sample size, rate and QoS to the running round-trip or "
            + "throughput test: the agents rebuild it and the run goes on";
    public static final String QOS = "QoS";
    public static final String IDLE = "Idle.";
    public static final String NOT_YET = "Not yet available: ";
    public static final String BAD_INPUT = "Cannot start: ";
    public static final String CANNOT_APPLY = "Cannot apply: ";

    public static final String AGENT_COLUMNS = "App id,Group,Host,PID,State,CPU (% of 1 CPU),RSS (MB),Liveness,Tests,Started here";
    public static final String AGENT_COUNT = "Agents:";
    public static final String START_LOCAL_AGENTS = "Start local agents";
    public static final String START_LOCAL_AGENTS_TIP = "Start Pother agent processes on this machine (ddstuner pother), "
            + "loopback only, on the benchmark domain";
    public static final String STOP_LOCAL_AGENTS = "Stop local agents";
    public static final String EDIT_QOS = "Edit QoS…";
    public static final String EDIT_QOS_TIP = "Change the QoS of the running test's readers and writers in the local agent "
            + "processes (through the DDS Tuner agent they were started with); the test keeps running";
    public static final String EDIT_QOS_TITLE = "Edit QoS of the running test (local agents %s, %s, domain %d)";
    public static final String EDIT_QOS_NO_AGENTS = "Edit QoS needs running local agent processes: start a test on the "
            + "local agents first.";
    /** A local agent process as the Edit QoS dialog names it (its Pother app id). */
    public static final String EDIT_QOS_PROCESS = "Pother agent %d";
    public static final String EDIT_QOS_RECREATE_REASON = "here: by re-creating the test's endpoints (peers see a new "
            + "GUID; the run continues). The test is redefined with it, as the Launcher's Apply does, so every reader and "
            + "writer of the test gets it";
    public static final String EDIT_QOS_RUN_ENDED = "the test is no longer running: start it again with this QoS in the "
            + "Launcher";
    public static final String EDIT_QOS_NOT_IN_DEFINITION = "a benchmark test's definition cannot carry %s = %s "
            + "(volatile or transient local durability only)";
    public static final String EDIT_QOS_NO_LIBRARY = "Edit QoS needs the DDS Tuner agent library (agent/libddstuner_agent.so "
            + "of the product, or -D" + TuningAgent.LIBRARY_PROPERTY + "=…): it was not found, so the local agents run "
            + "without it.";
    public static final String EDIT_QOS_NOT_PRELOADED = "These local agents were started without the DDS Tuner agent: "
            + "stop them (Stop local agents) and start the test again.";
    public static final String AGENTS_FAILED = "Local agents failed: ";
    public static final String AGENTS_STOPPED = "Local agents stopped.";
    /** The State of an agent that is gone (its last announcement said "running"). */
    public static final String AGENT_GONE = "gone";
    /** A cell with no value now (a gone agent's CPU and RSS). */
    public static final String NONE = "–";

    public static final String RUN_ON = "Run on:";
    public static final String TARGET_LOCAL_AGENTS = "Local agents";
    public static final String TARGET_IN_PROCESS = "In-process";
    public static final String TARGET_AGENTS = "Chosen agents";
    public static final String TARGET_TIP = "Local agents: two agent processes started on this machine, samples cross "
            + "a real Cyclone transport. In-process: both ends in this process, Cyclone delivers directly (no transport; "
            + "numbers far below a deployment). Chosen agents: the app ids or group below, as listed in the Agents view. "
            + "Agents via a remote agent: the app ids or group below, on the system that remote agent (ddstuner serve "
            + "--allow benchmark) serves; the run lives there and its reports come back through the connection.";
    /** The start of a target item for a remote connection: "Agents via Lab agent". */
    public static final String TARGET_REMOTE = "Agents via ";
    public static final String REMOTE_DISCONNECTED = " disconnected since ";
    public static final String AGENT_IDS = "Agents:";
    public static final String AGENT_IDS_TIP = "App ids, comma-separated, the first measures (e.g. 3, 4), or group:NAME";

    public static final String RUNS_REFRESH = "Refresh";
    public static final String RUNS_SHOW = "Show";
    public static final String RUNS_OVERLAY = "Overlay 2";
    public static final String RUNS_OVERLAY_TIP = "Select two saved runs to draw them on the same charts (A and B)";
    public static final String RUNS_NEED_TWO = "Select exactly two runs to overlay.";
    public static final String RUNS_COLUMNS = "Started,Run,Kind,Size,Id,Environment";

    private Messages() {
    }

    /** The Transport combo's words for {@code t}, in the order of {@link RunDefinition.Transport}. */
    public static String transport(RunDefinition.Transport t) {
        return switch (t) {
            case UDP -> TRANSPORT_UDP;
            case TCP -> TRANSPORT_TCP;
            case SHM -> TRANSPORT_SHM;
        };
    }

    /**
     * The launcher's note on shared memory: whether the loaded libddsc can use it here, and why not (the transport
     * comparison then skips its shared-memory steps); when it can, what a test needs to really use it.
     */
    public static String sharedMemory(Transports.Availability shm) {
        return shm.available() ? "Shared memory: yes, " + shm.reason() + ". " + Transports.shmNeeds()
                : "Shared memory: no, " + shm.reason() + ". The transport comparison skips it.";
    }

    /** Nanoseconds as microseconds with 3 decimals, or "–" when there were no samples. */
    public static String micros(double nanos) {
        return Double.isNaN(nanos) ? "–" : String.format(Locale.ROOT, "%.3f", nanos / 1e3);
    }

    /** Milliseconds with 3 decimals, or "–". */
    public static String millis(double ms) {
        return Double.isNaN(ms) ? "–" : String.format(Locale.ROOT, "%.3f", ms);
    }

    /** A count that may be a median of two (x.5), or "–". */
    static String count(double n) {
        return Double.isNaN(n) ? "–" : n == Math.rint(n) ? Long.toString((long) n) : String.format(Locale.ROOT, "%.1f", n);
    }

    static String periodHeading(String run, double time, double periodSeconds, long sent, long received) {
        return String.format(Locale.ROOT, "%s: period ending at %.1f s (%.2f s long), %d sent, %d echoes received", run, time,
                periodSeconds, sent, received);
    }

    /** A run without round trips (a pipeline, a fan-in): each agent's newest timings, no echoes to count. */
    static String timingsHeading(String run, double time, int agents) {
        return String.format(Locale.ROOT, "%s: newest period of each of %d writers/readers, up to %.1f s", run, agents, time);
    }

    static String startingAgents(int n) {
        return "Starting " + n + " local agent processes…";
    }

    static String agentsStarted(String ids, int domain) {
        return "Local agents " + ids + " running on domain " + domain + ".";
    }

    static String agentTrouble(int appId, String liveness) {
        return "app " + appId + " " + liveness;
    }

    /** The Agents view's status line while an agent that was running is unresponsive or gone. */
    static String agentsInTrouble(String which) {
        return "Not responding: " + which + ".";
    }

    static String agentsOn(int domain) {
        return "Agents on benchmark domain " + domain + " (loopback only)";
    }

    static String localProcess(RunDefinition.Transport transport, int domain) {
        return "local process, " + transport(transport) + ", domain " + domain;
    }

    static String exported(int files, String dir) {
        return files + " file(s) written to " + dir;
    }

    /** Charts Export all left out. */
    static String notExported(java.util.List<String> titles) {
        return "Not exported, nothing to draw for the shown runs: " + String.join(", ", titles) + ".";
    }

    /** How a table names the run it shows: the first of the shown runs, "A" when several are overlaid. */
    public static String shownRun(String label, int shownRuns) {
        return shownRuns > 1 ? "Run A of the " + shownRuns + " overlaid (" + label + ")" : label;
    }

    static String running(String label, String state, int reports) {
        return label + ": " + state + ", " + reports + " report(s)";
    }
}
