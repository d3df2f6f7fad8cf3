package org.ddstuner.qos.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.MatchChange;
import org.ddstuner.qos.MatchPreview;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.match.MismatchReason;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * A change that needs re-creating (reliability of the tool's own writer) against a real peer: the Cyclone 11
 * Python {@code cyclone_peer --mismatch}, whose topic Status has a best-effort reader {@code status_reader} and a
 * reader {@code mismatched_status_reader} that requests RELIABLE. The preview says the change gains the second
 * match (and keeps the first), the tuner re-creates the writer (new GUID), discovery confirms RELIABLE, and the
 * new writer really matches both readers; previewing the way back says the match would be lost and why.
 */
class RecreateTuningTest {

    private static final int DOMAIN = 64;

    @Test
    void reliabilityChangeRecreatesTheWriterAndGainsTheMatchThePreviewPromised() throws Exception {
        NetNs.requireIsolated();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                PeerProcess peer = Peers.startCyclonePeer(DOMAIN, "--mismatch")) {
            Participant p = domain.createParticipant();
            StructType type = StructType.builder("tuner::Heartbeat").key("peer_id", MemberKind.INT32)
                    .member("count", MemberKind.UINT64).build();
            Topic topic = p.createTopic("Status", type, null);
            Writer w = p.createWriter(topic, Qos.EMPTY.withBestEffort().withDurability(Qos.DurabilityKind.VOLATILE)
                    .withKeepLast(1));
            try (DiscoveryConfirm discovery = new DiscoveryConfirm(p)) {
                waitUntil(() -> peerReaders(discovery, w).size() == 2 && discovery.endpoint(w.guid()).isPresent(),
                        "the peer's two Status readers and our writer are discovered");
                waitUntil(() -> w.publicationMatched().currentCount() == 1, "the best-effort writer matches status_reader");

                Qos reliable = Qos.EMPTY.withReliable();
                Endpoint own = MatchPreview.endpoint(discovery.endpoint(w.guid()).orElseThrow(), EndpointKind.WRITER, true);
                List<Endpoint> peers = peerReaders(discovery, w).stream()
                        .map(d -> MatchPreview.endpoint(d, EndpointKind.READER, false)).toList();
                List<MatchChange> preview = MatchPreview.preview(own, reliable, peers);
                assertEquals(2, preview.size(), preview::toString);
                MatchChange gained = byReader(preview, "mismatched_status_reader");
                assertEquals(MatchChange.Effect.GAINED, gained.effect(), gained::toString);
                assertEquals(MismatchReason.Check.RELIABILITY, gained.before().get(0).check(), gained::toString);
                assertTrue(gained.after().isEmpty());
                assertEquals(MatchChange.Effect.KEPT, byReader(preview, "status_reader").effect());

                QosTuner tuner = new QosTuner(CapabilityProbe.forLoadedLibrary(), discovery, Duration.ofSeconds(5));
                assertEquals(Changeability.RECREATE, tuner.plan(w, reliable).get("reliability").own());
                TuningOutcome out = tuner.apply(w, reliable);
                assertTrue(out.recreated(), "reliability is not changeable live");
                assertTrue(w.isClosed(), "the old writer is deleted");
                assertNotEquals(out.oldGuid(), out.newGuid());
                assertTrue(out.guidNotice().contains(out.newGuid().toString()), out.guidNotice());
                PolicyOutcome r = out.policies().get(0);
                assertEquals(Changeability.RECREATE, r.how(), r.text());
                assertEquals(PolicyOutcome.Status.APPLIED, r.status(), r.text());
                assertTrue(r.confirmed(), r.text());
                assertEquals(Qos.ReliabilityKind.BEST_EFFORT, ((Qos.Reliability) r.before()).kind());
                assertEquals(Qos.ReliabilityKind.RELIABLE, ((Qos.Reliability) r.after()).kind());
                Writer w2 = (Writer) out.entity();
                assertEquals(out.newGuid(), w2.guid());
                waitUntil(() -> w2.publicationMatched().currentCount() == 2,
                        "the re-created reliable writer matches both readers, as previewed");

                // and the way back: the preview names the match lost and why
                Endpoint ownNow = MatchPreview.endpoint(discovery.endpoint(w2.guid()).orElseThrow(), EndpointKind.WRITER, true);
                List<Endpoint> peersNow = peerReaders(discovery, w2).stream()
                        .map(d -> MatchPreview.endpoint(d, EndpointKind.READER, false)).toList();
                MatchChange lost = byReader(MatchPreview.preview(ownNow, Qos.EMPTY.withBestEffort(), peersNow),
                        "mismatched_status_reader");
                assertEquals(MatchChange.Effect.LOST, lost.effect(), lost::toString);
                assertEquals(MismatchReason.Check.RELIABILITY, lost.after().get(0).check());
                assertTrue(lost.after().get(0).explanation().contains("RELIABLE"), lost.after().get(0).explanation());
            }
        }
    }

    private static List<EndpointData> peerReaders(DiscoveryConfirm d, Writer own) {
        return d.endpoints("Status", false).stream().filter(e -> !e.participantKey().equals(own.guid().participantGuid()))
                .toList();
    }

    private static MatchChange byReader(List<MatchChange> preview, String name) {
        return preview.stream().filter(c -> name.equals(c.peer().name())).findFirst()
                .orElseThrow(() -> new AssertionError("no reader " + name + " in " + preview));
    }

    static void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }
}
