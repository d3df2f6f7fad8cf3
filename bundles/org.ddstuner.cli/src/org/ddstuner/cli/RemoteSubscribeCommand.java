package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;

import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteRefusedException;
import org.ddstuner.remote.RemoteSubscription;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code ddstuner subscribe TOPIC --remote HOST:PORT}: the agent reads the topic (type and QoS resolved there, as the
 * local command does) and streams the samples; each is printed as it arrives (with --json the agent's JSON object,
 * else time, writer and value). The link's state goes to stderr as it changes ("disconnected since …", "connected
 * again"), and at the end the totals with every loss by cause: the agent's queue, the rate cap, this side's queue —
 * never silent. The client reconnects and resubscribes by itself; what the topic sent while the link was down is not
 * replayed (a sample stream is live data, unlike the model, which resumes from its sequence number).
 */
final class RemoteSubscribeCommand {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final String topic;
    private final ClientOptions client;
    private final int maxRate;
    private final int queue;
    private final long count;
    private final double timeoutSeconds;
    private final boolean json;
    private final PrintStream out;
    private final PrintStream err;

    RemoteSubscribeCommand(String topic, ClientOptions client, int maxRate, int queue, long count,
            double timeoutSeconds, boolean json, PrintStream out, PrintStream err) {
        this.topic = topic;
        this.client = client;
        this.maxRate = maxRate;
        this.queue = queue;
        this.count = count;
        this.timeoutSeconds = timeoutSeconds;
        this.json = json;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        try (StopSignal stop = StopSignal.install("subscribe"); RemoteClient c = connect()) {
            if (c.pinnedNow()) {
                err.println("ddstuner: pinned the certificate of the agent at " + client.agent() + ", fingerprint "
                        + c.fingerprint() + ", in " + client.knownAgents());
            }
            boolean[] up = { true };
            Consumer<RemoteClient.Status> report = s -> {
                // once per outage: the failed attempts in between (with backoff) would only repeat it
                switch (s.state()) {
                    case DISCONNECTED -> {
                        if (up[0]) {
                            up[0] = false;
                            err.println("ddstuner: disconnected from the agent at " + client.agent() + " since "
                                    + TIME.format(s.since()) + (s.reason() == null ? "" : ": " + s.reason())
                                    + "; reconnecting");
                        }
                    }
                    case CONNECTED -> {
                        if (!up[0]) {
                            up[0] = true;
                            err.println("ddstuner: connected again to the agent at " + client.agent() + " at "
                                    + TIME.format(s.since()) + " (model at sequence " + c.seq() + ")");
                        }
                    }
                    case REFUSED -> err.println("ddstuner: the agent refused the reconnection: " + s.reason());
                    default -> {
                        // connecting / closed: nothing to tell
                    }
                }
                err.flush();
            };
            c.addStatusListener(report);
            RemoteSubscription sub;
            try {
                sub = c.subscribe(topic, maxRate, queue);
            } catch (ProtocolException e) {
                err.println("ddstuner: the agent cannot read " + topic + " (" + e.code() + "): " + e.getMessage());
                return Main.EXIT_EXPECTATION;
            } catch (IOException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "subscribe --remote: " + e.getMessage());
            }
            err.println("subscribed to '" + topic + "' (" + sub.typeName() + ") through the agent at " + client.agent()
                    + ", at most " + maxRate + " samples/s, queue " + queue);
            err.flush();
            long deadline = timeoutSeconds < 0 ? Long.MAX_VALUE : System.nanoTime() + (long) (timeoutSeconds * 1e9);
            long printed = 0;
            while (!stop.requested() && System.nanoTime() < deadline && (count < 0 || printed < count)) {
                List<JsonNode> batch = sub.poll((int) Math.min(512, count < 0 ? 512 : count - printed),
                        Duration.ofMillis(50));
                for (JsonNode s : batch) {
                    out.println(json ? StrictJson.write((Object) s) : text(s));
                    printed++;
                }
                out.flush();
                if (sub.failure() != null) {
                    err.println("ddstuner: the agent stopped the stream: " + sub.failure());
                    return Main.EXIT_ENVIRONMENT;
                }
            }
            c.removeStatusListener(report);
            RemoteSubscription.Drops d = sub.drops();
            RemoteClient.Stats st = c.stats();
            err.println("received " + printed + " samples through the agent; dropped " + d.total() + " (agent queue "
                    + d.agentQueue() + ", rate cap " + d.rate() + ", local queue " + d.local()
                    + (d.size() > 0 ? ", too large for a frame " + d.size() : "") + "); reconnects "
                    + st.reconnects() + ", model resumed " + st.resumes() + " times, snapshots " + st.snapshots());
            sub.close();
            if (count >= 0 && printed < count && !stop.requested()) {
                err.println("ddstuner: only " + printed + " of " + count + " samples within --timeout " + timeoutSeconds
                        + " s");
                return Main.EXIT_EXPECTATION;
            }
            return Main.EXIT_OK;
        }
    }

    private RemoteClient connect() {
        try {
            return RemoteClient.connect(client);
        } catch (RemoteRefusedException e) {
            throw new CliException(Main.EXIT_REFUSED, "refused (" + e.code() + "): " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "cannot reach the agent at " + client.agent() + ": "
                    + e.getMessage());
        }
    }

    /** "12:00:01.250 writer value" — the sample's reception time, its writer and its value as JSON. */
    private static String text(JsonNode s) {
        JsonNode v = s.get("value");
        return s.path("received").asText("?") + " " + s.path("writer").asText("?") + " "
                + (v == null ? s.path("error").asText("(not decoded)") : v.toString());
    }
}
