package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.List;

/** The text of {@code ddstuner help}. */
final class Help {

    private Help() {
    }

    static void print(PrintStream out) {
        out.print(TEXT);
    }

    /**
     * {@code ddstuner COMMAND --help}: the command's entry of the help text and where the shared options are;
     * exit 0, or 2 (with the list of commands) for a command there is no entry for.
     */
    static int printCommand(String command, PrintStream out, PrintStream err) {
        List<String> lines = TEXT.lines().toList();
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++) {
            String l = lines.get(i);
            if (l.startsWith("  " + command + " ") || l.equals("  " + command)) {
                at = i;
            }
        }
        if (at < 0) {
            err.println("ddstuner: Unknown command \"" + command + "\". Try: ddstuner help");
            return Main.EXIT_USAGE;
        }
        out.println("Usage: ddstuner " + command + " [options]");
        out.println(lines.get(at));
        for (int i = at + 1; i < lines.size() && lines.get(i).startsWith("   "); i++) {
            out.println(lines.get(i));
        }
        out.println();
        out.println("Shared options (--domain, --config, --peer, ...), JSON and exit codes: ddstuner help");
        return Main.EXIT_OK;
    }

    private static final String TEXT = """
                DDS Tuner — discover, inspect and tune live DDS systems (Eclipse Cyclone DDS).

                Usage: ddstuner                      open the desktop application
                       ddstuner COMMAND [options]    run headless
                       ddstuner COMMAND --help       that command's options

                Commands:
                  ls        participants, endpoints (with QoS), topics, partitions, pairs that do not
                            match (and why) and problems
                  ps        hosts → processes (pid, name) → participants, with endpoint counts
                  demo      run the built-in demo system (default domain 77) until stopped or --duration
                  pother    run a Pother benchmark agent until stopped: --app-id N [--group-id G]
                            [--parent-pid P: also stop when process P ends]
                  pother-run  drive a latency pair (--transceiver-app A --transponder-app B, defaults 1 and 2)
                            or, with --throughput, a throughput pair (A transmits, B receives; the transmitter
                            starts once both have matched) and print the reports; --size B (36 to 1048576,
                            default 64; throughput 1024), --rate R/s (0 = flat out, the default; throughput:
                            bursts/s), --burst N (throughput: samples per burst, default 1), --count N (default
                            1000; throughput 100000), --period-ms MS (report period, 50 to 3600000, default
                            1000), --name N (names the pair's topics, default cli), --agent-wait S (seconds to
                            wait for both agents, default 10), --timeout S (seconds for the pair, default 120),
                            --local (start both agents in this process).
                            QoS: --reliability reliable|best-effort (default reliable), --history N (0 = keep
                            all, N = keep last N; default keep last 1 for latency, keep all for throughput),
                            --transport-priority N (default 0), --latency-budget-us US (default 0).
                            Saved as it goes in the desktop's Saved Runs (--runs-dir DIR, default
                            -Dddstuner.runs.dir or ~/.ddstuner/runs; --no-save: not saved). Ctrl-C / SIGTERM
                            removes the pair's tests from the agents. Exit 1: agents not seen, the pair did not
                            match, or samples lost or not back within --timeout. --wait does not apply
                            (--agent-wait)
                  pother-runs  the saved runs, newest first: id, kind, state, start, label (--json: one
                            object per line); pother-runs csv ID: run ID as CSV (the desktop's export);
                            --runs-dir DIR as for pother-run
                  pother-agents  the Pother agents on the domain after --wait: state and liveness (live,
                            unresponsive (silent since hh:mm:ss), gone (since hh:mm:ss), stopped); --duration S:
                            keep watching and print each change; exit 1 if one is unresponsive or gone
                  typeof TOPIC     the topic's type as IDL, where it came from (over the wire, --idl, ROS 2
                            message, the ROS 2 node's type description service) and why other sources
                            failed; --json: one JSON document
                  subscribe TOPIC  read the topic with a reader whose QoS matches its writers; one line per
                            sample (time, writer, field=value…) or, with --json, one JSON object per line;
                            --count N, --timeout S, --filter EXPR (e.g. 'id == 2 && pos.x > 1.5',
                            '@instance_state == "NOT_ALIVE_DISPOSED"'), --partition P; Ctrl-C stops cleanly
                  publish TOPIC --json '{...}' | --json-file FILE
                            write samples (one value or an array) with QoS matching the topic's readers,
                            after waiting --wait for them to match; --count N (0: until stopped),
                            --rate HZ, --dispose; prints what goes where. Running it is the confirmation.
                            Bad JSON exits 2 naming the JSON path ($.points[0].x).
                  version   versions of DDS Tuner, Java and the libddsc in use
                  help      this text

                Options:
                  --domain N, -d N        DDS domain id (default 0; demo: 77)
                  --config C, -c C        loopback (default: sends nothing off this host) | default | FILE.xml
                  --peer ADDR             unicast discovery peer: IPv4 address or host name, optionally :PORT
                                          (repeatable; no multicast)
                  --wait S, -w S          seconds to discover before printing (default 2); typeof/subscribe/
                                          publish: at most, until the topic is seen; publish: for readers
                  --json                  machine-readable output (see JSON below)
                  --all, -a               include DDS Tuner's own entities and other DDS Tuner instances'
                  --filter TEXT, -f TEXT  only entities whose name contains TEXT (--regex: TEXT is a regex);
                                          ls/ps, text and --json
                  --expect-topic NAME     exit 1 unless topic NAME is seen within --wait (repeatable)
                  --expect-participant N  exit 1 unless a participant named N is seen within --wait
                  --duration S            demo: stop after S seconds
                  --idl FILE              typeof/subscribe/publish: import IDL (repeatable) for topics whose
                                          peers do not send their type
                  --ros-msg-path DIR      typeof/subscribe/publish: ROS 2 share folder(s) (repeatable or
                                          DIR1:DIR2) with <pkg>/msg/<Name>.msg, searched before the bundled
                                          messages (default: <prefix>/share of each AMENT_PREFIX_PATH entry)
                  --type NAME             the type to use (a topic with several types, or nobody on it yet)
                  --partition P, -p P     subscribe/publish: use partition P instead of the derived ones

                JSON: ls --json is one document {participants, endpoints, topics, partitions, matches,
                problems}; a match that fails has reasons (sentences) and why [{check, short, explanation,
                fix}]; ps --json is {hosts: [{host, processes: [{pid, process, user, participants}]}]}.
                Times are ISO-8601 strings, GUIDs dotted hex, unknown values null. QoS durations are always
                seconds as a number (0.1, 10) or the string "infinite".

                Exit codes: 0 ok; 1 not found or not met within --wait (an --expect-…, the topic, its type,
                subscribe --count by --timeout, no reader for publish); 2 usage error or bad input (option, IDL,
                JSON, filter, --peer); 3 environment (libddsc, a --config file that is missing, malformed or
                rejected by Cyclone, domain).
                """;
}
