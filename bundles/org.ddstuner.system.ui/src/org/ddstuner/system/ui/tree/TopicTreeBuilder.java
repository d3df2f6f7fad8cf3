package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/** Builds the Topics tree: connection → topic → writers / readers → endpoint. */
public final class TopicTreeBuilder implements TreeBuilder {

    @Override
    public List<Node> build(List<LiveConnection> connections, NameFilter filter) {
        List<Node> roots = new ArrayList<>();
        for (LiveConnection c : connections) {
            SystemSnapshot s = c.snapshot();
            String cp = TreeBuilder.connectionPath(c);
            List<Node> topics = new ArrayList<>();
            for (Topic t : s.topics()) {
                boolean all = filter.matches(t);
                List<Endpoint> writers = endpoints(s, t.writers(), filter, all);
                List<Endpoint> readers = endpoints(s, t.readers(), filter, all);
                if (!all && writers.isEmpty() && readers.isEmpty()) {
                    continue;
                }
                topics.add(topic(c, s, cp, t, writers, readers));
            }
            String label = Labels.connectionSummary(c, s);
            roots.add(new Node(Node.Kind.CONNECTION, cp, label, c, null, false, false).withChildren(topics));
        }
        return roots;
    }

    private static List<Endpoint> endpoints(SystemSnapshot s, List<Guid> guids, NameFilter filter, boolean all) {
        List<Endpoint> out = new ArrayList<>(guids.size());
        for (Guid g : guids) {
            s.endpoint(g).filter(e -> all || filter.matches(e) || filter.test(Labels.participantName(s, e)))
                    .ifPresent(out::add);
        }
        return out;
    }

    private static Node topic(LiveConnection c, SystemSnapshot s, String cp, Topic t, List<Endpoint> writers,
            List<Endpoint> readers) {
        String path = cp + "/t:" + t.name();
        boolean oneSided = t.writers().isEmpty() || t.readers().isEmpty();
        String label = String.format(Messages.TOPIC, t.name(), String.join(", ", t.typeNames()),
                Labels.count(t.writers().size(), "writer"), Labels.count(t.readers().size(), "reader"))
                + (t.readers().isEmpty() ? Messages.TOPIC_NO_READERS : "")
                + (t.writers().isEmpty() ? Messages.TOPIC_NO_WRITERS : "")
                + (t.hasConflictingTypeNames() ? Messages.TOPIC_TYPE_CONFLICT : "");
        List<Node> sides = new ArrayList<>(2);
        sides.add(side(c, s, path + "/W", String.format(Messages.WRITERS, writers.size()), writers));
        sides.add(side(c, s, path + "/R", String.format(Messages.READERS, readers.size()), readers));
        return new Node(Node.Kind.TOPIC, path, label, c, EntityRef.of(c, t), false,
                oneSided || t.hasConflictingTypeNames()).withChildren(sides);
    }

    private static Node side(LiveConnection c, SystemSnapshot s, String path, String label, List<Endpoint> eps) {
        List<Node> rows = new ArrayList<>(eps.size());
        for (Endpoint e : eps) {
            boolean unmatched = Labels.unmatched(s, e);
            String text = String.format(Messages.ENDPOINT_IN_TOPIC, e.kind().text(), Labels.participantName(s, e),
                    Labels.partitions(e.partitions())) + " : " + e.typeName() + (unmatched ? Messages.NO_MATCH : "")
                    + Labels.goneSuffix(e.goneSince());
            rows.add(new Node(e.isReader() ? Node.Kind.READER : Node.Kind.WRITER, path + "/" + e.guid(), text, c,
                    EntityRef.of(c, e), !e.alive(), unmatched));
        }
        return new Node(Node.Kind.GROUP, path, label, c, null, false, false).withChildren(rows);
    }
}
