package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Consumer;

import org.ddstuner.record.RemoteRecorder;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.system.Endpoint;

/**
 * {@code ddstuner record --remote HOST:PORT}: the agent reads each topic and streams its samples raw; a
 * {@link RemoteRecorder} writes them as a local recording. The link's state goes to stderr as it changes; after a
 * reconnect the gap (from, to, length) is said, and at the end the counts with every loss by cause.
 */
final class RemoteRecordCommand {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final ClientOptions client;
    private final List<String> topics;
    private final CliOptions common;
    private final int maxRate;
    private final int queue;
    private final Path output;
    private final PrintStream out;
    private final PrintStream err;

    /** @param topics the topics, or empty for every topic a writer of the agent's domain uses */
    RemoteRecordCommand(ClientOptions client, List<String> topics, CliOptions common, int maxRate, int queue,
            Path output, PrintStream out, PrintStream err) {
        this.client = client;
        this.topics = topics;
        this.common = common;
        this.maxRate = maxRate;
        this.queue = queue;
        this.output = output;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        if (Files.exists(output)) {
            throw new CliException(Main.EXIT_USAGE, "--output " + output + " exists already: not overwritten");
        }
        try (StopSignal stop = StopSignal.install("record"); RemoteClient c = ModelSource.connect(client, err)) {
            List<String> chosen = topics.isEmpty() ? allTopics(c) : topics;
            if (chosen.size() > Protocol.MAX_SUBSCRIPTIONS) {
                throw new CliException(Main.EXIT_USAGE, "record --remote: at most " + Protocol.MAX_SUBSCRIPTIONS
                        + " topics through one agent connection, not " + chosen.size() + ": " + chosen);
            }
            RemoteRecorder r;
            try {
                r = RemoteRecorder.start(c, output, chosen, maxRate, queue);
            } catch (ProtocolException e) {
                int exit = Protocol.BUSY.equals(e.code()) || Protocol.UNSUPPORTED.equals(e.code())
                        ? Main.EXIT_ENVIRONMENT : Main.EXIT_EXPECTATION;
                throw new CliException(exit, "record --remote: the agent cannot read the topics (" + e.code()
                        + "): " + e.getMessage());
            } catch (IOException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "record --remote: " + e.getMessage());
            }
            Consumer<RemoteClient.Status> report = linkReport(c);
            c.addStatusListener(report);
            err.println("recording " + chosen.size() + " topic" + (chosen.size() == 1 ? "" : "s") + " through the agent "
                    + "at " + client.agent() + " to " + output + ": " + r.types());
            err.flush();
            long end = common.durationSeconds < 0 ? Long.MAX_VALUE
                    : System.nanoTime() + (long) (common.durationSeconds * 1e9);
            while (!stop.requested() && System.nanoTime() < end && r.failure() == null) {
                stop.await(Math.max(1, Math.min(200, (end - System.nanoTime()) / 1_000_000)));
            }
            c.removeStatusListener(report);
            try {
                r.close();
            } catch (IOException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "record --remote: " + output + ": " + e.getMessage());
            }
            RemoteRecorder.Stats s = r.stats();
            RemoteSubscription.Drops d = s.drops();
            double gapSeconds = s.gaps().stream().mapToLong(g -> g.length().toMillis()).sum() / 1000.0;
            out.println(String.format(Locale.ROOT, "recorded %s through the agent at %s: %d topics, %d channels, "
                    + "%.1f s, received %d, written %d, dropped %d (agent queue %d, rate cap %d, local queue %d, too "
                    + "large %d), %.1f MB, link gaps %d (%.1f s)", output, client.agent(), s.topics(), s.channels(),
                    s.elapsed().toNanos() / 1e9, s.received(), s.written(), s.dropped(), d.agentQueue(), d.rate(),
                    d.local(), d.size(), s.bytes() / 1e6, s.gaps().size(), gapSeconds));
            if (s.received() == 0) {
                err.println("  note: nothing arrived from the agent: does it see a writer of the topic (ls --remote)?");
            }
            if (r.failure() != null) {
                err.println("ddstuner: recording stopped: " + r.failure());
                return Main.EXIT_ENVIRONMENT;
            }
            return Main.EXIT_OK;
        }
    }

    /** Says each outage once and, when the link is back, which time is missing from the recording. */
    private Consumer<RemoteClient.Status> linkReport(RemoteClient c) {
        java.time.Instant[] down = { null };
        return s -> {
            switch (s.state()) {
                case DISCONNECTED -> {
                    if (down[0] == null) {
                        down[0] = s.since();
                        err.println("ddstuner: disconnected from the agent at " + client.agent() + " since "
                                + TIME.format(s.since()) + (s.reason() == null ? "" : ": " + s.reason())
                                + "; reconnecting (the recording keeps what it got)");
                    }
                }
                case CONNECTED -> {
                    if (down[0] != null) {
                        err.println(String.format(Locale.ROOT, "ddstuner: connected again to the agent at %s at %s; "
                                + "the recording has a gap from %s to %s (%.1f s): samples published then are not in "
                                + "it", client.agent(), TIME.format(s.since()), TIME.format(down[0]),
                                TIME.format(s.since()), java.time.Duration.between(down[0], s.since()).toMillis()
                                        / 1000.0));
                        down[0] = null;
                    }
                }
                case REFUSED -> err.println("ddstuner: the agent refused the reconnection: " + s.reason());
                default -> {
                    // connecting / closed: nothing to tell
                }
            }
            err.flush();
        };
    }

    /** --all: the topics applications write in the agent's model, waiting up to --wait for one to show. */
    private List<String> allTopics(RemoteClient c) throws InterruptedException {
        long end = System.nanoTime() + (long) (common.waitSeconds * 1e9);
        while (true) {
            TreeSet<String> names = new TreeSet<>();
            for (Endpoint e : c.model().snapshot(false).endpoints()) {
                if (!e.isReader() && e.alive() && !e.hidden() && !e.topicName().startsWith("DCPS")) {
                    names.add(e.topicName());
                }
            }
            if (!names.isEmpty()) {
                return List.copyOf(names);
            }
            if (System.nanoTime() > end) {
                throw new CliException(Main.EXIT_EXPECTATION, "--all: no topic with a writer in the model of the agent "
                        + "at " + client.agent() + " within --wait " + common.waitSeconds + " s");
            }
            Thread.sleep(100);
        }
    }
}
