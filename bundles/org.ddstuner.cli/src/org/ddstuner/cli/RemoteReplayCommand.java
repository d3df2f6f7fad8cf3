package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;

import org.ddstuner.record.RemoteReplayer;
import org.ddstuner.record.Replayer;
import org.ddstuner.record.mcap.McapFormatException;
import org.ddstuner.record.mcap.McapReader;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.samples.DerivedQos;

/**
 * {@code ddstuner replay F.mcap --remote HOST:PORT}: as {@link ReplayCommand}, with the writers on the agent
 * ({@link RemoteReplayer}, operation {@code write-raw}). An agent without the write capability refuses: exit 4 (its
 * audit log has the refusal). A link lost mid-replay is said on stderr as it happens; the client reconnects by
 * itself, the writers are opened again and the replay goes on (a note says what that cost); a link that does not
 * come back within two minutes ends it with exit 3.
 */
final class RemoteReplayCommand {

    private final ClientOptions client;
    private final CliOptions common;
    private final Path file;
    private final Replayer.Options options;
    private final UnaryOperator<DerivedQos> qosEdit;
    private final PrintStream out;
    private final PrintStream err;

    RemoteReplayCommand(ClientOptions client, CliOptions common, Path file, Replayer.Options options,
            UnaryOperator<DerivedQos> qosEdit, PrintStream out, PrintStream err) {
        this.client = client;
        this.common = common;
        this.file = file;
        this.options = options;
        this.qosEdit = qosEdit;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        McapReader reader = ReplayCommand.open(file);
        try (reader; StopSignal stop = StopSignal.install("replay"); RemoteClient c = ModelSource.connect(client, err)) {
            reader.notes().forEach(n -> err.println("  note: " + n));
            RemoteReplayer r;
            try {
                r = RemoteReplayer.open(c, reader, options, qosEdit, Duration.ofMillis((long) (common.waitSeconds
                        * 1000)));
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.EXIT_USAGE, "replay: " + e.getMessage());
            } catch (ProtocolException e) {
                throw refusal(e);
            } catch (IOException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "replay --remote: " + e.getMessage());
            }
            boolean[] up = { true }; // once per outage: the attempts in between would only repeat it
            java.util.function.Consumer<RemoteClient.Status> report = s -> {
                switch (s.state()) {
                    case DISCONNECTED -> {
                        if (up[0]) {
                            up[0] = false;
                            err.println("ddstuner: disconnected from the agent at " + client.agent()
                                    + (s.reason() == null ? "" : ": " + s.reason()) + "; reconnecting");
                        }
                    }
                    case CONNECTED -> {
                        if (!up[0]) {
                            up[0] = true;
                            err.println("ddstuner: connected again to the agent at " + client.agent()
                                    + "; opening the writers again");
                        }
                    }
                    default -> {
                        // connecting, refused (the replay's request says why), closed
                    }
                }
                err.flush();
            };
            c.addStatusListener(report);
            try (r) {
                ReplayCommand.describe(r.targets(), r.notes(), file, options, err);
                if (r.matchedReaders().values().stream().anyMatch(n -> n == 0)) {
                    err.println("ddstuner: not every topic has a matched reader on the agent after --wait "
                            + common.waitSeconds + " s: " + r.matchedReaders());
                }
                err.flush();
                long end = common.durationSeconds < 0 ? Long.MAX_VALUE
                        : System.nanoTime() + (long) (common.durationSeconds * 1e9);
                long t0 = System.nanoTime();
                Replayer.Result res;
                try {
                    res = r.run(() -> stop.requested() || System.nanoTime() > end);
                } catch (McapFormatException e) {
                    throw new CliException(Main.EXIT_USAGE, "replay: " + file + ": " + e.getMessage());
                } catch (ProtocolException e) {
                    throw refusal(e);
                } catch (IOException e) {
                    throw new CliException(Main.EXIT_ENVIRONMENT, "replay --remote: the link to the agent at "
                            + client.agent() + " failed mid-replay and did not come back: " + e.getMessage() + " (what "
                            + "was sent before is written; the agent freed its writers)");
                }
                ReplayCommand.summary(file, r.targets().size(), res, (System.nanoTime() - t0) / 1e9,
                        " through the agent at " + client.agent(), out, err);
                int readers = r.matchedReaders().values().stream().mapToInt(Integer::intValue).sum();
                return readers == 0 ? Main.EXIT_EXPECTATION : Main.EXIT_OK;
            }
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "replay: " + file + ": " + e.getMessage());
        }
    }

    private static CliException refusal(ProtocolException e) {
        int exit = switch (e.code()) {
            case Protocol.NOT_ALLOWED -> Main.EXIT_REFUSED;
            case "bad-value", "no-type", Protocol.MALFORMED_FRAME -> Main.EXIT_USAGE;
            default -> Main.EXIT_ENVIRONMENT;
        };
        return new CliException(exit, "replay --remote: the agent refused (" + e.code() + "): " + e.getMessage());
    }
}
