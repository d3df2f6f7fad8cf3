package org.ddstuner.config.check;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.ddstuner.config.scenario.HostInterfaces;

/**
 * A network interface a configuration names ({@code General/Interfaces/NetworkInterface[@name|@address]}, or the
 * deprecated {@code General/NetworkInterfaceAddress}), with its line.
 *
 * @param name    interface name or {@code null}
 * @param address IPv4/IPv6 address (a network with host part 0 in Cyclone's sense) or {@code null}
 */
public record InterfaceRef(String name, String address, int line, String element) {

    private static final Pattern IFNAME = Pattern.compile("[A-Za-z0-9_.-]{1,15}");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    /** The interfaces {@code outline} names. */
    public static List<InterfaceRef> of(ConfigOutline outline) {
        List<InterfaceRef> out = new ArrayList<>();
        for (ConfigOutline.Node n : outline.nodes()) {
            if (n.name().equalsIgnoreCase("NetworkInterface") && n.path().toLowerCase().endsWith("general/interfaces/networkinterface")) {
                String auto = ConfigOutline.attribute(n, "autodetermine");
                if ("true".equalsIgnoreCase(auto)) {
                    continue;
                }
                String name = blankToNull(ConfigOutline.attribute(n, "name"));
                String address = blankToNull(ConfigOutline.attribute(n, "address"));
                if (name != null || address != null) {
                    out.add(new InterfaceRef(name, address, n.line(), "//" + n.path()));
                }
            } else if (n.name().equalsIgnoreCase("NetworkInterfaceAddress") && !n.text().isEmpty()
                    && !n.text().equalsIgnoreCase("auto")) {
                String v = n.text();
                boolean isAddress = IPV4.matcher(v).matches() || v.contains(":");
                out.add(new InterfaceRef(isAddress ? null : v, isAddress ? v : null, n.line(), "//" + n.path()));
            }
        }
        return out;
    }

    /** A name `ip link add` accepts (so a stand-in of that name can be made). */
    public boolean nameUsable() {
        return name != null && IFNAME.matcher(name).matches();
    }

    /** The loopback interface (every namespace has one). */
    public boolean loopback() {
        return "lo".equals(name) || address != null && (address.startsWith("127.") || address.equals("::1"))
                || name == null && address == null;
    }

    /** An IPv4 literal. */
    public boolean ipv4() {
        return address != null && IPV4.matcher(address).matches();
    }

    /** The interface this host lacks, worded for a person; {@code null} when this host has it. */
    public String missingHere() {
        return missingOn(HostInterfaces.list(), "this host");
    }

    /**
     * The interface {@code nics} (a host's, e.g. a node's through its agent) lack, worded for a person; {@code null}
     * when they have it.
     *
     * @param where "this host", "node 10.77.0.1", … (starts the message)
     */
    public String missingOn(List<HostInterfaces.Nic> nics, String where) {
        HostInterfaces.Nic byName = null;
        if (name != null) {
            for (HostInterfaces.Nic nic : nics) {
                if (nic.name().equals(name)) {
                    byName = nic;
                }
            }
            if (byName == null) {
                return where + " has no interface named " + name + " (has: " + names(nics) + ")";
            }
        }
        if (address != null) {
            for (HostInterfaces.Nic nic : byName != null ? List.of(byName) : nics) {
                for (int i = 0; i < nic.addresses().size(); i++) {
                    if (matches(nic.addresses().get(i), nic.prefixLengths().get(i), address)) {
                        return null;
                    }
                }
            }
            return where + " has no interface " + (byName != null ? name + " " : "") + "with address " + address
                    + " (has: " + names(nics) + ")";
        }
        return null;
    }

    private static boolean matches(String have, int prefix, String address) {
        if (have.equalsIgnoreCase(address)) {
            return true;
        }
        // Cyclone: with IPv4 a host part of zero matches the network
        if (IPV4.matcher(have).matches() && IPV4.matcher(address).matches() && address.endsWith(".0") && prefix >= 0) {
            long mask = prefix == 0 ? 0 : 0xffffffffL << (32 - prefix) & 0xffffffffL;
            return (toLong(have) & mask) == (toLong(address) & mask);
        }
        return false;
    }

    private static long toLong(String ipv4) {
        long v = 0;
        for (String p : ipv4.split("\\.")) {
            v = v << 8 | Integer.parseInt(p);
        }
        return v;
    }

    private static String names(List<HostInterfaces.Nic> nics) {
        List<String> out = new ArrayList<>();
        for (HostInterfaces.Nic n : nics) {
            out.add(n.name() + (n.addresses().isEmpty() ? "" : " " + String.join(",", n.addresses())));
        }
        return String.join("; ", out);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
