package org.ddstuner.config.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Writes a scenario's Cyclone configuration. Every element used exists with the same meaning in 0.10.x and 11.x
 * (both catalogues), so one file serves both library lines, except shared memory (0.10.x's, deprecated in 11.x; it warns);
 * ScenarioOutputTest has each scenario accepted by libddsc 0.10.2 and 11.0.1.
 */
public final class ScenarioWriter {

    /** Default socket buffer for large-data: 8 MiB holds a few 1080p frames in flight. */
    public static final long LARGE_DATA_SOCKET_BUFFER = 8L << 20;

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private ScenarioWriter() {
    }

    public static GeneratedConfig write(Scenario s, ScenarioOptions o) {
        return write(s, o, SocketLimits.ofThisHost());
    }

    /** With explicit socket limits (tests, a remote node's). */
    public static GeneratedConfig write(Scenario s, ScenarioOptions o, SocketLimits limits) {
        if (o.tls() != null && s != Scenario.TCP) {
            throw new IllegalArgumentException("TLS is for the tcp scenario (Cyclone's TLS runs over its TCP transport)");
        }
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> sysctl = new ArrayList<>();
        XmlOut root = new XmlOut("CycloneDDS").attr("xmlns", "https://cdds.io/config");
        XmlOut domain = root.add("Domain").attr("Id", o.domainId() == null ? "any" : o.domainId());
        domain.why("DDS Tuner scenario " + s.id() + ": " + s.title());
        XmlOut general = domain.at("General");
        XmlOut discovery = domain.at("Discovery");
        String iface = s == Scenario.LOOPBACK_DEV ? "127.0.0.1" : o.networkInterface();
        XmlOut ni = general.at("Interfaces").add("NetworkInterface");
        if (iface == null) {
            ni.attr("autodetermine", "true");
            notes.add("Cyclone picks the interface (autodetermine); name one with --interface on hosts with several.");
        } else if (IPV4.matcher(iface).matches()) {
            ni.attr("address", iface);
        } else {
            ni.attr("name", iface);
        }
        boolean unicast = s != Scenario.MULTICAST_LAN;
        List<String> peers = new ArrayList<>(o.peers());
        if (s == Scenario.LOOPBACK_DEV || s == Scenario.MULTI_PROCESS_HOST || s == Scenario.SHARED_MEMORY) {
            if (!peers.contains("127.0.0.1") && !peers.contains("localhost")) {
                peers.add(0, "127.0.0.1");
            }
        }
        if (unicast && peers.isEmpty()) {
            throw new IllegalArgumentException("scenario " + s.id() + " needs at least one --peer (the other hosts' addresses)");
        }
        if (unicast) {
            general.at("AllowMulticast").text("false")
                    .why("unicast only: discovery goes to the peers listed below");
            discovery.at("ParticipantIndex").text("auto");
            int processes = Math.max(1, o.processesPerHost());
            // indices 0..max: Cyclone sends SPDP to each index's port on every peer, so size it to the processes
            discovery.at("MaxAutoParticipantIndex").text(Integer.toString(Math.max(processes - 1, 0)))
                    .why("participant indices 0.." + Math.max(processes - 1, 0) + ": up to " + processes
                            + " DDS processes per host");
            XmlOut ps = discovery.at("Peers");
            for (String p : peers) {
                ps.add("Peer").attr("address", p);
            }
            notes.add("Multicast is off: a process finds only the peers listed (" + String.join(", ", peers)
                    + "), and at most " + processes + " processes per host (participant indices).");
        } else {
            if (o.multicastTtl() != null) {
                general.at("MulticastTimeToLive").text(Integer.toString(o.multicastTtl()));
            }
            notes.add("Multicast discovery: every Cyclone process on the LAN in this domain is found.");
        }
        if (o.spdpInterval() != null) {
            discovery.at("SPDPInterval").text(o.spdpInterval());
        }
        if (o.leaseDuration() != null) {
            discovery.at("LeaseDuration").text(o.leaseDuration());
        }
        switch (s) {
            case LARGE_DATA -> largeData(domain, general, o, limits, notes, warnings, sysctl);
            case TCP -> {
                general.at("Transport").text("tcp");
                if (o.tls() != null) {
                    tls(domain, o.tls(), notes, warnings);
                }
                if (o.tcpPort() >= 0) {
                    domain.at("TCP/Port").text(Integer.toString(o.tcpPort()));
                } else {
                    notes.add("TCP port is ephemeral: give each node a fixed --tcp-port and name it in the others' peers "
                            + "(address:port) so they can connect.");
                }
            }
            case SECURITY -> security(domain, o.security(), notes);
            case SHARED_MEMORY -> sharedMemory(domain, notes, warnings);
            default -> {
                // nothing beyond discovery
            }
        }
        if (o.throughput() != null) {
            o.throughput().applyTo(domain, notes); // after large-data: an explicit WhcHigh wins over its 8 MiB
        }
        if (o.tracing() != null) {
            XmlOut t = domain.at("Tracing");
            t.at("Verbosity").text(o.tracing());
            t.at("OutputFile").text(o.traceFile() == null ? "cyclonedds-${CYCLONEDDS_PID}.log" : o.traceFile());
            notes.add("Tracing at " + o.tracing() + ": the trace grows fast above 'config'.");
        }
        if (o.monitorPort() != null) {
            domain.at("Internal/MonitorPort").text(Integer.toString(o.monitorPort()))
                    .why("WARNING: serves participants and endpoints as JSON over plain HTTP, unauthenticated");
            warnings.add("The monitor port (" + (o.monitorPort() == 0 ? "any free port" : o.monitorPort()) + ") serves "
                    + "this process's participants, endpoints and counters over plain HTTP to anyone who can reach it, "
                    + "without authentication: open it only on trusted networks.");
        }
        String xml = root.write();
        return new GeneratedConfig(xml, notes, warnings, sysctl);
    }

    private static void largeData(XmlOut domain, XmlOut general, ScenarioOptions o, SocketLimits limits,
            List<String> notes, List<String> warnings, List<String> sysctl) {
        general.at("MaxMessageSize").text(o.maxMessageSize() == null ? "65500 B" : o.maxMessageSize())
                .why("fewer, bigger UDP datagrams for large samples (IP fragments them below the MTU)");
        general.at("FragmentSize").text(o.fragmentSize() == null ? "62 KiB" : o.fragmentSize());
        long buf = o.socketBufferBytes() > 0 ? o.socketBufferBytes() : LARGE_DATA_SOCKET_BUFFER;
        // "max": ask for this much and accept less (a "min" the kernel refuses would stop Cyclone from starting)
        domain.at("Internal/SocketReceiveBufferSize").attr("max", buf + " B")
                .why("the kernel caps this at net.core.rmem_max");
        domain.at("Internal/SocketSendBufferSize").attr("max", buf + " B");
        domain.at("Internal/Watermarks/WhcHigh").text("8 MiB")
                .why("writer history may hold more unacknowledged data before the writer blocks");
        notes.add("Messages up to " + (o.maxMessageSize() == null ? "65500 B" : o.maxMessageSize())
                + ", socket buffers up to " + buf + " B.");
        List<String> lines = limits.sysctlLines(buf);
        if (!lines.isEmpty()) {
            warnings.add("This host's net.core.rmem_max is " + limits.rmemMax() + " and net.core.wmem_max is "
                    + limits.wmemMax() + ": the kernel caps the socket buffers below " + buf + " B. Raise them with:");
            sysctl.addAll(lines);
        } else {
            notes.add("This host's net.core.rmem_max (" + limits.rmemMax() + ") and wmem_max (" + limits.wmemMax()
                    + ") allow " + buf + " B.");
        }
    }

    private static void tls(XmlOut domain, Tls t, List<String> notes, List<String> warnings) {
        XmlOut ssl = domain.at("SSL");
        ssl.why("TLS over the TCP connections (needs a libddsc built with SSL: Debian's 0.10.2 is)");
        ssl.at("Enable").text("true");
        ssl.at("KeystoreFile").text(t.keystoreFile()).why("PEM: this node's certificate and private key");
        if (t.keyPassphrase() != null && !t.keyPassphrase().isEmpty()) {
            ssl.at("KeyPassphrase").text(t.keyPassphrase());
            warnings.add("The key's pass phrase is in the file in clear: make the file readable only by the processes' user.");
        }
        ssl.at("SelfSignedCertificates").text(Boolean.toString(t.selfSigned()));
        ssl.at("VerifyClient").text(Boolean.toString(t.verifyClient()));
        ssl.at("MinimumTLSVersion").text("1.3");
        notes.add("TLS 1.3 on every TCP connection with " + t.keystoreFile() + (t.selfSigned()
                ? "; self-signed certificates accepted (test set-ups only)" : "") + ".");
    }

    /** The element names are Cyclone 0.10.2's (SharedMemory/Enable, LogLevel, Locator, Prefix; deprecated in 11.x). */
    private static void sharedMemory(XmlOut domain, List<String> notes, List<String> warnings) {
        XmlOut shm = domain.at("SharedMemory");
        shm.at("Enable").text("true").why("Iceoryx between processes on this host; needs iox-roudi running here");
        // Iceoryx's default (info) logs a line per reader and writer
        shm.at("LogLevel").text("warn");
        shm.at("Prefix").text("DDS_CYCLONE")
                .why("Iceoryx service name prefix (Cyclone's default); processes talk through shared memory only with the same");
        notes.add("Shared memory: start the RouDi daemon (iox-roudi, Debian package iceoryx) on every host before the "
                + "DDS processes (a process with this file waits 60 s for RouDi and then aborts; config check turns "
                + "Enable off while it checks, so it needs none). Only readers and writers with keep-last history (depth at most 16) and volatile or "
                + "transient-local durability use it; others, and other hosts, go over UDP as before. Cyclone tells "
                + "processes on one host apart by SharedMemory/Locator (default: a MAC address of the host).");
        warnings.add("This file is for Cyclone 0.10.x: Cyclone 11 deprecates SharedMemory (its shared memory is a "
                + "General/Interfaces/PubSubMessageExchange plug-in instead).");
    }

    private static void security(XmlOut domain, ScenarioOptions.SecurityFiles f, List<String> notes) {
        if (f == null) {
            throw new IllegalArgumentException("scenario security needs --identity-ca, --identity-certificate, "
                    + "--private-key, --permissions-ca, --governance and --permissions");
        }
        XmlOut sec = domain.at("Security");
        XmlOut auth = sec.at("Authentication");
        auth.at("Library").attr("path", "dds_security_auth").attr("initFunction", "init_authentication")
                .attr("finalizeFunction", "finalize_authentication");
        auth.at("IdentityCA").text(uri(f.identityCa()));
        auth.at("IdentityCertificate").text(uri(f.identityCertificate()));
        auth.at("PrivateKey").text(uri(f.privateKey()));
        XmlOut ac = sec.at("AccessControl");
        ac.at("Library").attr("path", "dds_security_ac").attr("initFunction", "init_access_control")
                .attr("finalizeFunction", "finalize_access_control");
        ac.at("PermissionsCA").text(uri(f.permissionsCa()));
        ac.at("Governance").text(uri(f.governance()));
        ac.at("Permissions").text(uri(f.permissions()));
        sec.at("Cryptographic/Library").attr("path", "dds_security_crypto").attr("initFunction", "init_crypto")
                .attr("finalizeFunction", "finalize_crypto");
        notes.add("Security: the governance and permissions must be signed by the permissions CA (S/MIME); "
                + "every participant of the domain needs the same identity CA.");
    }

    /** Cyclone wants URIs ("file:/path"); a plain path becomes one. */
    static String uri(String pathOrUri) {
        if (pathOrUri == null || pathOrUri.isBlank()) {
            throw new IllegalArgumentException("a DDS Security file is missing");
        }
        return pathOrUri.matches("^[a-z]+:.*") ? pathOrUri : "file:" + Path.of(pathOrUri).toAbsolutePath();
    }
}
