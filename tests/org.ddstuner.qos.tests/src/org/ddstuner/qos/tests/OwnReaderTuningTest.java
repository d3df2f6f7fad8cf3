package org.ddstuner.qos.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Subscriber;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.PolicyOutcome.Status;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.Test;

/**
 * The tuner on the tool's own reader (libddsc of this JVM, loopback-only domain): a mixed change re-creates it
 * under the same subscriber with the live policy applied first, both confirmed from DCPSSubscription, and the new
 * reader receives data; a request with an unchanged value and a policy readers don't have changes nothing.
 */
class OwnReaderTuningTest {

    private static final int DOMAIN = 66;

    @Test
    void mixedChangeRecreatesTheReaderUnderItsSubscriber() throws Exception {
        NetNs.requireIsolated();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly())) {
            Participant p = domain.createParticipant();
            StructType type = StructType.builder("ddstuner::Own").key("id", MemberKind.INT32).build();
            Topic topic = p.createTopic("QosOwnReader", type, null);
            Subscriber sub = p.createSubscriber(Qos.EMPTY.withPartitions("tuned"));
            Reader r = sub.createReader(topic, Qos.EMPTY.withBestEffort());
            try (DiscoveryConfirm discovery = new DiscoveryConfirm(p)) {
                QosTuner tuner = new QosTuner(CapabilityProbe.forLoadedLibrary(), discovery, Duration.ofSeconds(5));
                Qos change = Qos.EMPTY.withReliable().with(new Qos.UserData(new byte[] { 1, 2, 3 }));
                TuningOutcome out = tuner.apply(r, change);
                assertTrue(out.recreated());
                assertTrue(out.confirmed(), () -> out.policies().toString());
                assertNotEquals(out.oldGuid(), out.newGuid());
                Reader r2 = (Reader) out.entity();
                assertSame(sub, r2.parent(), "re-created under the same subscriber (partition kept)");
                Map<String, PolicyOutcome> by = new java.util.HashMap<>();
                out.policies().forEach(o -> by.put(o.policy(), o));
                assertEquals(Changeability.RECREATE, by.get("reliability").how());
                assertEquals(Changeability.LIVE, by.get("user_data").how());
                assertTrue(by.values().stream().allMatch(o -> o.status() == Status.APPLIED && o.confirmed()), by::toString);
                var announced = discovery.endpoint(out.newGuid()).orElseThrow().qos();
                assertEquals(java.util.List.of("tuned"), announced.partition().names());

                Publisher pub = p.createPublisher(Qos.EMPTY.withPartitions("tuned"));
                Writer w = pub.createWriter(topic, Qos.EMPTY.withReliable());
                RecreateTuningTest.waitUntil(() -> r2.subscriptionMatched().currentCount() == 1, "the new reader matches");
                w.write(Map.of("id", 7));
                assertTrue(r2.waitForData(Duration.ofSeconds(5)), "the re-created reader receives data");
                assertEquals(7, r2.take(10).get(0).data().get("id"));
            }
        }
    }

    @Test
    void unchangedAndInapplicablePoliciesChangeNothing() {
        NetNs.requireIsolated();
        try (Domain domain = Domain.create(DOMAIN + 1, CycloneConfig.loopbackOnly())) {
            Participant p = domain.createParticipant();
            StructType type = StructType.builder("ddstuner::Own").key("id", MemberKind.INT32).build();
            Topic topic = p.createTopic("QosOwnWriter", type, null);
            Writer w = p.createWriter(topic, Qos.EMPTY.with(new Qos.OwnershipStrength(5)));
            try (DiscoveryConfirm discovery = new DiscoveryConfirm(p)) {
                QosTuner tuner = new QosTuner(CapabilityProbe.forLoadedLibrary(), discovery, Duration.ofSeconds(2));
                TuningOutcome out = tuner.apply(w, Qos.EMPTY.with(new Qos.OwnershipStrength(5))
                        .with(new Qos.TimeBasedFilter(Duration.ofSeconds(1))));
                assertFalse(out.recreated());
                assertSame(w, out.entity());
                Map<String, PolicyOutcome> by = new java.util.HashMap<>();
                out.policies().forEach(o -> by.put(o.policy(), o));
                assertEquals(Status.UNCHANGED, by.get("ownership_strength").status());
                assertEquals(Status.REFUSED, by.get("time_based_filter").status());
                assertTrue(by.get("time_based_filter").reason().contains("not a policy of a writer"));
                assertFalse(out.confirmed(), "a refused policy is not confirmed");
                assertEquals(new Qos.OwnershipStrength(5), w.qos().ownershipStrength());
            }
        }
    }
}
