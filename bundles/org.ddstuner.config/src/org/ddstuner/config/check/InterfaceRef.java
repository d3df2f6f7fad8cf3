package org.ddstuner.config.check;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

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
        List<NetworkInterface> nics;
        try {
            nics = Collections.list(NetworkInterface.getNetworkInterfaces());
        } catch (SocketException e) {
            return "cannot list this host's interfaces: " + e.getMessage();
        }
        NetworkInterface byName = null;
        if (name != null) {
            for (NetworkInterface nic : nics) {
                if (nic.getName().equals(name)) {
                    byName = nic;
                }
            }
            if (byName == null) {
                return "this host has no interface named " + name + " (has: " + names(nics) + ")";
            }
        }
        if (address != null) {
            for (NetworkInterface nic : byName != null ? List.of(byName) : nics) {
                for (InterfaceAddress ia : nic.getInterfaceAddresses()) {
                    if (matches(ia, address)) {
                        return null;
                    }
                }
            }
            return "this host has no interface " + (byName != null ? name + " " : "") + "with address " + address
                    + " (has: " + names(nics) + ")";
        }
        return null;
    }

    private static boolean matches(InterfaceAddress ia, String address) {
        InetAddress a = ia.getAddress();
        String have = a.getHostAddress().replaceAll("%.*$", "");
        if (have.equalsIgnoreCase(address)) {
            return true;
        }
        // Cyclone: with IPv4 a host part of zero matches the network
        if (a instanceof Inet4Address && IPV4.matcher(address).matches() && address.endsWith(".0")) {
            int prefix = ia.getNetworkPrefixLength();
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

    private static String names(List<NetworkInterface> nics) {
        List<String> out = new ArrayList<>();
        for (NetworkInterface n : nics) {
            List<String> addrs = new ArrayList<>();
            n.getInterfaceAddresses().forEach(ia -> addrs.add(ia.getAddress().getHostAddress().replaceAll("%.*$", "")));
            out.add(n.getName() + (addrs.isEmpty() ? "" : " " + String.join(",", addrs)));
        }
        return String.join("; ", out);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
