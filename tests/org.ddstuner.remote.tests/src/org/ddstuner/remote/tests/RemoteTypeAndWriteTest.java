package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.demo.DemoTypes;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.remote.ops.Operations;
import org.ddstuner.remote.ops.TypeInfo;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.ddstuner.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The agent's {@code type-info} and {@code write-sample} operations against the live demo, through
 * {@link RemoteClient}: the type arrives as the agent resolved it (per topic and per endpoint over the wire), samples
 * written through the agent reach a reader (the agent's own stream of the topic, so the whole path is remote), a
 * bad field is refused naming it and nothing of the request is written, and an agent without {@code write} refuses
 * and audits.
 */
class RemoteTypeAndWriteTest extends LiveConnectionTest {

    private static final int DOMAIN = 66;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration T = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Connection demo(String name, int domain) throws InterruptedException {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile(name, domain, ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "",
                List.of(), true));
        closeAfterTest(() -> m.close(c));
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().topic(DemoSystem.TRACKS).map(t -> !t.writers()
                .isEmpty()).orElse(false) && c.model().snapshot().topic(DemoSystem.COMMANDS).map(t -> !t.readers()
                        .isEmpty()).orElse(false), 15_000), "the demo was not discovered");
        return c;
    }

    private RemoteClient client(RemoteServer server) throws Exception {
        ClientOptions o = ClientOptions.of(server.address().getHostString(), server.address().getPort(), TokenFile
                .read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
        return closeAfterTest(RemoteClient.connect(o));
    }

    private static ObjectNode args(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @Test
    void theTypeComesAsTheAgentResolvedItPerTopicAndPerEndpoint() throws Exception {
        Connection c = demo("remote type demo", DOMAIN);
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent"))));
        Operations.samples().forEach(server::register);
        RemoteClient client = client(server);

        TypeInfo topic = TypeInfo.of(client.request("type-info", args("{\"topic\":\"Tracks\"}"), T).orThrow());
        assertEquals(DemoTypes.TRACK, topic.typeName());
        assertTrue(topic.idl().contains("sequence<Position, 16> history"), topic.idl());
        StructType track = (StructType) topic.learned().library().find(DemoTypes.TRACK).orElseThrow();
        assertEquals(List.of("track_id", "kind", "position", "history", "label", "speed"), track.members().stream()
                .map(m -> m.name()).toList());

        Endpoint writer = c.model().snapshot().endpoints().stream().filter(e -> e.topicName().equals(DemoSystem
                .TRACKS) && !e.isReader() && !e.own()).findFirst().orElseThrow();
        TypeInfo wire = TypeInfo.of(client.request("type-info", args("{\"topic\":\"Tracks\",\"endpoint\":\""
                + writer.guid() + "\"}"), T).orThrow());
        // the demo's writers live in this process, whose libddsc announces no type information: the wire says why and
        // the agent's next source gives the type (over the wire from another process: RemoteTopicCliTest)
        assertEquals(TypeSource.WIRE, wire.attempts().get(0).source());
        assertFalse(wire.attempts().get(0).succeeded());
        assertTrue(wire.attempts().get(0).detail().contains("no XTypes type information"), wire.attempts().toString());
        assertEquals(TypeSource.LOCAL, wire.source(), wire.attempts().toString());
        assertTrue(wire.typeInformation().length > 0, "the type objects came along");
        assertEquals(DemoTypes.TRACK, wire.learned().typeName());

        RemoteClient.Reply unknown = client.request("type-info", args("{\"topic\":\"Tracks\",\"endpoint\":\""
                + "01020304.05060708.090a0b0c.00000102\"}"), T);
        assertEquals("unknown-entity", unknown.code(), unknown.reason());
        RemoteClient.Reply none = client.request("type-info", args("{\"topic\":\"NoSuchTopic\"}"), T);
        assertEquals("no-type", none.code(), none.reason());
        RemoteClient.Reply malformed = client.request("type-info", args("{}"), T);
        assertEquals(Protocol.MALFORMED_FRAME, malformed.code());
        assertEquals(RemoteClient.State.CONNECTED, client.status().state());
    }

    @Test
    void samplesWrittenThroughTheAgentArriveAndABadFieldWritesNothing() throws Exception {
        Connection c = demo("remote write demo", DOMAIN + 1);
        ServerOptions so = ServerOptions.defaults(dir.resolve("agent")).withCapabilities(Set.of(Capability.WRITE));
        so = new ServerOptions(so.listen(), so.identityDir(), so.tokenFile(), dir.resolve("audit.log"),
                so.capabilities(), so.maxFrameBytes(), so.maxClients(), so.clientQueue(), so.heartbeat(),
                so.loginTimeout(), so.loginBackoff(), so.writeStallLimit());
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, so));
        Operations.samples().forEach(server::register);
        RemoteClient client = client(server);
        RemoteSubscription sub = client.subscribe(DemoSystem.COMMANDS, 10_000, 10_000);

        // a bad second value: the first is not written either
        RemoteClient.Reply bad = client.request("write-sample", args("{\"topic\":\"Commands\",\"samples\":["
                + "{\"target\":\"bad-batch\",\"code\":1,\"setpoint\":0.5},"
                + "{\"target\":\"bad-batch\",\"code\":\"not a number\",\"setpoint\":0.5}]}"), T);
        assertEquals("bad-value", bad.code(), bad.reason());
        assertTrue(bad.reason().contains("$[1].code"), bad.reason());

        JsonNode ok = client.request("write-sample", args("{\"topic\":\"Commands\",\"samples\":"
                + "{\"target\":\"remote-test\",\"code\":4242,\"setpoint\":1.5}}"), T).orThrow();
        assertEquals(1, ok.path("count").asInt());
        assertEquals(DemoTypes.COMMAND, ok.path("typeName").asText());
        assertTrue(ok.path("matchedReaders").asInt() >= 2, "the demo's and the agent's stream's reader: " + ok);

        List<JsonNode> seen = new ArrayList<>();
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end && seen.stream().noneMatch(s -> s.path("value").path("code").asInt()
                == 4242)) {
            seen.addAll(sub.poll(10_000, Duration.ofMillis(200)));
        }
        JsonNode mine = seen.stream().filter(s -> s.path("value").path("code").asInt() == 4242).findFirst()
                .orElseThrow(() -> new AssertionError("the written sample did not arrive: " + seen));
        assertEquals("remote-test", mine.path("value").path("target").asText());
        assertEquals(1.5, mine.path("value").path("setpoint").asDouble());
        seen.addAll(sub.poll(10_000, Duration.ofMillis(500)));
        assertFalse(seen.stream().anyMatch(s -> s.path("value").path("target").asText().equals("bad-batch")),
                "a sample of the refused request was written");

        JsonNode disposed = client.request("write-sample", args("{\"topic\":\"Commands\",\"action\":"
                + "\"dispose\",\"samples\":{\"target\":\"remote-test\",\"code\":0,\"setpoint\":0}}"), T).orThrow();
        assertEquals("dispose", disposed.path("action").asText());

        List<String> audit = Files.readAllLines(dir.resolve("audit.log"));
        assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("bad-value")
                && l.contains("write-sample")), audit.toString());
        assertTrue(audit.stream().filter(l -> l.contains("\"request\"") && l.contains("write-sample")).count() >= 2,
                audit.toString());
    }

    @Test
    void anAgentWithoutWriteRefusesAndWritesNothing() throws Exception {
        Connection c = demo("remote no write demo", DOMAIN + 2);
        ServerOptions so = ServerOptions.defaults(dir.resolve("agent"));
        so = new ServerOptions(so.listen(), so.identityDir(), so.tokenFile(), dir.resolve("audit.log"),
                so.capabilities(), so.maxFrameBytes(), so.maxClients(), so.clientQueue(), so.heartbeat(),
                so.loginTimeout(), so.loginBackoff(), so.writeStallLimit());
        RemoteServer server = closeAfterTest(RemoteServer.serve(c, so));
        Operations.samples().forEach(server::register);
        RemoteClient client = client(server);
        assertFalse(client.agentCapabilities().contains("write"));
        RemoteClient.Reply r = client.request("write-sample", args("{\"topic\":\"SensorReadings\",\"samples\":"
                + "{\"sensor_id\":4242,\"value\":1.5,\"unit\":\"remote\",\"seq\":7}}"), T);
        assertEquals(Protocol.NOT_ALLOWED, r.code());
        assertTrue(c.model().snapshot(true).endpoints().stream().noneMatch(e -> e.own() && !e.isReader()),
                "the agent created a writer");
        List<String> audit = Files.readAllLines(dir.resolve("audit.log"));
        assertTrue(audit.stream().anyMatch(l -> l.contains("request-refused") && l.contains("not-allowed")
                && l.contains("write-sample")), audit.toString());
    }
}
