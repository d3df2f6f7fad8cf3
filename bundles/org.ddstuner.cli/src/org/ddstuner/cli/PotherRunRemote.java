package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;
import org.ddstuner.pother.remote.RemoteBenchmarkSource;
import org.ddstuner.pother.runs.AgentResources;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.ReportSink;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;

/**
 * {@code ddstuner pother-run --remote HOST:PORT --token-file F}: the pair runs between two Pother agents of a remote
 * system, driven by its agent ({@code ddstuner serve --allow benchmark}) for {@code --duration} seconds; the reports
 * come back through the agent ({@link RemoteBenchmarkSource}) and are printed and saved as a local run's. A link
 * that drops mid-run is said on stderr and caught up after it. Exit 0 when the run finished with reports, 1 when it
 * failed or brought none, 4 when the agent refused (no {@code benchmark} capability).
 */
final class PotherRunRemote {

    private static final long STOP_GRACE_MS = 15_000;

    private final PrintStream out;
    private final PrintStream err;

    PotherRunRemote(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(PotherRunSettings s, ClientOptions options, Duration duration) {
        RunDefinition d = s.remoteDefinition(duration);
        BenchmarkRun run = create(s.runsDir(), d);
        Totals totals = new Totals();
        try (StopSignal stop = StopSignal.install("pother-run", STOP_GRACE_MS);
                RemoteClient client = ModelSource.connect(options, err)) {
            client.addStatusListener(st -> {
                if (st.state() == RemoteClient.State.DISCONNECTED) {
                    err.println("ddstuner: disconnected from the agent at " + options.agent() + " since "
                            + st.since() + (st.reason() == null ? "" : " (" + st.reason() + ")"));
                } else if (st.state() == RemoteClient.State.CONNECTED) {
                    err.println("ddstuner: connected again to the agent at " + options.agent());
                }
            });
            out.println("# " + d.label() + " through the agent at " + options.agent()
                    + (run.id().equals("unsaved") ? "" : "; saved as run " + run.id() + " in " + s.runsDir()));
            out.flush();
            RemoteBenchmarkSource source = RemoteBenchmarkSource.of(client, List.of(s.a(), s.b()));
            try {
                source.run(d, tee(run, totals), stop::requested);
            } catch (ProtocolException e) {
                run.finish(BenchmarkRun.State.FAILED, e.code() + ": " + e.reason());
                if (Protocol.NOT_ALLOWED.equals(e.code())) {
                    throw new CliException(Main.EXIT_REFUSED, "refused (" + e.code() + "): " + e.reason());
                }
                err.println("ddstuner: the agent refused the run (" + e.code() + "): " + e.reason());
                return Main.EXIT_EXPECTATION;
            } catch (Exception e) {
                run.finish(BenchmarkRun.State.FAILED, e.getMessage());
                err.println("ddstuner: " + e.getMessage());
                return Main.EXIT_EXPECTATION;
            }
            boolean stopped = stop.requested();
            run.finish(stopped ? BenchmarkRun.State.STOPPED : BenchmarkRun.State.FINISHED, stopped ? "stopped (Ctrl-C / "
                    + "SIGTERM)" : "");
            out.println(totals.result(s.throughput()));
            out.flush();
            if (totals.reports == 0) {
                err.println("ddstuner: the run brought no report of the measuring agent (app " + s.a() + ")");
                return Main.EXIT_EXPECTATION;
            }
            return stopped ? Main.EXIT_EXPECTATION : Main.EXIT_OK;
        }
    }

    private BenchmarkRun create(Path dir, RunDefinition d) {
        RunEnvironment env = RunEnvironment.capture(null);
        BenchmarkRun run;
        if (dir == null) {
            run = BenchmarkRun.unsaved(d, env);
        } else {
            try {
                run = new RunStore(dir).create(d, env);
            } catch (IOException | RuntimeException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "cannot save the run in " + dir + " (" + e.getMessage()
                        + "); --runs-dir DIR saves it elsewhere, --no-save not at all.");
            }
        }
        run.step(0, d);
        return run;
    }

    /** What the measuring side reported, summed over the periods. */
    private static final class Totals {
        long reports;
        long sent;
        long echoes;
        long received;
        long lost;

        String result(boolean throughput) {
            return throughput ? String.format(Locale.ROOT, "RESULT periods=%d received=%d lost=%d", reports, received, lost)
                    : String.format(Locale.ROOT, "RESULT periods=%d sent=%d echoes=%d", reports, sent, echoes);
        }
    }

    /** Prints each report as it comes and records it in {@code run}. */
    private ReportSink tee(BenchmarkRun run, Totals totals) {
        return new ReportSink() {
            @Override
            public void step(int index, RunDefinition definition) {
                run.step(index, definition);
            }

            @Override
            public void latency(String agent, LatencyReport r, AgentResources res) {
                run.latency(agent, r, res);
                synchronized (totals) {
                    totals.reports++;
                    totals.sent += r.sent();
                    totals.echoes += r.received();
                }
                LatencyReport.Column trip = r.column(LatencyColumn.TRIP);
                out.printf(Locale.ROOT, "%s: sent %d, echoes %d, round trip avg %.1f us%n", agent, r.sent(),
                        r.received(), trip == null ? Double.NaN : trip.rows().get(BestFraction.ALL).avg() / 1e3);
                out.flush();
            }

            @Override
            public void throughput(String agent, ThroughputReport r, AgentResources res) {
                run.throughput(agent, r, res);
                synchronized (totals) {
                    totals.reports++;
                    totals.received += r.samples();
                    totals.lost = Math.max(totals.lost, r.lostTotal());
                }
                out.println(agent + ": " + r.format());
                out.flush();
            }

            @Override
            public void resources(String agent, AgentResources res) {
                run.resources(agent, res);
            }

            @Override
            public void message(String agent, String text) {
                run.message(agent, text);
                err.println("# " + agent + ": " + text);
                err.flush();
            }
        };
    }
}
