package org.ddstuner.connection;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.ddstuner.dds.InvalidConfigException;

/**
 * How a connection that joins a remote domain directly reaches it (issue 15, way 1), on top of the profile's
 * configuration kind: the network interface Cyclone uses, its transport (UDP, or TCP for networks that pass only
 * TCP), and DDS Security (a secured domain). Applies to the configurations the tool generates for
 * {@link ConnectionProfile.ConfigKind#PEERS} and {@link ConnectionProfile.ConfigKind#DEFAULT}; loopback-only, custom
 * XML and file configurations say everything themselves. {@link #NONE} changes nothing.
 *
 * @param networkInterface a network interface name ({@code eth0}) or an address of it; "" = Cyclone's choice
 * @param transport        UDP (Cyclone's default) or TCP
 * @param tcpPort          with TCP: the port this participant listens on; 0 = any free one (enough for a tool that
 *                         names its peers with their ports: they answer over its connection)
 * @param security         DDS Security files, or {@code null} for an unsecured domain
 */
public record NetworkOptions(String networkInterface, Transport transport, int tcpPort, Security security) {

    /** Cyclone's {@code General/Transport}. */
    public enum Transport {
        UDP, TCP
    }

    /**
     * The files of a secured domain, as {@code file:} URIs in Cyclone's {@code Domain/Security}: the identity CA's
     * certificate, this participant's certificate and private key (signed by that CA), the permissions CA's
     * certificate, and the signed (S/MIME) governance and permissions documents. libddsc loads its security
     * plug-ins ({@code libdds_security_auth}, {@code _ac}, {@code _crypto}) by these short names.
     */
    public record Security(Path identityCa, Path identityCertificate, Path privateKey, Path permissionsCa,
            Path governance, Path permissions) {

        /** The conventional file names in one folder (what {@code ddstuner … --security DIR} reads). */
        public static final List<String> FILE_NAMES = List.of("identity_ca.pem", "identity.pem", "identity_key.pem",
                "permissions_ca.pem", "governance.p7s", "permissions.p7s");

        public static Security inDirectory(Path dir) {
            return new Security(dir.resolve(FILE_NAMES.get(0)), dir.resolve(FILE_NAMES.get(1)),
                    dir.resolve(FILE_NAMES.get(2)), dir.resolve(FILE_NAMES.get(3)), dir.resolve(FILE_NAMES.get(4)),
                    dir.resolve(FILE_NAMES.get(5)));
        }

        List<Path> files() {
            return List.of(identityCa, identityCertificate, privateKey, permissionsCa, governance, permissions);
        }
    }

    public static final NetworkOptions NONE = new NetworkOptions("", Transport.UDP, 0, null);
    private static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9._:@\\-]+");

    public NetworkOptions {
        networkInterface = networkInterface == null ? "" : networkInterface.strip();
        transport = transport == null ? Transport.UDP : transport;
        if (tcpPort < 0 || tcpPort > 65535) {
            throw new IllegalArgumentException("The TCP port must be 0 to 65535, not " + tcpPort + ".");
        }
    }

    public boolean isNone() {
        return equals(NONE);
    }

    /** "interface eth0, TCP, secured" or "". */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        if (!networkInterface.isEmpty()) {
            sb.append("interface ").append(networkInterface);
        }
        if (transport == Transport.TCP) {
            sb.append(sb.isEmpty() ? "" : ", ").append("TCP").append(tcpPort > 0 ? " port " + tcpPort : "");
        }
        if (security != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("secured");
        }
        return sb.toString();
    }

    /** Elements for {@code Domain/General} (interface, transport). */
    String generalXml() {
        StringBuilder sb = new StringBuilder();
        if (!networkInterface.isEmpty()) {
            if (!INTERFACE.matcher(networkInterface).matches()) {
                throw new InvalidConfigException("Not an interface name or address: \"" + networkInterface + "\".", -1,
                        -1, null);
            }
            // an address is given as address=, a name as name= (Cyclone 0.10 takes either)
            boolean address = networkInterface.matches("[0-9.]+") || networkInterface.contains(":");
            sb.append("\n      <Interfaces><NetworkInterface ").append(address ? "address" : "name").append("=\"")
                    .append(networkInterface).append("\"/></Interfaces>");
        }
        if (transport == Transport.TCP) {
            sb.append("\n      <Transport>tcp</Transport>");
        }
        return sb.toString();
    }

    /** Elements for {@code Domain} itself (TCP port, security). */
    String domainXml() {
        StringBuilder sb = new StringBuilder();
        if (transport == Transport.TCP) {
            sb.append("\n    <Tcp><Port>").append(tcpPort == 0 ? -1 : tcpPort).append("</Port></Tcp>");
        }
        if (security != null) {
            for (Path p : security.files()) {
                if (p == null) {
                    throw new InvalidConfigException("A secured domain needs all six files: "
                            + String.join(", ", Security.FILE_NAMES) + ".", -1, -1, null);
                }
            }
            sb.append("""

                        <Security>
                          <Authentication>
                            <Library path="dds_security_auth" initFunction="init_authentication" finalizeFunction="finalize_authentication"/>
                            <IdentityCA>%s</IdentityCA>
                            <IdentityCertificate>%s</IdentityCertificate>
                            <PrivateKey>%s</PrivateKey>
                          </Authentication>
                          <AccessControl>
                            <Library path="dds_security_ac" initFunction="init_access_control" finalizeFunction="finalize_access_control"/>
                            <PermissionsCA>%s</PermissionsCA>
                            <Governance>%s</Governance>
                            <Permissions>%s</Permissions>
                          </AccessControl>
                          <Cryptographic>
                            <Library path="dds_security_crypto" initFunction="init_crypto" finalizeFunction="finalize_crypto"/>
                          </Cryptographic>
                        </Security>""".formatted(uri(security.identityCa()), uri(security.identityCertificate()),
                    uri(security.privateKey()), uri(security.permissionsCa()), uri(security.governance()),
                    uri(security.permissions())));
        }
        return sb.toString();
    }

    private static String uri(Path p) {
        // file: plus the absolute path, XML-escaped (a path may hold & or <)
        return ("file:" + p.toAbsolutePath().normalize()).replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;");
    }
}
