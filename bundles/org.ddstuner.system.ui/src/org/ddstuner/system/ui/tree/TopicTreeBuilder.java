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
    public Node build(LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
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
        String label = Labels.connectionSummary(connectionLabel, s);
        return new Node(Node.Kind.CONNECTION, cp, label, c, null, false, false).withChildren(topics);
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
        String label = Fmt.fill(Messages.TOPIC, t.name(), String.join(", ", t.typeNames()),
                Labels.countEndpoints(s, t.writers(), "writer"), Labels.countEndpoints(s, t.readers(), "reader"));
        String note = topicNote(s, t);
        List<Node> sides = new ArrayList<>(2);
        sides.add(side(c, s, path + "/W", Fmt.fill(Messages.WRITERS, writers.size()), writers));
        sides.add(side(c, s, path + "/R", Fmt.fill(Messages.READERS, readers.size()), readers));
        return new Node(Node.Kind.TOPIC, path, label, note, c, EntityRef.of(c, t), false, !note.isEmpty())
                .withChildren(sides);
    }

    /**
     * What is wrong with a topic, for its label: one side missing, different type names, or endpoints
     * that match none of the other side ("1 reader without a match"). "" when all is well.
     */
    static String topicNote(SystemSnapshot s, Topic t) {
        StringBuilder note = new StringBuilder();
        if (t.readers().isEmpty()) {
            note.append(Messages.TOPIC_NO_READERS);
        }
        if (t.writers().isEmpty()) {
            note.append(Messages.TOPIC_NO_WRITERS);
        }
        if (t.hasConflictingTypeNames()) {
            note.append(Messages.TOPIC_TYPE_CONFLICT);
        }
        if (!t.readers().isEmpty() && !t.writers().isEmpty()) {
            long writers = unmatched(s, t.writers());
            long readers = unmatched(s, t.readers());
            if (writers + readers > 0) {
                String who = writers > 0 && readers > 0
                        ? Labels.count(writers, "writer") + " and " + Labels.count(readers, "reader")
                        : writers > 0 ? Labels.count(writers, "writer") : Labels.count(readers, "reader");
                note.append(Fmt.fill(Messages.TOPIC_UNMATCHED, who));
            }
        }
        return note.toString();
    }

    private static long unmatched(SystemSnapshot s, List<Guid> guids) {
        return guids.stream().flatMap(g -> s.endpoint(g).stream()).filter(e -> Labels.unmatched(s, e)).count();
    }

    private static Node side(LiveConnection c, SystemSnapshot s, String path, String label, List<Endpoint> eps) {
        List<Node> rows = new ArrayList<>(eps.size());
        for (Endpoint e : eps) {
            String text = Fmt.fill(Messages.ENDPOINT_IN_TOPIC, e.kind().text(), Labels.participantName(s, e),
                    Labels.partitions(e.partitions())) + " : " + e.typeName() + Labels.goneSuffix(e.goneSince());
            rows.add(new Node(e.isReader() ? Node.Kind.READER : Node.Kind.WRITER, path + "/" + e.guid(), text,
                    Labels.endpointNote(s, e), c, EntityRef.of(c, e), !e.alive(), Labels.unmatched(s, e)));
        }
        return new Node(Node.Kind.GROUP, path, label, c, null, false, false).withChildren(rows);
    }
}
