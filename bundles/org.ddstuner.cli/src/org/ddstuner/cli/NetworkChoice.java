package org.ddstuner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.ddstuner.connection.NetworkOptions;

/**
 * Checks --interface, --transport, --tcp-port and --security (joining a remote domain directly, issue 15 way 1) before
 * Cyclone sees them: Cyclone only logs a security file it cannot read and then fails to create the domain, so a
 * missing file is named here, with the folder's expected file names.
 */
final class NetworkChoice {

    private NetworkChoice() {
    }

    static NetworkOptions of(String networkInterface, String transport, String tcpPort, String security) {
        NetworkOptions.Transport t = NetworkOptions.Transport.UDP;
        if (transport != null) {
            try {
                t = NetworkOptions.Transport.valueOf(transport.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CliException(Main.EXIT_USAGE, "--transport needs udp or tcp, not \"" + transport + "\".");
            }
        }
        int port = 0;
        if (tcpPort != null) {
            if (t != NetworkOptions.Transport.TCP) {
                throw new CliException(Main.EXIT_USAGE, "--tcp-port needs --transport tcp.");
            }
            port = OptionValues.wholeNumber("--tcp-port", tcpPort, 1, 65535);
        }
        NetworkOptions.Security sec = null;
        if (security != null) {
            Path dir = Path.of(security);
            if (!Files.isDirectory(dir)) {
                throw new CliException(Main.EXIT_USAGE, "--security needs a folder with "
                        + String.join(", ", NetworkOptions.Security.FILE_NAMES) + "; " + security + " is none.");
            }
            sec = NetworkOptions.Security.inDirectory(dir);
            for (String f : NetworkOptions.Security.FILE_NAMES) {
                if (!Files.isReadable(dir.resolve(f))) {
                    throw new CliException(Main.EXIT_USAGE, "--security " + security + ": " + f + " is missing or "
                            + "unreadable (a secured domain needs " + String.join(", ",
                                    NetworkOptions.Security.FILE_NAMES) + ").");
                }
            }
        }
        String ifc = networkInterface == null ? "" : networkInterface.strip();
        if (networkInterface != null && ifc.isEmpty()) {
            throw new CliException(Main.EXIT_USAGE, "--interface needs an interface name or address.");
        }
        return new NetworkOptions(ifc, t, port, sec);
    }
}
