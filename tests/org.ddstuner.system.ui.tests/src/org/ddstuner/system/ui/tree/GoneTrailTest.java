package org.ddstuner.system.ui.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.DiscoveryEvent;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.ModelOptions;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A participant that comes and goes (a new GUID each time, like the demo's Blinker) leaves one lost
 * participant per time it went in the model; every view shows one row for it: the living one, or the one
 * lost last. A real {@link SystemModel} fed with discovery events, no DDS and no display needed.
 */
class GoneTrailTest {

    private Instant now = Instant.parse("2026-11-24T01:00:00Z");
    private SystemModel model;

    @BeforeEach
    void makeModel() {
        model = new SystemModel(ModelOptions.defaults().withGoneRetention(Duration.ofMinutes(5)).withClock(() -> now));
        seen(1, "Steady", 100);
    }

    @AfterEach
    void closeModel() {
        model.close();
    }

    @Test
    void aParticipantThatComesAndGoesHasOneRowInEveryView() {
        // three lives of the Blinker in process 100, each with its writer on Heartbeat
        for (int life = 2; life <= 4; life++) {
            seen(life, "Blinker", 100);
            now = now.plusSeconds(7);
            model.apply(new DiscoveryEvent.ParticipantLost(guid(life, 0)));
            model.apply(new DiscoveryEvent.EndpointLost(guid(life, 1)));
            now = now.plusSeconds(5);
        }
        assertEquals(4, model.snapshot().participants().size(), "the model keeps every life for the retention time");
        assertEquals(Set.of(guid(2, 0), guid(3, 0)), GoneTrail.of(model.snapshot()), "all but the one lost last");

        List<String> system = labels(new SystemTreeBuilder());
        List<String> blinkers = system.stream().filter(l -> l.startsWith("Blinker — ")).toList();
        assertEquals(1, blinkers.size(), String.join("\n", system));
        assertTrue(blinkers.get(0).endsWith("(gone since " + Labels.time(Instant.parse("2026-11-24T01:00:31Z")) + ")"),
                blinkers.get(0));
        assertTrue(system.get(0).endsWith("1 participant, 1 endpoint"), system.get(0));
        assertTrue(system.contains("pid 100 — 1 participant (+1 gone)"), String.join("\n", system));
        assertEquals(1, count(labels(new TopicTreeBuilder()), "writer Blinker in"), "one lost writer on Heartbeat");
        assertEquals(1, count(labels(new TopicTreeBuilder()), "Heartbeat : demo::Heartbeat — 0 writers (+1 gone), 1 reader"),
                String.join("\n", labels(new TopicTreeBuilder())));
        assertEquals(1, count(labels(new PartitionTreeBuilder()), "— Blinker"), String.join("\n",
                labels(new PartitionTreeBuilder())));

        // it comes back: its lost lives are not shown any more, only the living one
        seen(5, "Blinker", 100);
        assertEquals(Set.of(guid(2, 0), guid(3, 0), guid(4, 0)), GoneTrail.of(model.snapshot()));
        system = labels(new SystemTreeBuilder());
        assertEquals(List.of("Blinker — 1 writer, 0 readers"),
                system.stream().filter(l -> l.startsWith("Blinker")).toList(), String.join("\n", system));
        assertTrue(system.get(0).endsWith("2 participants, 2 endpoints"), system.get(0));
        assertTrue(system.contains("pid 100 — 2 participants"), String.join("\n", system));
        assertEquals(1, count(labels(new TopicTreeBuilder()), "Heartbeat : demo::Heartbeat — 1 writer, 1 reader"),
                String.join("\n", labels(new TopicTreeBuilder())));
        assertEquals(1, count(labels(new PartitionTreeBuilder()), "beat — 1 writer, 1 reader"),
                String.join("\n", labels(new PartitionTreeBuilder())));
    }

    @Test
    void onlyTheSameNameInTheSameProcessIsFolded() {
        seen(2, "Blinker", 100);
        seen(3, "Blinker", 200); // the same name in another process
        seen(4, null, 100); // no name: cannot be told from others
        seen(5, null, 100);
        for (int p = 2; p <= 5; p++) {
            now = now.plusSeconds(1);
            model.apply(new DiscoveryEvent.ParticipantLost(guid(p, 0)));
        }
        seen(6, "Blinker", 300);
        assertEquals(Set.of(), GoneTrail.of(model.snapshot()), "nothing replaces anything here");
        List<String> system = labels(new SystemTreeBuilder());
        assertEquals(3, count(system, "Blinker — "), String.join("\n", system));
        // two alive ones of the same name in one process (two components with one name) are both shown
        seen(7, "Twin", 100);
        seen(8, "Twin", 100);
        assertEquals(2, count(labels(new SystemTreeBuilder()), "Twin — "));
    }

    @Test
    void anotherVendorIsTaggedCycloneIsNot() {
        assertEquals("", Labels.vendorTag(org.ddstuner.system.Vendor.of(org.ddstuner.system.Vendor.CYCLONE)));
        assertEquals(" · Fast DDS", Labels.vendorTag(org.ddstuner.system.Vendor.of(org.ddstuner.system.Vendor.FAST_DDS)));
        assertEquals(" · RTI Connext DDS",
                Labels.vendorTag(org.ddstuner.system.Vendor.of(org.ddstuner.system.Vendor.RTI_CONNEXT)));
        assertEquals(" · unknown vendor 0x7777", Labels.vendorTag(org.ddstuner.system.Vendor.of(0x7777)));
        assertTrue(labels(new SystemTreeBuilder()).contains("Steady — 0 writers, 1 reader"),
                String.join("\n", labels(new SystemTreeBuilder())));
    }

    /** Participant {@code p} named {@code name} in process {@code pid}; it writes (Blinker) or reads Heartbeat. */
    private void seen(int p, String name, int pid) {
        Qos qos = Qos.EMPTY.with(new Qos.Properties(Map.of("__Hostname", "trail-host", "__Pid", Integer.toString(pid))));
        model.apply(new DiscoveryEvent.ParticipantSeen(guid(p, 0), name == null ? qos : qos.withEntityName(name)));
        model.apply(new DiscoveryEvent.EndpointSeen(guid(p, 1), p == 1 ? EndpointKind.READER : EndpointKind.WRITER,
                guid(p, 0), "Heartbeat", "demo::Heartbeat", Qos.EMPTY.with(new Qos.Partition(List.of("beat"))), false));
    }

    private List<String> labels(TreeBuilder b) {
        Node root = b.build(null, "test", model.snapshot(), NameFilter.ALL);
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Node n, List<String> out) {
        out.add(n.text());
        for (Node c : n.children()) {
            collect(c, out);
        }
    }

    private static long count(List<String> labels, String part) {
        return labels.stream().filter(l -> l.contains(part)).count();
    }

    /** Guid of participant {@code p} (entity 0) or of its endpoint {@code entity} (a writer or reader kind). */
    private static Guid guid(int p, int entity) {
        byte[] b = new byte[16];
        b[0] = 0x01;
        b[1] = 0x10; // Cyclone's vendor id
        b[5] = (byte) p;
        if (entity == 0) {
            b[14] = 0x01;
            b[15] = (byte) 0xc1;
        } else {
            b[14] = (byte) entity;
            b[15] = (byte) (p == 1 ? 0x07 : 0x02);
        }
        return new Guid(b);
    }
}
