package org.ddstuner.config.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deployment: a set of nodes (name → the address of the interface DDS uses there), one configuration per node.
 * Each node's file names its own interface and every other node as a unicast peer, so the set is consistent by
 * construction (a node added later is one more run, not an edit of every file).
 */
public final class Deployment {

    private Deployment() {
    }

    /**
     * @param nodes name → address, in the order the files are to be listed
     * @throws IllegalArgumentException for a scenario without unicast peers (multicast-lan needs no set) or fewer
     *                                  than two nodes
     */
    public static Map<String, GeneratedConfig> write(Scenario s, ScenarioOptions base, Map<String, String> nodes,
            SocketLimits limits) {
        if (s == Scenario.MULTICAST_LAN || s == Scenario.LOOPBACK_DEV) {
            throw new IllegalArgumentException("scenario " + s.id() + " has no peer list: one file serves every node");
        }
        if (nodes.size() < 2) {
            throw new IllegalArgumentException("a deployment needs at least two --node NAME=ADDRESS");
        }
        Map<String, GeneratedConfig> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> n : nodes.entrySet()) {
            if (!n.getKey().matches("[A-Za-z0-9_.-]+")) {
                throw new IllegalArgumentException("node name " + n.getKey() + ": letters, digits, '.', '_', '-' only");
            }
            List<String> peers = new ArrayList<>(base.peers());
            nodes.forEach((name, address) -> {
                if (!name.equals(n.getKey()) && !peers.contains(address)) {
                    peers.add(address);
                }
            });
            out.put(n.getKey(), ScenarioWriter.write(s, base.withInterface(n.getValue()).withPeers(peers), limits));
        }
        return out;
    }
}
