package org.ddstuner.remote;

import java.util.regex.Pattern;

/**
 * A saved "Remote agent" connection: where a {@code ddstuner serve} listens. Its token is not part of it — the
 * desktop keeps tokens in Eclipse secure storage, never in the plain profile file — and its certificate is pinned in
 * the known-agents file on first use, as ssh does.
 *
 * @param name shown to the person; unique among profiles and open connections
 * @param host the agent's address or name (an ssh tunnel's 127.0.0.1 is fine)
 * @param port its port
 * @param caFile trust the agent because a CA in this file (PEM) signed its certificate, instead of pinning it;
 *               {@code null}: pin on first use
 * @param clientCert log in with this PKCS#12 client certificate (its password, if any, in the file next to it named
 *               {@code <file>.pass}, as the agent keeps {@code agent.p12.pass}) instead of the token, at an agent
 *               started with {@code --client-ca}; {@code null}: the token
 */
public record AgentProfile(String name, String host, int port, java.nio.file.Path caFile,
        java.nio.file.Path clientCert) {

    /** Pinning on first use, no CA. */
    public AgentProfile(String name, String host, int port) {
        this(name, host, port, null, null);
    }

    /** No client certificate. */
    public AgentProfile(String name, String host, int port, java.nio.file.Path caFile) {
        this(name, host, port, caFile, null);
    }

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\-]+");

    public AgentProfile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A connection needs a name.");
        }
        name = name.strip();
        host = host == null ? "" : host.strip();
        if (host.isEmpty()) {
            throw new IllegalArgumentException("Give the agent's address as HOST:PORT (e.g. 10.0.0.5:7700).");
        }
        if (!HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("Not a host name or address: \"" + host + "\".");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("The agent's port must be 1…65535, not " + port + ".");
        }
    }

    /**
     * Parses "HOST:PORT" ("[v6]:PORT" for an IPv6 address) as typed into the dialog.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static AgentProfile parse(String name, String address) {
        String a = address == null ? "" : address.strip();
        int colon = a.lastIndexOf(':');
        if (a.isEmpty() || colon <= 0 || colon == a.length() - 1) {
            throw new IllegalArgumentException("Give the agent's address as HOST:PORT (e.g. 10.0.0.5:7700).");
        }
        String host = a.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("Write an IPv6 address in brackets: [" + host + "]:PORT.");
        }
        int port;
        try {
            port = Integer.parseInt(a.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not a port number: \"" + a.substring(colon + 1) + "\".");
        }
        return new AgentProfile(name, host, port);
    }

    /** "host:port" as pinned in the known-agents file ({@link ClientOptions#agent()}). */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** The same profile trusting the CA in {@code f} ({@code null}: pinning). */
    public AgentProfile withCaFile(java.nio.file.Path f) {
        return new AgentProfile(name, host, port, f, clientCert);
    }

    /** The same profile logging in with the PKCS#12 client certificate {@code f} ({@code null}: the token). */
    public AgentProfile withClientCert(java.nio.file.Path f) {
        return new AgentProfile(name, host, port, caFile, f);
    }

    /** The client certificate's password: the first line of {@code <clientCert>.pass}, {@code null} without one. */
    public String clientCertPassword() {
        java.nio.file.Path pass = clientCert == null ? null : clientCert.resolveSibling(clientCert.getFileName()
                + ".pass");
        try {
            return pass != null && java.nio.file.Files.isReadable(pass) ? java.nio.file.Files.readString(pass).strip()
                    : null;
        } catch (java.io.IOException e) {
            return null; // then the key store cannot be opened, and the connection says so
        }
    }

    /**
     * Client options for this agent with {@code token}, pinning in the desktop's known-agents file: the CLI's
     * {@code ~/.ddstuner/known-agents}, or the one in {@code ddstuner.home} when that is set (tests).
     */
    public ClientOptions clientOptions(String token) {
        String home = System.getProperty("ddstuner.home");
        ClientOptions o = ClientOptions.of(host, port, token).withClientName("ddstuner desktop");
        o = caFile == null ? o : o.withCaFile(caFile);
        o = clientCert == null ? o : o.withClientCert(clientCert, clientCertPassword());
        return home == null ? o : o.withKnownAgents(java.nio.file.Path.of(home, "known-agents"));
    }
}
