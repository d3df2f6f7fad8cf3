package org.ddstuner.config.scenario;

import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** This host's network interfaces as the wizard's network page lists them. */
public final class HostInterfaces {

    /**
     * @param name      "eth0"
     * @param addresses its addresses (IPv4 first)
     * @param multicast the interface supports multicast
     * @param mtu       bytes, -1 if unknown
     * @param up        it is up
     * @param loopback  it is the loopback interface
     */
    public record Nic(String name, List<String> addresses, boolean multicast, int mtu, boolean up, boolean loopback) {
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
                List<String> addrs = new ArrayList<>();
                n.getInterfaceAddresses().forEach(a -> addrs.add(a.getAddress().getHostAddress().replaceAll("%.*$", "")));
                addrs.sort((a, b) -> Boolean.compare(a.contains(":"), b.contains(":")));
                out.add(new Nic(n.getName(), addrs, n.supportsMulticast(), n.getMTU(), n.isUp(), n.isLoopback()));
            }
        } catch (SocketException e) {
            // no interfaces to offer: the page says so
        }
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }
}
