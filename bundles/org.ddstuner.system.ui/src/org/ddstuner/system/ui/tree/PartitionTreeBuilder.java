package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.PartitionInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/** Builds the Partitions tree: connection → partition → the endpoints declaring it. */
public final class PartitionTreeBuilder implements TreeBuilder {

    @Override
    public Node build(LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
        String cp = TreeBuilder.connectionPath(c);
        List<Node> partitions = new ArrayList<>();
        for (PartitionInfo p : s.partitions()) {
            boolean all = filter.matches(p);
            List<Endpoint> eps = new ArrayList<>();
            for (Guid g : p.declaredBy()) {
                s.endpoint(g).filter(e -> all || filter.matches(e) || filter.test(Labels.participantName(s, e)))
                        .ifPresent(eps::add);
            }
            if (all || !eps.isEmpty()) {
                partitions.add(partition(c, s, cp, p, eps));
            }
        }
        String label = Labels.connectionSummary(connectionLabel, s);
        return new Node(Node.Kind.CONNECTION, cp, label, c, null, false, false).withChildren(partitions);
    }

    private static Node partition(LiveConnection c, SystemSnapshot s, String cp, PartitionInfo p, List<Endpoint> eps) {
        String path = cp + "/pt:" + p.name();
        long writers = eps.stream().filter(e -> !e.isReader() && e.alive()).count();
        long goneWriters = eps.stream().filter(e -> !e.isReader() && !e.alive()).count();
        long readers = eps.stream().filter(e -> e.isReader() && e.alive()).count();
        long goneReaders = eps.stream().filter(e -> e.isReader() && !e.alive()).count();
        String label = Fmt.fill(Messages.PARTITION, p.displayName(), Labels.count(writers, goneWriters, "writer"),
                Labels.count(readers, goneReaders, "reader"))
                + (p.isPattern() ? Fmt.fill(Messages.PARTITION_PATTERN,
                        Labels.count(p.reachedBy().size(), "endpoint")) : "");
        List<Node> rows = new ArrayList<>(eps.size());
        for (Endpoint e : eps) {
            String text = Fmt.fill(Messages.ENDPOINT_IN_PARTITION, e.kind().text(), e.topicName(),
                    Labels.participantName(s, e)) + Labels.goneSuffix(e.goneSince());
            rows.add(new Node(e.isReader() ? Node.Kind.READER : Node.Kind.WRITER, path + "/" + e.guid(), text,
                    Labels.endpointNote(s, e), c, EntityRef.of(c, e), !e.alive(), Labels.unmatched(s, e)));
        }
        return new Node(Node.Kind.PARTITION, path, label, c, EntityRef.of(c, p), false, false).withChildren(rows);
    }
}
