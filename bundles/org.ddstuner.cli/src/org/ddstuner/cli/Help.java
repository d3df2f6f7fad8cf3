package org.ddstuner.cli;

import java.io.PrintStream;

/** The text of {@code ddstuner help}. */
final class Help {

    private Help() {
    }

    static void print(PrintStream out) {
        out.print("""
                DDS Tuner — discover, inspect and tune live DDS systems (Eclipse Cyclone DDS).

                Usage: ddstuner                      open the desktop application
                       ddstuner COMMAND [options]    run headless

                Commands:
                  ls        participants, endpoints (with QoS), topics, partitions, matches and problems
                  ps        hosts → processes → participants
                  demo      run the built-in demo system (default domain 77) until stopped or --duration
                  pother    run a Pother benchmark agent until stopped: --app-id N [--group-id G]
                            [--parent-pid P: also stop when process P ends]
                  pother-run  drive a latency pair (--transceiver-app A --transponder-app B) or, with
                            --throughput, a throughput pair (A transmits, B receives) and print the reports;
                            --size B, --rate R/s (0 = flat out), --count N, --period-ms MS, --local (start
                            both agents in this process)
                  version   versions of DDS Tuner, Java and the libddsc in use
                  help      this text

                Options:
                  --domain N, -d N        DDS domain id (default 0; demo: 77)
                  --config C, -c C        loopback (default: sends nothing off this host) | default | FILE.xml
                  --peer ADDR             unicast discovery peer (repeatable; no multicast)
                  --wait S, -w S          seconds to discover before printing (default 2)
                  --json                  machine-readable output
                  --all, -a               include DDS Tuner's own entities
                  --filter TEXT, -f TEXT  only entities whose name contains TEXT (--regex: TEXT is a regex)
                  --expect-topic NAME     exit 1 unless topic NAME is seen within --wait (repeatable)
                  --expect-participant N  exit 1 unless a participant named N is seen within --wait
                  --duration S            demo: stop after S seconds

                Exit codes: 0 ok, 1 expectation not met, 2 usage error, 3 environment (libddsc, config, domain).
                """);
    }
}
