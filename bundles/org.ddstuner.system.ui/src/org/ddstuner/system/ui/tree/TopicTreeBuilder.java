package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/**
 * Builds the Topics tree: connection → topic → writers / readers → endpoint. A topic's rows depend only
 * on its own endpoints (matching happens within a topic) and the participants' names, and snapshots
 * share the {@link Topic} of a topic that did not change: so while the filter and the participants stay
 * the same, an unchanged topic's whole subtree is the previous build's, without looking at its endpoints.
 */
public final class TopicTreeBuilder extends ReusingTreeBuilder<TopicTreeBuilder.State> {

    /** What the last build of one connection made. */
    static final class State {
        /** Topic rows by name (basis: the {@link Topic}); {@code extra}: the topic's endpoint rows by GUID. */
        final RowCache<String> topics = new RowCache<>();
        NameFilter filter;
        List<Participant> participants = List.of();
        Node root;
    }

    @Override
    State newState() {
        return new State();
    }

    @Override
    Node build(State st, LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
        String cp = TreeBuilder.connectionPath(c);
        boolean sameContext = filter == st.filter && sameParticipants(st.participants, s.participants());
        Set<Guid> trail = GoneTrail.of(s); // changes only with the participants, which sameContext compares
        List<Node> topics = new ArrayList<>();
        for (Topic t : s.topics()) {
            RowCache.Entry row = st.topics.entry(t.name());
            if (sameContext && row.basis == t) {
                if (row.node != null) {
                    topics.add(row.node); // unchanged topic: its rows as they were (or still filtered out)
                }
                continue;
            }
            if (!(row.extra instanceof RowCache<?>)) {
                row.extra = new RowCache<Guid>();
            }
            @SuppressWarnings("unchecked")
            RowCache<Guid> rows = (RowCache<Guid>) row.extra;
            boolean all = filter.matches(t);
            List<Endpoint> writers = endpoints(s, t.writers(), filter, all, trail);
            List<Endpoint> readers = endpoints(s, t.readers(), filter, all, trail);
            Node n = null;
            if (all || !writers.isEmpty() || !readers.isEmpty()) {
                n = topic(rows, c, s, cp, t, writers, readers, trail, row.node);
                topics.add(n);
            }
            rows.sweep();
            row.set(t, null, "", false, n);
        }
        st.topics.sweep();
        st.filter = filter;
        st.participants = s.participants();
        st.root = reuse(st.root, Node.Kind.CONNECTION, cp, Labels.connectionSummary(connectionLabel, s), "", c, null,
                false, false, topics);
        return st.root;
    }

    /** Same participants (by identity), so the same names: endpoint rows show their participant's name. */
    private static boolean sameParticipants(List<Participant> a, List<Participant> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static List<Endpoint> endpoints(SystemSnapshot s, List<Guid> guids, NameFilter filter, boolean all,
            Set<Guid> trail) {
        List<Endpoint> out = new ArrayList<>(guids.size());
        for (Guid g : guids) {
            Endpoint e = s.endpoint(g).orElse(null);
            if (e != null && !Labels.inTrail(e, trail) && (all || filter.matches(e) || filter.test(Labels.participantName(s, e)))) {
                out.add(e);
            }
        }
        return out;
    }

    private static Node topic(RowCache<Guid> rows, LiveConnection c, SystemSnapshot s, String cp, Topic t,
            List<Endpoint> writers, List<Endpoint> readers, Set<Guid> trail, Node prev) {
        String path = prev != null ? prev.path() : cp + "/t:" + t.name();
        String label = Fmt.fill(Messages.TOPIC, t.name(), String.join(", ", t.typeNames()),
                Labels.countEndpoints(s, t.writers(), trail, "writer"),
                Labels.countEndpoints(s, t.readers(), trail, "reader"));
        String note = topicNote(s, t);
        List<Node> sides = new ArrayList<>(2);
        sides.add(side(rows, c, s, t, child(prev, 0), path + "/W", Fmt.fill(Messages.WRITERS, writers.size()),
                writers));
        sides.add(side(rows, c, s, t, child(prev, 1), path + "/R", Fmt.fill(Messages.READERS, readers.size()),
                readers));
        return reuse(prev, Node.Kind.TOPIC, path, label, note, c, prev != null ? prev.ref() : EntityRef.of(c, t), false,
                !note.isEmpty(), sides);
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
        long n = 0;
        for (Guid g : guids) { // a plain loop: this runs for every endpoint of every changed topic
            Endpoint e = s.endpoint(g).orElse(null);
            if (e != null && Labels.unmatched(s, e)) {
                n++;
            }
        }
        return n;
    }

    private static Node side(RowCache<Guid> rows, LiveConnection c, SystemSnapshot s, Topic t, Node prev,
            String path, String label, List<Endpoint> eps) {
        String sidePath = prev != null ? prev.path() : path;
        List<Node> kids = new ArrayList<>(eps.size());
        for (Endpoint e : eps) {
            kids.add(endpointRow(rows, c, s, t, sidePath, e, TopicTreeBuilder::endpointText));
        }
        return reuse(prev, Node.Kind.GROUP, sidePath, label, "", c, null, false, false, kids);
    }

    private static String endpointText(Endpoint e, Participant p) {
        return Fmt.fill(Messages.ENDPOINT_IN_TOPIC, e.kind().text(), participantText(e, p),
                Labels.partitions(e.partitions())) + " : " + e.typeName() + Labels.goneSuffix(e.goneSince());
    }
}
