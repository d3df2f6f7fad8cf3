package org.ddstuner.system.ui.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
 * The tree builders reuse the rows of their previous build for what did not change (same {@link Node}
 * objects), make new rows for what changed (same path, new text), drop the rows of entities that are
 * gone, and always show exactly what a fresh builder would. A real {@link SystemModel} fed with discovery
 * events, no DDS and no display needed.
 */
class TreeReuseTest {

    private static final int PEERS = 2;
    private static final int PER = 12;
    private static final int TOPICS = 3;
    private static final Qos RELIABLE = Qos.EMPTY.withReliable();
    private static final List<Supplier<TreeBuilder>> BUILDERS = List.of(SystemTreeBuilder::new,
            TopicTreeBuilder::new, PartitionTreeBuilder::new);

    private Instant now = Instant.parse("2026-11-23T08:00:00Z");
    private SystemModel model;

    @BeforeEach
    void fillModel() {
        model = new SystemModel(ModelOptions.defaults().withGoneRetention(Duration.ofSeconds(1)).withClock(() -> now));
        for (int p = 1; p <= PEERS; p++) {
            model.apply(new DiscoveryEvent.ParticipantSeen(guid(p, 0), Qos.EMPTY.withEntityName("peer" + p)
                    .with(new Qos.Properties(Map.of("__Hostname", "reuse-host", "__Pid", Integer.toString(100 + p))))));
            for (int i = 0; i < PER; i++) {
                model.apply(endpoint(p, i, RELIABLE));
            }
        }
    }

    @AfterEach
    void closeModel() {
        model.close();
    }

    @Test
    void anUnrelatedChangeKeepsTheSameRowObjects() {
        int added = PER;
        for (Supplier<TreeBuilder> make : BUILDERS) {
            TreeBuilder b = make.get();
            Node before = build(b);
            // a new endpoint of peer 2 on one of peer 2's topics: nothing about peer 1's endpoint 0 changes
            model.apply(endpoint(2, ++added, RELIABLE));
            Node after = build(b);
            String name = b.getClass().getSimpleName();
            Node x = find(before, guid(1, 1));
            assertNotNull(x, name + ": endpoint row before");
            assertSame(x, find(after, guid(1, 1)), name + ": the unchanged endpoint's row is the same object");
            assertNotNull(find(after, guid(2, added + 1)), name + ": the new endpoint has a row");
            assertNull(find(before, guid(2, added + 1)), name);
        }
        // the Topics view reuses a whole unchanged topic, its side rows included
        TopicTreeBuilder topics = new TopicTreeBuilder();
        Node before = build(topics);
        model.apply(endpoint(2, PER + 1, RELIABLE.withEntityName("changed"))); // not shown in this view
        model.apply(endpoint(2, PER + 2, RELIABLE.with(new Qos.Partition(List.of("moved")))));
        Node after = build(topics);
        Node t0 = topic(before, "peer1_0");
        assertSame(t0, topic(after, "peer1_0"));
        assertSame(t0.children()[0], topic(after, "peer1_0").children()[0]);
        assertSame(find(before, guid(2, PER + 2)), find(after, guid(2, PER + 2)),
                "a change this view does not show keeps the row");
        assertNotSame(topic(before, "peer2_" + ((PER + 2) % TOPICS)), topic(after, "peer2_" + ((PER + 2) % TOPICS)),
                "the changed topic gets a new row");
        assertNotSame(find(before, guid(2, PER + 3)), find(after, guid(2, PER + 3)), "the changed endpoint too");
    }

    @Test
    void aQosChangeMakesANewRowWithTheNewLabelAtTheSamePath() {
        SystemTreeBuilder system = new SystemTreeBuilder();
        Node before = find(build(system), guid(1, 1));
        assertFalse(before.text().contains("renamed"), before.text());
        model.apply(endpoint(1, 0, RELIABLE.withEntityName("renamed")));
        LazyNodeContentProvider.Built built = LazyNodeContentProvider.Built.of(
                List.of(system.build(null, "test", model.snapshot(), NameFilter.ALL)));
        Node after = find(built.roots()[0], guid(1, 1));
        assertTrue(after.text().contains("\"renamed\""), after.text());
        assertNotSame(before, after);
        assertEquals(before.path(), after.path());
        assertEquals(before, after, "the same row for the viewer (equal by path)");
        // once the build is shown, a widget row still holding the old Node finds the new one and its children
        assertSame(before, before.current(), "not linked before it is shown");
        built.link();
        assertSame(after, before.current());

        // a partition change shows in the Topics view's label of the endpoint
        TopicTreeBuilder topics = new TopicTreeBuilder();
        Node t1 = find(build(topics), guid(1, 1));
        assertTrue(t1.text().contains("[(default)]"), t1.text());
        model.apply(endpoint(1, 0, RELIABLE.with(new Qos.Partition(List.of("sensors")))));
        Node t2 = find(build(topics), guid(1, 1));
        assertTrue(t2.text().contains("[sensors]"), t2.text());
        assertEquals(t1.path(), t2.path());
    }

    @Test
    void aRenamedParticipantRenamesItsEndpointRows() {
        for (TreeBuilder b : List.of(new TopicTreeBuilder(), new PartitionTreeBuilder())) {
            Node before = find(build(b), guid(1, 1));
            assertTrue(before.text().contains("peer1"), before.text());
            model.apply(new DiscoveryEvent.ParticipantSeen(guid(1, 0), Qos.EMPTY.withEntityName("renamed1")
                    .with(new Qos.Properties(Map.of("__Hostname", "reuse-host", "__Pid", "101")))));
            Node after = find(build(b), guid(1, 1));
            assertTrue(after.text().contains("renamed1"), b.getClass().getSimpleName() + ": " + after.text());
            model.apply(new DiscoveryEvent.ParticipantSeen(guid(1, 0), Qos.EMPTY.withEntityName("peer1")
                    .with(new Qos.Properties(Map.of("__Hostname", "reuse-host", "__Pid", "101")))));
        }
    }

    @Test
    void aLostEndpointIsGreyedThenItsRowIsDropped() {
        for (Supplier<TreeBuilder> make : BUILDERS) {
            TreeBuilder b = make.get();
            String name = b.getClass().getSimpleName();
            Node alive = find(build(b), guid(1, 1));
            model.apply(new DiscoveryEvent.EndpointLost(guid(1, 1)));
            Node gone = find(build(b), guid(1, 1));
            assertTrue(gone.gone() && !alive.gone(), name);
            assertTrue(gone.text().contains("gone since"), name + ": " + gone.text());
            assertEquals(alive.path(), gone.path(), name);
            now = now.plusSeconds(2);
            assertEquals(1, model.purgeExpired());
            Node after = build(b);
            assertNull(find(after, guid(1, 1)), name + ": the purged endpoint's row is gone");
            assertSameTree(build(make.get()), after, name);
            model.apply(endpoint(1, 0, RELIABLE)); // back for the next builder
            now = now.plusSeconds(2);
        }
    }

    @Test
    void reusedTreesShowWhatAFreshBuildShows() {
        List<TreeBuilder> kept = BUILDERS.stream().map(Supplier::get).toList();
        List<Runnable> changes = List.of(
                () -> model.apply(endpoint(1, PER + 3, RELIABLE)),
                () -> model.apply(endpoint(2, 4, RELIABLE.withEntityName("named"))),
                () -> model.apply(endpoint(2, 5, Qos.EMPTY)), // best effort reader: the writers lose a match
                () -> model.apply(new DiscoveryEvent.EndpointLost(guid(1, 3))),
                () -> model.apply(endpoint(1, 6, RELIABLE.with(new Qos.Partition(List.of("a", "b*"))))),
                () -> model.apply(new DiscoveryEvent.ParticipantLost(guid(2, 0))),
                () -> {
                    now = now.plusSeconds(5);
                    model.purgeExpired();
                });
        for (TreeBuilder b : kept) {
            build(b);
        }
        for (int k = 0; k < changes.size(); k++) {
            changes.get(k).run();
            for (int v = 0; v < kept.size(); v++) {
                NameFilter filter = k == 3 ? NameFilter.substring("peer1_1") : NameFilter.ALL;
                Node reused = kept.get(v).build(null, "test", model.snapshot(), filter);
                LazyNodeContentProvider.Built.of(List.of(reused));
                Node fresh = BUILDERS.get(v).get().build(null, "test", model.snapshot(), filter);
                assertSameTree(fresh, reused, "change " + k + ", " + kept.get(v).getClass().getSimpleName());
            }
        }
    }

    private static void assertSameTree(Node expected, Node actual, String where) {
        String at = where + " at " + expected.path();
        assertEquals(expected.path(), actual.path(), at);
        assertEquals(expected.kind(), actual.kind(), at);
        assertEquals(expected.label(), actual.label(), at);
        assertEquals(expected.gone(), actual.gone(), at);
        assertEquals(expected.warning(), actual.warning(), at);
        assertEquals(expected.ref(), actual.ref(), at);
        assertEquals(expected.children().length, actual.children().length, at + " children");
        for (int i = 0; i < expected.children().length; i++) {
            assertSame(actual, actual.children()[i].parent(), at + " parent of child " + i);
            assertSameTree(expected.children()[i], actual.children()[i], where);
        }
    }

    private Node build(TreeBuilder b) {
        Node root = b.build(null, "test", model.snapshot(), NameFilter.ALL);
        LazyNodeContentProvider.Built.of(List.of(root)).link();
        return root;
    }

    /** The row of the entity with this GUID, or null. */
    private static Node find(Node n, Guid g) {
        if (n.path().endsWith("/" + g)) {
            return n;
        }
        for (Node c : n.children()) {
            Node f = find(c, g);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static Node topic(Node root, String name) {
        for (Node t : root.children()) {
            if (t.kind() == Node.Kind.TOPIC && t.text().startsWith(name + " : ")) {
                return t;
            }
        }
        throw new AssertionError("no topic " + name + " in " + List.of(root.children()));
    }

    /** Endpoint i of peer p (0-based): writers and readers alternate, on topic i % TOPICS of the peer. */
    private static DiscoveryEvent endpoint(int p, int i, Qos qos) {
        EndpointKind kind = i % 2 == 0 ? EndpointKind.WRITER : EndpointKind.READER;
        return new DiscoveryEvent.EndpointSeen(guid(p, i + 1), kind, guid(p, 0), "peer" + p + "_" + (i % TOPICS),
                "Reuse::Msg", qos, false);
    }

    private static Guid guid(int participant, int entity) {
        byte[] b = new byte[16];
        b[0] = 0x5e;
        b[1] = 0x22;
        b[5] = (byte) participant;
        if (entity == 0) {
            b[14] = 0x01;
            b[15] = (byte) 0xc1;
        } else {
            b[14] = (byte) entity;
            b[15] = (byte) (entity % 2 == 1 ? 0x02 : 0x07);
        }
        return new Guid(b);
    }
}
