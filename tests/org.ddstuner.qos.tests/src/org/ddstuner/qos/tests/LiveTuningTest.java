package org.ddstuner.qos.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.StructType;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.DiscoveryConfirm;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.TuningOutcome;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.PeerProcess;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.Test;

/**
 * A live change of the tool's own writer (ownership strength, user data, lifespan through dds_set_qos),
 * confirmed by the tool's own discovery and by a second participant in another process (the Cyclone 11
 * Python {@code qos_watcher}), which sees the same writer GUID with the new values.
 */
class LiveTuningTest {

    private static final int DOMAIN = 63;

    @Test
    void liveChangeKeepsTheWriterAndIsSeenByAnotherProcess() throws Exception {
        NetNs.requireIsolated();
        try (Domain domain = Domain.create(DOMAIN, CycloneConfig.loopbackOnly());
                PeerProcess watcher = Peers.start("qos_watcher", DOMAIN, "--topic", "QosLive")) {
            Participant p = domain.createParticipant();
            StructType type = StructType.builder("ddstuner::Live").key("id", MemberKind.INT32).build();
            Topic topic = p.createTopic("QosLive", type, null);
            Writer w = p.createWriter(topic, Qos.EMPTY.with(new Qos.Ownership(Qos.OwnershipKind.EXCLUSIVE)));
            String guidHex = w.guid().toString().replace(":", "");
            waitFor(watcher, guidHex, "strength=0", Duration.ofSeconds(15));
            try (DiscoveryConfirm discovery = new DiscoveryConfirm(p)) {
                QosTuner tuner = new QosTuner(CapabilityProbe.forLoadedLibrary(), discovery, Duration.ofSeconds(5));
                byte[] user = "tuned=1".getBytes(StandardCharsets.UTF_8);
                Qos change = Qos.EMPTY.with(new Qos.OwnershipStrength(42)).with(new Qos.UserData(user))
                        .with(new Qos.Lifespan(Duration.ofSeconds(30)));
                TuningOutcome out = tuner.apply(w, change);
                assertFalse(out.recreated(), "live policies keep the entity");
                assertSame(w, out.entity());
                assertEquals(out.oldGuid(), out.newGuid());
                assertTrue(out.confirmed(), () -> "confirmed from own discovery: " + out.policies());
                assertEquals(3, out.policies().size());
                for (PolicyOutcome o : out.policies()) {
                    assertEquals(Changeability.LIVE, o.how(), o.text());
                    assertEquals(PolicyOutcome.Status.APPLIED, o.status(), o.text());
                }
                PolicyOutcome strength = out.policies().stream().filter(o -> o.policy().equals("ownership_strength"))
                        .findFirst().orElseThrow();
                assertEquals(new Qos.OwnershipStrength(0), strength.before());
                assertEquals(new Qos.OwnershipStrength(42), strength.after());
                assertEquals("ownership_strength: 0 → 42 (live, applied, confirmed from discovery)", strength.text());
                // the second participant, in another process and on libddsc 11: same GUID, new values
                String line = waitFor(watcher, guidHex, "strength=42 user_data=" + HexFormat.of().formatHex(user),
                        Duration.ofSeconds(10));
                assertTrue(line.contains("lifespan_ns=30000000000"), line);
            }
        }
    }

    /** The watcher's first PUB line about {@code guidHex} that contains {@code text}. */
    static String waitFor(PeerProcess watcher, String guidHex, String text, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() - end < 0) {
            for (String l : watcher.stdout().lines().toList()) {
                String norm = l.replace("-", "");
                if (norm.startsWith("PUB " + guidHex) && l.contains(text)) {
                    return l;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the watcher did not see writer " + guidHex + " with " + text + " within " + timeout
                + "; it printed:\n" + watcher.stdout() + "\nstderr:\n" + watcher.stderr());
    }
}
