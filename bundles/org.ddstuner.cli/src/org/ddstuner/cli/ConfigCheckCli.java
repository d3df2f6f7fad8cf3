package org.ddstuner.cli;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.remote.HostInterfacesOperation;
import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteRefusedException;

import com.fasterxml.jackson.core.JsonGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner config check FILE}: Cyclone's verdict on a configuration file, each problem at its line. */
@Command(name = "check", description = { "Cyclone's own verdict on a configuration file.",
        "The file goes to the loaded libddsc (or --library) in a child process inside a new private network "
                + "namespace (unshare) with stand-ins for the interfaces the file names: a domain is created without "
                + "any way to reach this host's network. Prints FILE:LINE: element: message per problem. Interfaces "
                + "this host lacks are reported apart (\"this host\"): the file may be for another node. With "
                + "--node-remote HOST:PORT the interfaces are those of that node, asked from the agent ddstuner serve "
                + "runs there (read-only operation host-interfaces)." },
        exitCodeList = { "0:valid (Cyclone accepts it; warnings and missing interfaces of this host are printed)",
            "1:invalid: not well-formed, or Cyclone rejects it", "2:unreadable file or usage error",
            "3:no verdict: a private network namespace could not be made (unshare) or libddsc failed; or the "
                    + "--node-remote agent cannot be reached or does not list its interfaces",
            DdsTunerCli.EXIT_4 })
final class ConfigCheckCli implements Callable<Integer> {

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Help help;
    @Parameters(paramLabel = "FILE", description = "The Cyclone DDS configuration XML.")
    Path file;
    @Option(names = "--library", paramLabel = "LIBDDSC", description = "Judge with this libddsc file (e.g. a 11.x one) "
            + "instead of the one DDS Tuner loads.")
    Path library;
    @Option(names = "--node-remote", paramLabel = "HOST:PORT", description = "Check the interfaces the file names "
            + "against that node's, listed by the agent ddstuner serve runs there (TLS 1.3), instead of this host's; "
            + "needs --token-file.")
    String nodeRemote;
    @Option(names = "--token-file", paramLabel = "F", description = "With --node-remote: the agent's token (a copy of "
            + "its --token-file).")
    String tokenFile;
    @Option(names = "--trust-fingerprint", paramLabel = "SHA256", description = "With --node-remote: accept (and pin) "
            + "this certificate fingerprint although another one is pinned for the agent.")
    String trustFingerprint;
    @Option(names = "--known-agents", paramLabel = "F", description = "With --node-remote: where agents' certificates "
            + "are pinned (default: $" + SharedOptions.Remote.KNOWN_AGENTS_ENV + ", else ~/.ddstuner/known-agents).")
    String knownAgents;

    @Override
    public Integer call() {
        if (!Files.isReadable(file) || Files.isDirectory(file)) {
            config.root.err.println("ddstuner config check: cannot read " + file);
            return Main.EXIT_USAGE;
        }
        if (nodeRemote == null && (tokenFile != null || trustFingerprint != null || knownAgents != null)) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config check: --token-file, --trust-fingerprint and "
                    + "--known-agents go with --node-remote HOST:PORT");
        }
        NodeInterfaces node = nodeRemote == null ? NodeInterfaces.thisHost() : nodeInterfaces();
        CheckReport r;
        try {
            r = new ConfigChecker(new CycloneJudge(library)).check(file, node);
        } catch (IOException e) {
            config.root.err.println("ddstuner config check: cannot read " + file + ": " + e.getMessage());
            return Main.EXIT_USAGE;
        } catch (CycloneJudge.UnavailableException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config check: no verdict: " + e.getMessage());
        }
        if (json.json) {
            config.root.out.println(toJson(r));
        } else {
            for (ConfigProblem p : r.problems()) {
                String line = p.format(r.file());
                config.root.out.println(switch (p.kind()) {
                    case WARNING -> line + " (warning)";
                    case INTERFACE_MISSING -> line + " (" + node.where() + ")";
                    default -> line;
                });
            }
            config.root.err.println(r.file() + ": " + (r.valid() ? "valid" : "INVALID")
                    + (r.libraryVersion() == null ? " (not well-formed XML: Cyclone never saw it)"
                            : " for Cyclone " + r.libraryVersion()));
        }
        return r.valid() ? Main.EXIT_OK : Main.EXIT_EXPECTATION;
    }

    /** The node's interfaces from its agent; exit 4 when it refuses us, 3 when it cannot be reached or asked. */
    private NodeInterfaces nodeInterfaces() {
        SharedOptions.Remote r = new SharedOptions.Remote();
        r.remote = nodeRemote;
        r.tokenFile = tokenFile;
        r.trustFingerprint = trustFingerprint;
        r.knownAgents = knownAgents;
        ClientOptions o = r.clientOptions();
        try (RemoteClient client = RemoteClient.connect(o)) {
            if (client.pinnedNow()) {
                config.root.err.println("ddstuner: pinned the certificate of the agent at " + o.agent()
                        + ", fingerprint " + client.fingerprint() + ", in " + o.knownAgents());
            }
            return HostInterfacesOperation.fetch(client, "node " + nodeRemote, Duration.ofSeconds(20));
        } catch (RemoteRefusedException e) {
            throw new CliException(Main.EXIT_REFUSED, "ddstuner config check: --node-remote " + nodeRemote
                    + " refused (" + e.code() + "): " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config check: --node-remote " + nodeRemote
                    + ": " + e.getMessage());
        }
    }

    static String toJson(CheckReport r) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = StrictJson.generator(w)) {
            g.writeStartObject();
            g.writeStringField("file", r.file());
            g.writeBooleanField("valid", r.valid());
            g.writeStringField("library", r.libraryVersion());
            g.writeStringField("isolation", r.isolation());
            g.writeArrayFieldStart("problems");
            for (ConfigProblem p : r.problems()) {
                g.writeStartObject();
                g.writeNumberField("line", p.line());
                g.writeStringField("element", p.element());
                g.writeStringField("message", p.message());
                g.writeStringField("kind", p.kind().name().toLowerCase(java.util.Locale.ROOT));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }
}
