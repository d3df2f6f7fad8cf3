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
import org.ddstuner.config.scenario.Throughput;
import org.ddstuner.config.scenario.Tls;
import org.ddstuner.config.scenario.ToolPermissions;

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
            "  tcp                 the TCP transport with unicast peers (--peer --tcp-port; TLS: --tls-keystore --tls-self-signed)",
            "  shared-memory       Iceoryx shared memory between processes on a host, Cyclone 0.10.x (needs iox-roudi; "
                    + "keep-last history) (--interface --peer --processes)",
            "  security            DDS Security plugins with the given files (--identity-ca --identity-certificate "
                    + "--private-key --permissions-ca --governance --permissions); with --tool-subject DN the file is "
                    + "DDS Tuner's own: it writes subscribe-only permissions for DN (no publish rule, default DENY) to "
                    + "--permissions, signed with --permissions-ca-key (else it prints the openssl line)",
            "Throughput, with any scenario: --writer-history default|bulk|small, --delivery sync|async, or the elements "
                    + "themselves (--whc-high --whc-low --whc-adaptive --sync-delivery-latency-bound "
                    + "--sync-delivery-priority-threshold; WhcHighInit follows so that Cyclone accepts them).",
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
    @Option(names = "--tool-subject", paramLabel = "DN", description = "security: the configuration is DDS Tuner's: "
            + "write subscribe-only permissions for the tool's certificate subject DN (e.g. \"CN=ddstuner,O=Example\") "
            + "as --permissions (NAME.p7s; the document itself as NAME.xml beside it).")
    String toolSubject;
    @Option(names = "--permissions-ca-key", paramLabel = "FILE", description = "With --tool-subject: the permissions "
            + "CA's private key, to sign the tool's permissions with openssl (without it the command is printed).")
    Path permissionsCaKey;
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

    @Option(names = "--tls-keystore", paramLabel = "PEM", description = "tcp: TLS 1.3 on every connection with this "
            + "node's certificate and private key (one PEM file; needs a libddsc built with SSL, as Debian's 0.10.2 is).")
    String tlsKeystore;
    @Option(names = "--tls-self-signed", description = "With --tls-keystore: accept self-signed certificates (tests).")
    boolean tlsSelfSigned;
    @Option(names = "--writer-history", paramLabel = "PRESET", description = "Throughput: how much a reliable writer "
            + "may have unacknowledged: default (Cyclone's, 500 kB adaptive), bulk (4 MiB fixed: sustained streams, long "
            + "round trips), small (64 kB: small devices, slow links).")
    String writerHistory;
    @Option(names = "--delivery", paramLabel = "MODE", description = "Throughput: sync (Cyclone's default: on the "
            + "receive thread, lowest latency) or async (a delivery queue: the receive thread keeps draining the socket "
            + "while readers are slow; writers with transport priority >= 1 stay synchronous).")
    String delivery;
    @Option(names = "--whc-high", paramLabel = "SIZE", description = "Internal/Watermarks/WhcHigh, e.g. \"2 MiB\".")
    String whcHigh;
    @Option(names = "--whc-low", paramLabel = "SIZE", description = "Internal/Watermarks/WhcLow, e.g. \"512 kB\".")
    String whcLow;
    @Option(names = "--whc-adaptive", paramLabel = "BOOL", description = "Internal/Watermarks/WhcAdaptive: true or false.")
    Boolean whcAdaptive;
    @Option(names = "--sync-delivery-latency-bound", paramLabel = "DURATION",
            description = "Internal/SynchronousDeliveryLatencyBound, e.g. \"1 ms\" or inf.")
    String syncLatencyBound;
    @Option(names = "--sync-delivery-priority-threshold", paramLabel = "N",
            description = "Internal/SynchronousDeliveryPriorityThreshold (a transport priority).")
    Integer syncPriorityThreshold;

    @Override
    public Integer call() {
        Scenario s = Scenario.byId(scenario).orElseThrow(() -> new CliException(Main.EXIT_USAGE,
                "ddstuner config new: unknown scenario " + scenario + " (one of: " + Scenario.ids() + ")"));
        ScenarioOptions.SecurityFiles sec = null;
        if (s == Scenario.SECURITY) {
            sec = new ScenarioOptions.SecurityFiles(need(identityCa, "--identity-ca"),
                    need(identityCertificate, "--identity-certificate"), need(privateKey, "--private-key"),
                    need(permissionsCa, "--permissions-ca"), need(governance, "--governance"), need(permissions, "--permissions"));
        }
        ScenarioOptions o = new ScenarioOptions(domainId, networkInterface, peers, processes, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBuffer, tcpPort, sec, tracing, traceFile, monitorPort,
                throughput(), tlsKeystore == null ? null : new Tls(tlsKeystore, null, tlsSelfSigned, true));
        if (!nodes.isEmpty()) {
            return deployment(s, o);
        }
        List<Path> toolFiles = toolPermissions(s);
        try {
            int code = single(s, o);
            if (code != Main.EXIT_OK) {
                delete(toolFiles);
            }
            return code;
        } catch (RuntimeException e) {
            delete(toolFiles);
            throw e;
        }
    }

    /**
     * With --tool-subject: the subscribe-only permissions for the tool, written (and signed) before the check, which
     * needs them; returns what was written so a rejected configuration leaves nothing behind.
     */
    private List<Path> toolPermissions(Scenario s) {
        if (toolSubject == null) {
            if (permissionsCaKey != null) {
                throw new CliException(Main.EXIT_USAGE, "ddstuner config new: --permissions-ca-key goes with --tool-subject");
            }
            return List.of();
        }
        if (s != Scenario.SECURITY) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: --tool-subject goes with --scenario security");
        }
        Path p7s = Path.of(permissions);
        List<Integer> domains = domainId.matches("\\d+") ? List.of(Integer.parseInt(domainId)) : List.of();
        try {
            Path xml = ToolPermissions.write(p7s, toolSubject, domains, permissionsCa, permissionsCaKey);
            var err = config.root.err;
            if (permissionsCaKey == null) {
                err.println("note: subscribe-only permissions for " + toolSubject + " written to " + xml
                        + "; sign them into " + p7s + " before use:");
                err.println(ToolPermissions.signCommand(xml.toString(), p7s.toString(), permissionsCa, "PERMISSIONS_CA_KEY"));
                return List.of(xml);
            }
            err.println("note: subscribe-only permissions for " + toolSubject + " (no publish rule, default DENY) "
                    + "written to " + xml + " and signed into " + p7s);
            return List.of(xml, p7s);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "ddstuner config new: --tool-subject: " + e.getMessage());
        }
    }

    private static void delete(List<Path> files) {
        for (Path f : files) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                // best effort: the rejection is what the person needs to see
            }
        }
    }

    private int single(Scenario s, ScenarioOptions o) {
        var err = config.root.err;
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

    /** The presets with the single-element options over them; null when none was given (nothing written). */
    private Throughput throughput() {
        Throughput.History h = writerHistory == null ? null : Throughput.History.byId(writerHistory).orElseThrow(
                () -> new CliException(Main.EXIT_USAGE, "ddstuner config new: --writer-history is default, bulk or small"));
        Throughput.Delivery d = delivery == null ? null : Throughput.Delivery.byId(delivery).orElseThrow(
                () -> new CliException(Main.EXIT_USAGE, "ddstuner config new: --delivery is sync or async"));
        Throughput t = Throughput.of(h, d).overriddenBy(new Throughput(whcHigh, whcLow, whcAdaptive, syncLatencyBound,
                syncPriorityThreshold));
        return t.isDefault() ? null : t;
    }

    private static String need(String v, String option) {
        if (v == null || v.isBlank()) {
            throw new CliException(Main.EXIT_USAGE, "ddstuner config new: scenario security needs " + option);
        }
        return v;
    }
}
