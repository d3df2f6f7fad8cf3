package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.system.SystemModel;
import org.ddstuner.testsupport.ChildClassPath;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client process killed with SIGKILL while the model and samples stream to it: the kernel closes its socket, and the
 * agent must free its session, its queue and the reader it created for it — without the client saying goodbye.
 */
class KilledClientTest extends LiveConnectionTest {

    private static final int DOMAIN = 65;

    @TempDir
    Path dir;

    @Test
    void aKilledClientProcessLeavesNothingOnTheAgent() throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("killed client demo", DOMAIN,
                ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "", List.of(), true));
        closeAfterTest(() -> m.close(c));
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().topic(DemoSystem.SENSORS).map(t -> !t.writers()
                .isEmpty()).orElse(false), 15_000), "the demo's sensor writer was not discovered");
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent"))));

        String cp = ChildClassPath.of(ClientPeer.class, RemoteClient.class, SystemModel.class,
                org.ddstuner.dds.Guid.class, com.fasterxml.jackson.databind.ObjectMapper.class,
                com.fasterxml.jackson.core.JsonFactory.class, com.fasterxml.jackson.annotation.JsonProperty.class);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", cp, ClientPeer.class.getName(), server.address().getHostString(),
                String.valueOf(server.address().getPort()), dir.resolve("agent/token").toString(),
                dir.resolve("known-agents").toString(), DemoSystem.SENSORS).redirectErrorStream(true).start();
        closeAfterTest(p::destroyForcibly);
        List<String> output = new CopyOnWriteArrayList<>();
        CountDownLatch streaming = new CountDownLatch(1);
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    output.add(line);
                    if (line.startsWith("STREAMING")) {
                        streaming.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                // the process ended
            }
        });
        assertTrue(streaming.await(60, TimeUnit.SECONDS), "the client process did not stream: " + output);
        assertEquals(1, server.stats().clients());
        assertEquals(1, agentReaders(c));

        p.destroyForcibly(); // SIGKILL: no bye, no unsubscribe
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertTrue(ModelPicture.waitFor(() -> server.stats().clients() == 0 && server.openConnections() == 0
                && agentReaders(c) == 0, 15_000), "left behind: " + server.stats() + ", agent readers "
                        + agentReaders(c));
    }

    private static long agentReaders(Connection c) {
        return c.model().snapshot(true).endpoints().stream().filter(e -> e.own() && e.alive() && e.isReader()
                && e.topicName().equals(DemoSystem.SENSORS)).count();
    }
}
