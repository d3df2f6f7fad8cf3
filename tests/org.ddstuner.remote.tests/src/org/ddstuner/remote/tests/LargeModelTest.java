package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemModel;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model of 10,100 entities through an agent whose frames are limited to 64 KiB: the snapshot and a delta of 2,020
 * new entities at once must both be split into parts below the limit, and the client's model must equal the agent's.
 * The model is fed synthetic discovery events (as the system tests do); prints the time and bytes of the snapshot.
 */
class LargeModelTest {

    @TempDir
    Path dir;

    @Test
    void bigSnapshotsAndDeltasTravelInPartsBelowTheFrameLimit() throws Exception {
        SystemModel model = new SystemModel();
        model.start();
        model.applyAll(SyntheticDiscovery.events("big", SyntheticDiscovery.UNKNOWN_VENDOR, 100, 100, 10));
        try (ModelJournal journal = ModelJournal.attach(model);
                RemoteServer server = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("agent"))
                        .withMaxFrameBytes(64 << 10))) {
            ClientOptions o = ClientOptions.of(server.address().getHostString(), server.address().getPort(), TokenFile
                    .read(dir.resolve("agent/token"))).withKnownAgents(dir.resolve("known-agents"));
            long t0 = System.nanoTime();
            try (RemoteClient client = RemoteClient.connect(o)) {
                long millis = (System.nanoTime() - t0) / 1_000_000;
                System.out.println("remote: snapshot of " + journal.size() + " entities in 64 KiB frames: " + millis
                        + " ms from connect to a complete model, " + client.stats().bytesIn() + " bytes");
                assertEquals(10_100, client.model().participantCount() + client.model().endpointCount());
                assertEquals(ModelPicture.of(model.snapshot()), ModelPicture.of(client.model().snapshot()));

                model.applyAll(SyntheticDiscovery.events("late", SyntheticDiscovery.UNKNOWN_VENDOR + 1, 20, 100, 5));
                assertTrue(ModelPicture.waitFor(() -> client.model().endpointCount() == 12_000, 30_000),
                        "the big delta did not arrive: " + client.model().endpointCount());
                ModelPicture.waitFor(() -> client.seq() == journal.seq(), 10_000);
                assertEquals(ModelPicture.of(model.snapshot()), ModelPicture.of(client.model().snapshot()));
                assertEquals(1, client.stats().snapshots());
            }
        } finally {
            model.close();
        }
    }
}
