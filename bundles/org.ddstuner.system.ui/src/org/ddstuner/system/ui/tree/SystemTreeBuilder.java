package org.ddstuner.system.ui.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.Messages;
import org.ddstuner.system.ui.live.EntityRef;
import org.ddstuner.system.ui.live.LiveConnection;

/**
 * Builds the System tree: connection → host → process → participant → publisher/subscriber →
 * writer/reader. DDS built-in topics carry no publisher/subscriber GUIDs, so endpoints of one
 * participant are grouped by kind and partition set, which is what a publisher/subscriber decides.
 */
public final class SystemTreeBuilder implements TreeBuilder {

    @Override
    public Node build(LiveConnection c, String connectionLabel, SystemSnapshot s, NameFilter filter) {
        String cp = TreeBuilder.connectionPath(c);
        // host → process → participants, sorted by name
        Map<String, Map<String, List<Participant>>> hosts = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Map<Participant, List<Endpoint>> shown = new java.util.HashMap<>();
        for (Participant p : s.participants()) {
            List<Endpoint> eps = s.endpointsOf(p.guid());
            List<Endpoint> visible = filter.matches(p) ? eps : eps.stream().filter(filter::matches).toList();
            if (visible.isEmpty() && !filter.matches(p)) {
                continue;
            }
            shown.put(p, visible);
            hosts.computeIfAbsent(p.process().hostText(), k -> new TreeMap<>(String.CASE_INSENSITIVE_ORDER))
                    .computeIfAbsent(p.process().processText(), k -> new ArrayList<>()).add(p);
        }
        List<Node> hostNodes = new ArrayList<>();
        for (var h : hosts.entrySet()) {
            String hp = cp + "/h:" + h.getKey();
            List<Node> procNodes = new ArrayList<>();
            long aliveInHost = 0;
            long goneInHost = 0;
            for (var pr : h.getValue().entrySet()) {
                String pp = hp + "/p:" + pr.getKey();
                List<Node> partNodes = new ArrayList<>();
                // the living first: a participant that comes and goes leaves a trail of lost ones
                List<Participant> ordered = new ArrayList<>(pr.getValue());
                ordered.sort(java.util.Comparator.comparing(p -> !p.alive()));
                for (Participant p : ordered) {
                    partNodes.add(participant(c, s, pp, p, shown.get(p)));
                }
                long gone = pr.getValue().stream().filter(p -> !p.alive()).count();
                aliveInHost += partNodes.size() - gone;
                goneInHost += gone;
                procNodes.add(new Node(Node.Kind.PROCESS, pp, Fmt.fill(Messages.PROCESS, pr.getKey(),
                        Labels.count(partNodes.size() - gone, gone, "participant")), c, null, false, false)
                        .withChildren(partNodes));
            }
            hostNodes.add(new Node(Node.Kind.HOST, hp, Fmt.fill(Messages.HOST, h.getKey(),
                    Labels.count(aliveInHost, goneInHost, "participant")), c, null, false, false)
                    .withChildren(procNodes));
        }
        String label = Labels.connectionSummary(connectionLabel, s);
        return new Node(Node.Kind.CONNECTION, cp, label, c, null, false, false).withChildren(hostNodes);
    }

    private Node participant(LiveConnection c, SystemSnapshot s, String parentPath, Participant p,
            List<Endpoint> endpoints) {
        String path = parentPath + "/" + p.guid();
        // key: kind + partition set; TreeMap keeps publishers before subscribers, then by partitions
        Map<String, List<Endpoint>> groups = new TreeMap<>();
        int writers = 0;
        int readers = 0;
        for (Endpoint e : endpoints) {
            if (e.isReader()) {
                readers++;
            } else {
                writers++;
            }
            String key = (e.isReader() ? "S" : "P") + Labels.partitions(e.partitions());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
        }
        List<Node> groupNodes = new ArrayList<>();
        for (var g : groups.entrySet()) {
            boolean sub = g.getKey().startsWith("S");
            String gp = path + "/" + g.getKey();
            List<Node> eps = new ArrayList<>();
            for (Endpoint e : g.getValue()) {
                eps.add(endpoint(c, s, gp, e));
            }
            String label = Fmt.fill(sub ? Messages.SUBSCRIBER : Messages.PUBLISHER,
                    Labels.groupPartitions(g.getValue().get(0).partitions()), Labels.count(eps.size(), sub ? "reader" : "writer"));
            groupNodes.add(new Node(sub ? Node.Kind.SUBSCRIBER : Node.Kind.PUBLISHER, gp, label, c, null,
                    !p.alive(), false).withChildren(eps));
        }
        String label = Fmt.fill(Messages.PARTICIPANT, p.displayName(), p.vendor().name(),
                Labels.count(writers, "writer"), Labels.count(readers, "reader"))
                + Labels.goneSuffix(p.goneSince());
        return new Node(Node.Kind.PARTICIPANT, path, label, c, EntityRef.of(c, p), !p.alive(), false)
                .withChildren(groupNodes);
    }

    private static Node endpoint(LiveConnection c, SystemSnapshot s, String parentPath, Endpoint e) {
        String label = Fmt.fill(Messages.ENDPOINT_IN_PARTICIPANT, e.kind().text(), e.topicName(), e.typeName())
                + (e.name() != null ? " \"" + e.name() + "\"" : "") + Labels.goneSuffix(e.goneSince());
        return new Node(e.kind() == EndpointKind.READER ? Node.Kind.READER : Node.Kind.WRITER,
                parentPath + "/" + e.guid(), label, Labels.endpointNote(s, e), c, EntityRef.of(c, e), !e.alive(),
                Labels.unmatched(s, e));
    }
}
