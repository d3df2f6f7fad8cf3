package org.ddstuner.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.ScenarioWriter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner config new --scenario NAME}: a deployment's Cyclone configuration by scenario, checked by Cyclone. */
@Command(name = "new", description = { "Write a Cyclone DDS configuration for a deployment scenario.",
        "The XML goes to --output (or stdout); what the choices do, warnings and sysctl lines go to stderr. Before "
                + "anything is written the file is checked by the loaded libddsc in a private network namespace "
                + "(as config check does); a file Cyclone rejects is not written (--no-check skips the check)." },
        footerHeading = "%nScenarios (and their own options):%n",
        footer = { "  loopback-dev        everything on this host, nothing on the network (--processes)",
            "  unicast-peers       known hosts, multicast off (--interface --peer --processes)",
            "  multicast-lan       one LAN with multicast discovery (--interface --multicast-ttl)",
            "  multi-process-host  many processes per host, unicast, participant indices sized (--interface --peer --processes)",
            "  large-data          big messages, socket buffers; checks net.core.rmem_max/wmem_max and prints the sysctl lines "
                    + "(--socket-buffer --max-message-size --fragment-size)",
            "  tcp                 the TCP transport with unicast peers (--peer --tcp-port)",
            "  shared-memory       Iceoryx shared memory between processes on a host, Cyclone 0.10.x (needs iox-roudi; "
                    + "keep-last history) (--interface --peer --processes)",
            "  security            DDS Security plugins with the given files (--identity-ca --identity-certificate "
                    + "--private-key --permissions-ca --governance --permissions)",
            "Common: --domain-id --spdp-interval --lease-duration --tracing --trace-file --monitor-port (serves "
                    + "unauthenticated: it warns)." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:Cyclone rejects the generated file (nothing written)",
            "2:usage error (unknown scenario, a missing option)", "3:no check possible (unshare; use --no-check)" })
final class ConfigNewCli implements Callable<Integer> {

    /** The scenario names for completion and ${COMPLETION-CANDIDATES}. */
    static final class Scenarios implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return java.util.Arrays.stream(Scenario.values()).map(Scenario::id).iterator();
        }
    }

    @ParentCommand
    ConfigCli config;
    @Mixin
    SharedOptions.Help help;

    @Option(names = "--scenario", required = true, paramLabel = "NAME", completionCandidates = Scenarios.class,
            description = "One of: ${COMPLETION-CANDIDATES}.")
    String scenario;
    @Option(names = { "-o", "--output" }, paramLabel = "FILE", description = "Write the XML here (default: stdout).")
    Path output;
    @Option(names = "--domain-id", paramLabel = "ID", defaultValue = "any", description = "Domain[@Id]: a number or any (default).")
    String domainId;
    @Option(names = "--interface", paramLabel = "NAME|ADDRESS", description = "The network interface (default: Cyclone picks).")
    String networkInterface;
    @Option(names = "--peer", paramLabel = "ADDRESS", description = "A unicast peer (repeat for each host).")
    List<String> peers = new ArrayList<>();
    @Option(names = "--processes", paramLabel = "N", defaultValue = "10",
            description = "DDS processes per host: sizes the participant index range (default: 10).")
    int processes;
    @Option(names = "--spdp-interval", paramLabel = "DURATION", description = "Participant announcement period, e.g. \"5 s\".")
    String spdpInterval;
    @Option(names = "--lease-duration", paramLabel = "DURATION", description = "Participant lease, e.g. \"10 s\".")
    String leaseDuration;
    @Option(names = "--multicast-ttl", paramLabel = "N", description = "multicast-lan: hops multicast may cross (0-255).")
    Integer multicastTtl;
    @Option(names = "--max-message-size", paramLabel = "SIZE", description = "large-data: e.g. \"65500 B\" (default).")
    String maxMessageSize;
    @Option(names = "--fragment-size", paramLabel = "SIZE", description = "large-data: e.g. \"62 KiB\" (default).")
    String fragmentSize;
    @Option(names = "--socket-buffer", paramLabel = "BYTES", description = "large-data: socket buffer size (default 8 MiB).")
    long socketBuffer;
    @Option(names = "--tcp-port", paramLabel = "PORT", defaultValue = "-1", description = "tcp: the port this node listens on.")
    int tcpPort;
    @Option(names = "--identity-ca", paramLabel = "FILE", description = "security: the identity CA certificate.")
    String identityCa;
    @Option(names = "--identity-certificate", paramLabel = "FILE", description = "security: this node's certificate.")
    String identityCertificate;
    @Option(names = "--private-key", paramLabel = "FILE", description = "security: this node's private key.")
    String privateKey;
    @Option(names = "--permissions-ca", paramLabel = "FILE", description = "security: the permissions CA certificate.")
    String permissionsCa;
    @Option(names = "--governance", paramLabel = "FILE", description = "security: the signed governance document.")
    String governance;
    @Option(names = "--permissions", paramLabel = "FILE", description = "security: the signed permissions document.")
    String permissions;
    @Option(names = "--tracing", paramLabel = "VERBOSITY", description = "Cyclone trace: config, fine, finer, finest.")
    String tracing;
    @Option(names = "--trace-file", paramLabel = "FILE", description = "Where the trace goes.")
    String traceFile;
    @Option(names = "--monitor-port", paramLabel = "PORT",
            description = "Internal/MonitorPort (0: any). Serves JSON over plain HTTP, unauthenticated.")
    Integer monitorPort;
    @Option(names = "--no-check", description = "Do not have Cyclone check the file first.")
    boolean noCheck;
    @Option(names = "--node", paramLabel = "NAME=ADDRESS", description = "A deployment: one file per node (repeat; "
            + "with --output-dir), each naming its own interface and the other nodes as peers.")
    java.util.Map<String, String> nodes = new java.util.LinkedHashMap<>();
    @Option(names = "--output-dir", paramLabel = "DIR", description = "With --node: write DIR/NAME.xml per node.")
    Path outputDir;

    @Override
    public Integer call() {
        var err = config.root.err;
        Scenario s = Scenario.byId(scenario).orElseThrow(() -> new CliException(Main.EXIT_USAGE,
                "ddstuner config new: unknown scenario " + scenario + " (one of: " + Scenario.ids() + ")"));
        ScenarioOptions.SecurityFiles sec = null;
        if (s == Scenario.SECURITY) {
            sec = new ScenarioOptions.SecurityFiles(need(identityCa, "--identity-ca"),
                    need(identityCertificate, "--identity-certificate"), need(privateKey, "--private-key"),
                    need(permissionsCa, "--permissions-ca"), need(governance, "--governance"), need(permissions, "--permissions"));
        }
        ScenarioOptions o = new ScenarioOptions(domainId, networkInterface, peers, processes, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBuffer, tcpPort, sec, tracing, traceFile, monitorPort);
        if (!nodes.isEmpty()) {
            return deployment(s, o);
        }
        GeneratedConfig g;
        try {
            g = ScenarioWriter.write(s, o);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: " + e.getMessage());
        }
        if (!noCheck) {
            CheckReport r;
            try {
                r = ConfigChecker.withDefaultLibrary().check(g.xml(), output == null ? s.id() + ".xml" : output.toString());
            } catch (CycloneJudge.UnavailableException e) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config new: cannot check the file: " + e.getMessage()
                        + " (--no-check writes it unchecked)");
            }
            if (!r.valid()) {
                r.problems().forEach(p -> err.println(p.format(r.file())));
                err.println("ddstuner config new: Cyclone " + r.libraryVersion() + " rejects the generated file; nothing written");
                return Main.EXIT_EXPECTATION;
            }
            r.of(ConfigProblem.Kind.INTERFACE_MISSING).forEach(p -> err.println("note: " + p.message()
                    + " (fine if the file is for another node)"));
            err.println("checked: Cyclone " + r.libraryVersion() + " accepts it");
        }
        g.notes().forEach(n -> err.println("note: " + n));
        g.warnings().forEach(w -> err.println("WARNING: " + w));
        g.sysctlLines().forEach(err::println);
        if (output == null) {
            config.root.out.print(g.xml());
            return Main.EXIT_OK;
        }
        try {
            Files.writeString(output, g.xml(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: cannot write " + output + ": " + e.getMessage());
        }
        config.root.out.println(GeneratedConfig.cycloneddsUri(output));
        return Main.EXIT_OK;
    }

    /** One checked file per node; nothing is written unless Cyclone accepts every one. */
    private int deployment(Scenario s, ScenarioOptions o) {
        var err = config.root.err;
        if (outputDir == null) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: --node needs --output-dir");
        }
        java.util.Map<String, GeneratedConfig> files;
        try {
            files = org.ddstuner.config.scenario.Deployment.write(s, o, nodes,
                    org.ddstuner.config.scenario.SocketLimits.ofThisHost());
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: " + e.getMessage());
        }
        boolean allValid = true;
        for (var e : files.entrySet()) {
            Path f = outputDir.resolve(e.getKey() + ".xml");
            if (noCheck) {
                continue;
            }
            try {
                CheckReport r = ConfigChecker.withDefaultLibrary().check(e.getValue().xml(), f.toString());
                r.problems().forEach(p -> err.println(p.format(r.file())
                        + (p.kind() == ConfigProblem.Kind.INTERFACE_MISSING ? " (this host; node " + e.getKey() + ")" : "")));
                allValid &= r.valid();
            } catch (CycloneJudge.UnavailableException ex) {
                throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config new: cannot check the files: "
                        + ex.getMessage() + " (--no-check writes them unchecked)");
            }
        }
        if (!allValid) {
            err.println("ddstuner config new: Cyclone rejects a node's file; nothing written");
            return Main.EXIT_EXPECTATION;
        }
        try {
            Files.createDirectories(outputDir);
            for (var e : files.entrySet()) {
                Path f = outputDir.resolve(e.getKey() + ".xml");
                Files.writeString(f, e.getValue().xml(), StandardCharsets.UTF_8);
                config.root.out.println(e.getKey() + ": " + GeneratedConfig.cycloneddsUri(f));
            }
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: cannot write to " + outputDir + ": " + e.getMessage());
        }
        files.values().iterator().next().warnings().forEach(w -> err.println("WARNING: " + w));
        return Main.EXIT_OK;
    }

    private static String need(String v, String option) {
        if (v == null || v.isBlank()) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: scenario security needs " + option);
        }
        return v;
    }
}
