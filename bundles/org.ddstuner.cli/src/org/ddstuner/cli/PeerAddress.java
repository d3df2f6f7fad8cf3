package org.ddstuner.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a {@code --peer} before Cyclone sees it: Cyclone only logs "unknown address" for a peer it cannot
 * use and carries on, so a typo would give an empty result and exit 0. Accepts what Cyclone takes in the
 * IPv4 peers configuration {@code --peer} builds: an IPv4 address or a host name, with an optional
 * {@code :port}. Host names are looked up as Cyclone will look them up.
 */
final class PeerAddress {

    private static final Pattern HOST_PORT = Pattern.compile("([A-Za-z0-9.\\-]+)(?::(\\d+))?");
    private static final Pattern DOTTED = Pattern.compile("[0-9.]+");
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

    private PeerAddress() {
    }

    /** {@code peer} stripped, or a usage error saying what is wrong with it. */
    static String check(String peer) {
        String p = peer.strip();
        String host;
        String port = null;
        Matcher m;
        if (p.startsWith("[") || p.chars().filter(c -> c == ':').count() > 1) {
            // Cyclone drops it ("not a valid address"): the peers configuration --peer builds is IPv4 UDP
            throw bad(peer, "IPv6 peers need an IPv6 configuration (--config FILE with <Transport>udp6</Transport>)");
        } else if ((m = HOST_PORT.matcher(p)).matches()) {
            host = m.group(1);
            port = m.group(2);
            if (DOTTED.matcher(host).matches() && !IPV4.matcher(host).matches()) {
                throw bad(peer, "not an IPv4 address (four numbers 0 to 255)");
            }
        } else {
            throw bad(peer, "not an address, host name or host:port");
        }
        if (port != null && (port.length() > 5 || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535)) {
            throw bad(peer, "the port must be 1 to 65535");
        }
        try {
            InetAddress.getByName(host); // literals are parsed, names resolved (as Cyclone will)
        } catch (UnknownHostException | SecurityException e) {
            throw bad(peer, "unknown host");
        }
        return p;
    }

    private static CliException bad(String peer, String why) {
        return new CliException(Main.EXIT_USAGE, "--peer \"" + peer + "\": " + why + ".");
    }
}
