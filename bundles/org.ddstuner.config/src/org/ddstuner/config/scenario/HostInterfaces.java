package org.ddstuner.config.scenario;

import java.net.Inet6Address;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A host's network interfaces as the wizard's network page lists them and the checker matches a file against:
 * this host's ({@link #list()}), or a node's as its remote agent reports them (operation {@code host-interfaces},
 * {@link org.ddstuner.config.remote.HostInterfacesOperation}).
 */
public final class HostInterfaces {

    /**
     * @param name      "eth0"
     * @param addresses its addresses (IPv4 first)
     * @param prefixLengths the network prefix length of each address, in the same order (-1 if unknown)
     * @param multicast the interface supports multicast
     * @param mtu       bytes, -1 if unknown
     * @param up        it is up
     * @param loopback  it is the loopback interface
     */
    public record Nic(String name, List<String> addresses, List<Integer> prefixLengths, boolean multicast, int mtu,
            boolean up, boolean loopback) {

        public Nic {
            addresses = List.copyOf(addresses);
            prefixLengths = List.copyOf(prefixLengths);
            if (prefixLengths.size() != addresses.size()) {
                throw new IllegalArgumentException("one prefix length per address: " + addresses + " " + prefixLengths);
            }
        }

        /** What the configuration names: the first IPv4 address, else the name. */
        public String configValue() {
            return addresses.stream().filter(a -> !a.contains(":")).findFirst().orElse(name);
        }
    }

    private HostInterfaces() {
    }

    public static List<Nic> list() {
        List<Nic> out = new ArrayList<>();
        try {
            for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                List<InterfaceAddress> ias = new ArrayList<>(n.getInterfaceAddresses());
                ias.sort((a, b) -> Boolean.compare(a.getAddress() instanceof Inet6Address,
                        b.getAddress() instanceof Inet6Address));
                List<String> addrs = new ArrayList<>();
                List<Integer> prefixes = new ArrayList<>();
                for (InterfaceAddress a : ias) {
                    addrs.add(a.getAddress().getHostAddress().replaceAll("%.*$", ""));
                    prefixes.add((int) a.getNetworkPrefixLength());
                }
                out.add(new Nic(n.getName(), addrs, prefixes, n.supportsMulticast(), n.getMTU(), n.isUp(),
                        n.isLoopback()));
            }
        } catch (SocketException e) {
            // no interfaces to offer: the page says so
        }
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }
}
