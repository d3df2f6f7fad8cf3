package org.ddstuner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;

import org.ddstuner.health.RuleSet;
import org.ddstuner.health.remote.RemoteHealthWatch;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;

/**
 * {@code ddstuner watch --remote HOST:PORT}: the agent ({@code ddstuner serve}) runs the watch with this client's
 * rules and topics in its domain ({@link RemoteHealthWatch}, its watch-start/-events operations); the events are
 * printed as a local watch prints them. The link's state goes to stderr as it changes; after a link cut or an agent
 * restart the watch is created again and a note says that alerts of the gap may have been missed.
 */
final class RemoteWatchCommand {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final CliOptions options;
    private final ClientOptions client;
    private final Path rulesFile;
    private final List<String> topics;
    private final PrintStream out;
    private final PrintStream err;

    RemoteWatchCommand(CliOptions options, ClientOptions client, Path rulesFile, List<String> topics, PrintStream out,
            PrintStream err) {
        this.options = options;
        this.client = client;
        this.rulesFile = rulesFile;
        this.topics = topics;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        RuleSet rules = WatchCommand.rules(rulesFile, topics);
        try (StopSignal stop = StopSignal.install("watch"); RemoteClient c = RemoteCalls.connect(client, err)) {
            boolean[] up = { true };
            Consumer<RemoteClient.Status> report = s -> {
                // once per outage: the failed attempts in between (with backoff) would only repeat it
                if (s.state() == RemoteClient.State.DISCONNECTED && up[0]) {
                    up[0] = false;
                    err.println("ddstuner: disconnected from the agent at " + client.agent() + " since "
                            + TIME.format(s.since()) + (s.reason() == null ? "" : ": " + s.reason())
                            + "; reconnecting");
                } else if (s.state() == RemoteClient.State.CONNECTED && !up[0]) {
                    up[0] = true;
                    err.println("ddstuner: connected again to the agent at " + client.agent() + " at "
                            + TIME.format(s.since()));
                } else if (s.state() == RemoteClient.State.REFUSED) {
                    err.println("ddstuner: the agent refused the reconnection: " + s.reason());
                }
                err.flush();
            };
            c.addStatusListener(report);
            try (RemoteHealthWatch w = new RemoteHealthWatch(c, rules)) {
                return WatchCommand.follow(w, topics, "watching through the agent at " + client.agent() + " with "
                        + rules.rules().size() + " rule(s) from " + rulesFile, options, stop, out, err);
            } finally {
                c.removeStatusListener(report);
            }
        }
    }
}
