package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.RemoteSubscription;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.testsupport.live.LiveConnectionTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A raw subscription ({@code "raw":true}, for {@code record --remote}): each sample's bytes arrive exactly as written,
 * with writer, kind and times, and the {@code subscribed} frame carries the reader's QoS (and the IDL when the agent
 * has the type); samples of
 * 1.5 MB are split over frames below the frame limit, and one too large for any frame (4 MB) is counted as
 * {@code size}, never silently lost.
 */
class RawSamplesTest extends LiveConnectionTest {

    private static final int DOMAIN = 66;
    private static final String TOPIC = "Blobs";
    private static final String IDL = "module t { @final struct Blob { @key long id; sequence<octet> data; }; };";

    @TempDir
    Path dir;

    /** XCDR1 little endian: the header, id, the sequence's length and its bytes. */
    private static byte[] blob(int id, int size) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 + 4 + size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] { 0, 1, 0, 0 }).putInt(id).putInt(size);
        for (int i = 0; i < size; i++) {
            b.put((byte) (i * 31 + id));
        }
        return b.array();
    }

    @Test
    void rawSamplesArriveAsWrittenSplitOverFramesAndTooLargeOnesAreCounted() throws Exception {
        ConnectionManager m = ConnectionManager.get();
        Connection c = m.open(new ConnectionProfile("remote raw samples", DOMAIN,
                ConnectionProfile.ConfigKind.LOOPBACK_ONLY, "", List.of(), false));
        closeAfterTest(() -> m.close(c));
        ImportedTypes imported = new ImportedTypes();
        imported.importText("blob.idl", IDL);
        ResolvedType type = closeAfterTest(new TypeResolver(c, imported).resolve(TOPIC, TypeResolver.Options.DEFAULT.withSources(
                TypeSource.IMPORTED).withTypeName("t::Blob")));
        // an application's writer: a participant of its own (not the connection's, whose endpoints are the tool's)
        Participant app = closeAfterTest(Participant.create(DOMAIN, Qos.EMPTY));
        RawTopic topic = closeAfterTest(RawTopic.create(app, TOPIC, type.descriptor(), Qos.EMPTY));
        RawWriter w = closeAfterTest(RawWriter.create(app, topic, Qos.EMPTY.with(new Qos.Reliability(
                Qos.ReliabilityKind.RELIABLE, Duration.ofSeconds(1))).with(new Qos.History(Qos.HistoryKind.KEEP_ALL,
                        0))));
        assertTrue(ModelPicture.waitFor(() -> c.model().snapshot().topic(TOPIC).map(t -> !t.writers().isEmpty())
                .orElse(false), 15_000), "the writer was not discovered");

        RemoteServer server = closeAfterTest(RemoteServer.serve(c, ServerOptions.defaults(dir.resolve("agent"))));
        ClientOptions o = ClientOptions.of(server.address().getHostString(), server.address().getPort(), TokenFile
                .read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
        RemoteClient client = closeAfterTest(RemoteClient.connect(o));
        RemoteSubscription sub = client.subscribe(TOPIC, 100, 100, true);
        JsonNode ok = sub.confirmation();
        assertTrue(ok.path("raw").asBoolean(), ok.toString());
        assertEquals("t::Blob", ok.path("typeName").asText(), ok.toString());
        // an imported descriptor announces no XTypes type information: the agent may have the name only, then the
        // samples are bytes without a schema (no "idl"), which is what a local recording does too
        assertTrue(!ok.has("idl") || ok.path("idl").asText().contains("sequence<octet> data"), ok.toString());
        assertTrue(ok.has("readerQos") && ok.path("partitions").isArray(), ok.toString());
        assertTrue(ModelPicture.waitFor(() -> w.publicationMatched().currentCount() > 0, 10_000), "the agent's reader did not match");

        List<byte[]> sent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            byte[] b = blob(i, 1_500_000);
            sent.add(b);
            w.write(b);
        }
        w.write(blob(9, 4_000_000)); // base64 > 3 MiB: no frame can hold it
        byte[] last = blob(10, 100);
        sent.add(last);
        w.write(last);

        List<JsonNode> got = new ArrayList<>();
        long end = System.nanoTime() + 20_000_000_000L;
        while (got.size() < sent.size() && System.nanoTime() < end) {
            got.addAll(sub.poll(10, Duration.ofMillis(200)));
        }
        assertEquals(sent.size(), got.size(), "samples: " + got.size() + ", drops " + sub.drops());
        for (int i = 0; i < sent.size(); i++) {
            JsonNode s = got.get(i);
            assertArrayEquals(sent.get(i), Base64.getDecoder().decode(s.path("cdr").asText()), "sample " + i);
            assertEquals("data", s.path("kind").asText());
            assertTrue(s.path("receivedNs").asLong() > 0 && s.path("sourceNs").asLong() > 0, s.toString().substring(
                    0, 200));
            assertTrue(s.path("writer").isTextual(), "the writer's GUID");
        }
        assertTrue(ModelPicture.waitFor(() -> sub.drops().size() == 1, 5_000), "the 4 MB sample not counted: "
                + sub.drops());
        assertEquals(1, sub.drops().total(), sub.drops().toString());
    }
}
