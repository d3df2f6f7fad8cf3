package org.ddstuner.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import org.ddstuner.config.remote.HostInterfacesOperation;
import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.pother.remote.PotherOperations;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code ddstuner serve}: the remote agent. Joins the domain and serves its model (and samples) over TLS 1.3 to
 * clients with the token ({@code ls --remote …}, the desktop), until Ctrl-C / SIGTERM.
 */
@Command(name = "serve", abbreviateSynopsis = true,
        description = { "Serve this host's view of a domain to remote ddstuner clients (TLS 1.3, token).",
                "Joins the domain and serves its model to clients (ls/ps --remote HOST:PORT --token-file F) until "
                        + "Ctrl-C / SIGTERM. Makes its key pair (in --identity-dir) and the token file (mode 0600) at "
                        + "the first start; prints the address, the certificate's fingerprint and the token file." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, "3:environment (libddsc, --config, domain, the "
                + "address in use, the identity or token file cannot be made or read)" })
final class ServeCli implements Callable<Integer> {

    private static final Path AGENT_DIR = Path.of(System.getProperty("user.home"), ".ddstuner", "agent");

    @ParentCommand
    DdsTunerCli root;
    @Option(names = "--listen", required = true, paramLabel = "ADDR:PORT", description = "Where to listen, e.g. "
            + "127.0.0.1:7700 (reach it through an ssh tunnel) or a LAN address; port 0: any free one.")
    String listen;
    @Option(names = "--token-file", paramLabel = "F", description = "The clients' token; made (mode 0600) if missing "
            + "(default: ~/.ddstuner/agent/token).")
    String tokenFile;
    @Option(names = "--allow", paramLabel = "CAPS", description = "What clients may do beyond reading: write,qos,"
            + "benchmark (default: nothing).")
    String allow;
    @Option(names = "--client-ca", paramLabel = "F", description = "Also log in clients whose certificate (their "
            + "--client-cert) a CA in F (PEM or DER) signed, without the token.")
    String clientCa;
    @Option(names = "--audit-log", paramLabel = "F", description = "Append logins and requests to F (default: none).")
    String auditLog;
    @Option(names = "--identity-dir", paramLabel = "DIR", description = "The agent's key store; made at the first "
            + "start (default: ~/.ddstuner/agent).")
    String identityDir;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        AgentAddress at = AgentAddress.parse("--listen", listen, 0);
        Set<Capability> caps;
        try {
            caps = Capability.parse(allow);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "--allow: " + e.getMessage());
        }
        CliOptions o = new CliOptions();
        connection.into(o);
        Path dir = identityDir == null ? AGENT_DIR : Path.of(identityDir);
        ServerOptions so = ServerOptions.defaults(dir).withListen(new InetSocketAddress(at.host(), at.port()))
                .withCapabilities(caps);
        so = new ServerOptions(so.listen(), so.identityDir(), tokenFile == null ? so.tokenFile() : Path.of(tokenFile),
                auditLog == null ? null : Path.of(auditLog), so.capabilities(), so.maxFrameBytes(), so.maxClients(),
                so.clientQueue(), so.heartbeat(), so.loginTimeout(), so.loginBackoff(), so.writeStallLimit());
        if (clientCa != null) {
            if (!Files.isReadable(Path.of(clientCa))) {
                throw new CliException(Main.EXIT_USAGE, "--client-ca: cannot read " + clientCa);
            }
            so = so.withClientCa(Path.of(clientCa));
        }
        ConnectionProfile profile = o.profile("serve", 0, false);
        // the stop signal outermost: a Ctrl-C waits until the agent and the domain are closed
        try (StopSignal stop = StopSignal.install("serve")) {
            ConnectionManager manager = ConnectionManager.get();
            Connection c = manager.open(profile);
            try (RemoteServer server = serve(c, so)) {
                operations(c).forEach(server::register);
                InetSocketAddress a = server.address();
                root.out.println("READY serving domain " + profile.domainId() + " on " + a.getHostString() + ":"
                        + a.getPort() + ", fingerprint " + server.fingerprint() + ", token file "
                        + so.tokenFile().toAbsolutePath() + (clientCa == null ? "" : ", client CAs " + clientCa) + (caps.isEmpty() ? "" : ", allowing " + allow));
                root.out.flush();
                while (!stop.await(1000)) {
                    // serving happens on the server's threads; this one waits for Ctrl-C / SIGTERM
                }
            } finally {
                manager.close(c);
            }
            root.out.println("stopped");
            root.out.flush();
        }
        return Main.EXIT_OK;
    }

    /**
     * The operations this agent carries out for its clients beyond the model and sample streams (PROTOCOL.md,
     * "Requests"); each checks nothing itself: the capability each names is checked by the session. One line per
     * operation (or per bundle's set of them).
     */
    static List<Operation> operations(Connection c) {
        List<Operation> ops = new ArrayList<>();
        ops.add(new HostInterfacesOperation());
        ops.addAll(PotherOperations.of(c)); // pother-agents, -start, -stop, -reports (benchmark)
        ops.addAll(org.ddstuner.remote.ops.Operations.samples()); // type-info, write-sample (issue 15)
        ops.addAll(org.ddstuner.remote.ops.Operations.qos(c)); // list-qos, get-qos, set-qos, agent-stats (issue 15)
        ops.addAll(org.ddstuner.health.remote.WatchOperations.all()); // watch-start, -set, -events, -stop (issue 15)
        ops.addAll(org.ddstuner.qos.remote.EndpointOperations.of(c)); // own readers/writers, their QoS (issue 15)
        return ops;
    }

    private static RemoteServer serve(Connection c, ServerOptions so) {
        try {
            return RemoteServer.serve(c, so);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, e.getMessage());
        }
    }
}
