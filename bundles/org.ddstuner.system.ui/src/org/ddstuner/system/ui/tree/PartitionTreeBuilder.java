package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/**
 * Builds the Partitions tree: connection → partition → the endpoints declaring it. Rows of endpoints
 * that did not change are reused from the previous build ({@link ReusingTreeBuilder}).
 */
public final class PartitionTreeBuilder extends ReusingTreeBuilder<PartitionTreeBuilder.State> {

    /** What the last build of one connection made. */
    static final class State {
        /** Partition rows by name; {@code extra}: the partition's endpoint rows by GUID. */
        final RowCache<String> partitions = new RowCache<>();
        Node root;
        /** Each partition's endpoints while they are collected; reused, so 20,000 endpoints grow no list. */
        final Map<String, ArrayList<Endpoint>> declaring = new HashMap<>();
        /** The rows of one partition while they are collected; reused likewise. */
        final ArrayList<Node> rows = new ArrayList<>();
    }

    @Override
    State newState() {
        return new State();
    }

    @Override
    Node build(State st, LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
        String cp = TreeBuilder.connectionPath(c);
        List<Node> partitions = new ArrayList<>();
        // the endpoints declaring each partition, in snapshot order like PartitionInfo.declaredBy(): one
        // pass over the endpoints rather than a look-up by GUID each
        Map<String, ArrayList<Endpoint>> declaring = st.declaring;
        if (declaring.size() > 256) {
            declaring.clear(); // partitions come and go: do not keep the lists of long-gone ones
        }
        declaring.values().forEach(ArrayList::clear);
        Set<Guid> trail = GoneTrail.of(s);
        for (Endpoint e : s.endpoints()) {
            if (Labels.inTrail(e, trail)) {
                continue; // an earlier life of a participant that came back or went again
            }
            List<String> names = e.partitions();
            for (int i = 0; i < names.size(); i++) {
                if (names.indexOf(names.get(i)) == i) { // a name declared twice counts once
                    declaring.computeIfAbsent(names.get(i), k -> new ArrayList<>()).add(e);
                }
            }
        }
        for (PartitionInfo p : s.partitions()) {
            boolean all = filter.matches(p);
            List<Endpoint> eps = declaring.containsKey(p.name()) ? declaring.get(p.name()) : List.of();
            if (!all) {
                eps = eps.stream().filter(e -> filter.matches(e) || filter.test(Labels.participantName(s, e))).toList();
            }
            RowCache.Entry row = st.partitions.entry(p.name());
            if (!(row.extra instanceof RowCache<?>)) {
                row.extra = new RowCache<Guid>();
            }
            @SuppressWarnings("unchecked")
            RowCache<Guid> rows = (RowCache<Guid>) row.extra;
            Node n = null;
            if (all || !eps.isEmpty()) {
                n = partition(rows, st.rows, c, s, cp, p, eps, row.node);
                partitions.add(n);
            }
            rows.sweep();
            row.set(p, null, "", false, n);
        }
        st.partitions.sweep();
        st.root = reuse(st.root, Node.Kind.CONNECTION, cp, Labels.connectionSummary(connectionLabel, s), "", c, null,
                false, false, partitions);
        return st.root;
    }

    private static Node partition(RowCache<Guid> rows, ArrayList<Node> kids, LiveConnection c, SystemSnapshot s,
            String cp, PartitionInfo p, List<Endpoint> eps, Node prev) {
        String path = prev != null ? prev.path() : cp + "/pt:" + p.name();
        long writers = 0;
        long goneWriters = 0;
        long readers = 0;
        long goneReaders = 0;
        kids.clear();
        for (Endpoint e : eps) {
            if (e.isReader()) {
                readers += e.alive() ? 1 : 0;
                goneReaders += e.alive() ? 0 : 1;
            } else {
                writers += e.alive() ? 1 : 0;
                goneWriters += e.alive() ? 0 : 1;
            }
            kids.add(endpointRow(rows, c, s, s.topic(e.topicName()).orElse(null), path, e,
                    PartitionTreeBuilder::endpointText));
        }
        String label = Fmt.fill(Messages.PARTITION, p.displayName(), Labels.count(writers, goneWriters, "writer"),
                Labels.count(readers, goneReaders, "reader"))
                + (p.isPattern() ? Fmt.fill(Messages.PARTITION_PATTERN,
                        Labels.count(p.reachedBy().size(), "endpoint")) : "");
        return reuse(prev, Node.Kind.PARTITION, path, label, "", c, prev != null ? prev.ref() : EntityRef.of(c, p),
                false, false, kids);
    }

    private static String endpointText(Endpoint e, Participant p) {
        return Fmt.fill(Messages.ENDPOINT_IN_PARTITION, e.kind().text(), e.topicName(), participantText(e, p))
                + Labels.goneSuffix(e.goneSince());
    }
}
