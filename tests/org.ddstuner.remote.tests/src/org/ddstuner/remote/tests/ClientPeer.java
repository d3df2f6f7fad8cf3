package org.ddstuner.remote.tests;

import java.nio.file.Path;
import java.time.Duration;

import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.TokenFile;

/**
 * A remote client in a process of its own, for {@link KilledClientTest}: connects, subscribes to a topic, prints
 * {@code STREAMING} once samples flow, and keeps reading until it is killed.
 * Arguments: host port token-file known-agents topic.
 */
public final class ClientPeer {

    private ClientPeer() {
    }

    public static void main(String[] args) throws Exception {
        ClientOptions o = ClientOptions.of(args[0], Integer.parseInt(args[1]), TokenFile.read(Path.of(args[2])))
                .withKnownAgents(Path.of(args[3])).withClientName("client peer");
        RemoteClient client = RemoteClient.connect(o);
        RemoteSubscription sub = client.subscribe(args[4], 1000, 1000);
        boolean told = false;
        while (true) {
            if (!sub.poll(100, Duration.ofSeconds(1)).isEmpty() && !told) {
                System.out.println("STREAMING " + client.seq());
                System.out.flush();
                told = true;
            }
        }
    }
}
