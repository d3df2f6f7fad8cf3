package org.ddstuner.config.check;

import java.util.List;

import org.ddstuner.config.scenario.HostInterfaces;

/**
 * The interfaces a file's named interfaces are checked against: this host's, or a node's as its remote agent
 * reported them (a node's file is often checked on another machine).
 *
 * @param where "this host" or "node HOST:PORT": how messages name the host
 * @param nics  its interfaces
 */
public record NodeInterfaces(String where, List<HostInterfaces.Nic> nics) {

    public NodeInterfaces {
        nics = List.copyOf(nics);
    }

    /** This host's interfaces, listed now. */
    public static NodeInterfaces thisHost() {
        return new NodeInterfaces("this host", HostInterfaces.list());
    }

    /** True when these are this host's. */
    public boolean local() {
        return where.equals("this host");
    }
}
