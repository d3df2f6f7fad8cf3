package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What picocli gives the CLI, checked as a person (and bash, and man) meets it: each command's --help names its
 * options, a typo gets a suggestion and exit 2, the completion script completes every sub-command and their
 * options in a real bash, and the man pages the product ships are the ones the model makes now and render with
 * man. Nothing here joins a domain.
 */
class CliHelpTest {

    /** The commands, each with options its --help must name (all of them for the commands' own options). */
    static final Map<String, List<String>> OPTIONS = Map.ofEntries(
            Map.entry("ls", List.of("--domain", "-d", "--config", "-c", "--peer", "--wait", "-w", "--json", "--all",
                    "--filter", "--regex", "--expect-topic", "--expect-participant", "--help", "--remote", "--token-file",
                    "--trust-fingerprint", "--known-agents", "--interface", "--transport", "--tcp-port", "--security")),
            Map.entry("ps", List.of("--domain", "--config", "--peer", "--wait", "--json", "--all", "--filter", "--regex",
                    "--expect-topic", "--expect-participant", "--remote", "--token-file")),
            Map.entry("serve", List.of("--listen", "--token-file", "--allow", "--audit-log", "--identity-dir", "--domain",
                    "--config", "--peer")),
            Map.entry("demo", List.of("--domain", "--config", "--peer", "--duration")),
            Map.entry("pother", List.of("--app-id", "--group-id", "--parent-pid", "--domain", "--config", "--duration")),
            Map.entry("pother-run", List.of("--transceiver-app", "--transponder-app", "--throughput", "--size", "--rate",
                    "--burst", "--count", "--period-ms", "--name", "--agent-wait", "--timeout", "--local", "--agents-transport",
                    "--reliability", "--history", "--transport-priority", "--latency-budget-us", "--runs-dir",
                    "--no-save", "--domain", "--config", "--peer", "--duration", "--remote", "--token-file")),
            Map.entry("pother-runs", List.of("--runs-dir", "--json", "csv ID")),
            Map.entry("pother-agents", List.of("--domain", "--config", "--wait", "--json", "--duration")),
            Map.entry("typeof", List.of("TOPIC", "--idl", "--ros-msg-path", "--type", "--json", "--domain", "--wait",
                    "--remote", "--token-file")),
            Map.entry("subscribe", List.of("TOPIC", "--count", "-n", "--timeout", "--filter", "--partition", "--json",
                    "--idl", "--ros-msg-path", "--type", "--domain", "--wait", "--remote", "--token-file", "--max-rate",
                    "--queue", "--interface", "--security")),
            Map.entry("publish", List.of("TOPIC", "--json", "--json-file", "--count", "--rate", "--dispose",
                    "--partition", "--idl", "--ros-msg-path", "--type", "--domain", "--wait", "--remote", "--token-file")),
            Map.entry("record", List.of("--topic", "--all", "--output", "--duration", "--repair", "--idl", "--domain",
                    "--config", "--wait", "--remote", "--token-file", "--max-rate", "--queue")),
            Map.entry("replay", List.of("F.mcap", "--speed", "--loop", "--topic", "--rename", "--qos", "--from", "--to",
                    "--duration", "--domain", "--config", "--wait", "--remote", "--token-file")),
            Map.entry("qos", List.of("caps", "show", "set", "override", "--help")),
            Map.entry("watch", List.of("--rules", "-r", "--topic", "--idl", "--ros-msg-path", "--duration", "--json",
                    "--domain", "--config", "--peer", "--remote", "--token-file")),
            Map.entry("config", List.of("new", "check", "explain", "try", "migrate", "--help")),
            Map.entry("version", List.of("--help")));

    /** The sub-commands of a group (qos), as GROUP-COMMAND (their man page's name), with options as above. */
    static final Map<String, List<String>> NESTED = Map.of(
            "config-new", List.of("--scenario", "--output", "--domain-id", "--interface", "--peer", "--processes",
                    "--spdp-interval", "--lease-duration", "--multicast-ttl", "--max-message-size", "--fragment-size",
                    "--socket-buffer", "--tcp-port", "--identity-ca", "--identity-certificate", "--private-key",
                    "--permissions-ca", "--governance", "--permissions", "--tracing", "--trace-file", "--monitor-port",
                    "--no-check", "--node", "--output-dir", "--tool-subject", "--permissions-ca-key", "--writer-history", "--delivery",
                    "--whc-high", "--whc-low", "--whc-adaptive", "--sync-delivery-latency-bound",
                    "--sync-delivery-priority-threshold", "--tls-keystore", "--tls-self-signed", "loopback-dev", "unicast-peers", "multicast-lan", "multi-process-host", "large-data",
                    "tcp", "shared-memory", "security"),
            "config-check", List.of("FILE", "--json", "--library", "--node-remote", "--token-file", "--trust-fingerprint",
                    "--known-agents", "--help"),
            "config-try", List.of("FILE", "--against", "--scenario", "--step-seconds", "--domain", "--runs-dir",
                    "--no-save", "--help"),
            "config-explain", List.of("PATH", "--help"),
            "config-migrate", List.of("FILE", "--output", "--library", "--help"),
            "qos-caps", List.of("--json", "--help"),
            "qos-show", List.of("GUID", "--json", "--domain", "--config", "--peer", "--wait"),
            "qos-set", List.of("GUID", "POLICY=VALUE", "--secret-file", "--timeout", "--domain", "--config", "--wait"),
            "qos-override", List.of("POLICY=VALUE", "--process", "--output", "--topic", "--entity", "--kind"));

    private static final Path SHIPPED = Path.of("features/org.ddstuner.feature/rootfiles/share");

    @Test
    void everyCommandsHelpNamesItsOptionsAndExitCodes() {
        Map<String, List<String>> all = new java.util.HashMap<>(OPTIONS);
        all.putAll(NESTED);
        for (Map.Entry<String, List<String>> e : all.entrySet()) {
            List<String> words = new java.util.ArrayList<>(NESTED.containsKey(e.getKey())
                    ? List.of(e.getKey().split("-", 2)) : List.of(e.getKey()));
            words.add("--help");
            Result r = CliTest.run(words.toArray(String[]::new));
            assertEquals(0, r.code(), e.getKey() + ": " + r.err());
            for (String option : e.getValue()) {
                assertTrue(r.out().contains(option), e.getKey() + " --help does not name " + option + ":\n" + r.out());
            }
            assertTrue(r.out().contains("Exit codes:\n  0   "), r.out());
        }
        Result overview = CliTest.run("--help");
        assertEquals(0, overview.code(), overview.err());
        OPTIONS.keySet().forEach(c -> assertTrue(overview.out().contains("\n  " + c + " "), c + " in:\n" + overview.out()));
        assertEquals(overview.out(), CliTest.run("help").out());
        Result none = CliTest.run();
        assertEquals(2, none.code(), "no command: the overview, as a usage error");
        assertEquals(overview.out(), none.out());
    }

    @Test
    void aTypoGetsASuggestionAndExitTwo() {
        Result command = CliTest.run("subscrbe", "T");
        assertEquals(2, command.code());
        assertTrue(command.err().startsWith("ddstuner: Unknown command \"subscrbe\".\n"), command.err());
        assertTrue(command.err().contains("Did you mean: ddstuner subscribe"), command.err());
        Result option = CliTest.run("subscribe", "T", "--timout", "3");
        assertEquals(2, option.code());
        assertTrue(option.err().contains("Unknown option: '--timout'"), option.err());
        assertTrue(option.err().contains("--timeout"), "suggests --timeout: " + option.err());
        assertTrue(option.err().contains("Try: ddstuner subscribe --help"), option.err());
        Result elsewhere = CliTest.run("typeof", "T", "--rate", "3");
        assertEquals(2, elsewhere.code());
        assertTrue(elsewhere.err().startsWith("ddstuner: typeof does not use --rate"), elsewhere.err());
        assertEquals("", option.out() + command.out() + elsewhere.out());
    }

    @Test
    void versionNamesTheLibraries() {
        Result r = CliTest.run("--version");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\npicocli 4.7."), r.out());
        assertEquals(r.out(), CliTest.run("version").out());
    }

    /** The script bash loads: completing "pot", "subscribe --ti" and "pother-run --thr" in a real bash. */
    @Test
    void completionScriptCompletesEveryCommandInBash(@TempDir Path dir) throws Exception {
        Result r = CliTest.run("generate-completion");
        assertEquals(0, r.code(), r.err());
        for (String command : OPTIONS.keySet()) {
            assertTrue(r.out().contains("function _picocli_ddstuner_" + command.replace("-", "") + "()"), command);
        }
        assertTrue(!CliTest.run("--help").out().contains("generate-completion"), "hidden from the overview");
        Path script = dir.resolve("ddstuner");
        Files.writeString(script, r.out());
        assertEquals("pother pother-run pother-runs pother-agents", complete(script, "pot"));
        assertEquals("--timeout", complete(script, "subscribe", "--ti"));
        assertEquals("--throughput", complete(script, "pother-run", "--thr"));
        assertEquals("--secret-file", complete(script, "qos", "set", "--secr"));
        assertEquals(r.out(), Files.readString(RepoLocator.repoRoot().resolve(SHIPPED)
                .resolve("bash-completion/completions/ddstuner")), "the shipped script is out of date: "
                        + "ddstuner generate-completion > " + SHIPPED + "/bash-completion/completions/ddstuner");
    }

    /** The words bash offers after "ddstuner WORDS…" (the last word being completed). */
    private static String complete(Path script, String... words) throws Exception {
        String line = "ddstuner " + String.join(" ", words);
        String bash = "source '" + script + "' 2>/dev/null; COMP_WORDS=(" + line + "); COMP_CWORD=" + words.length
                + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; _complete_ddstuner ddstuner '"
                + words[words.length - 1] + "' 2>/dev/null; echo \"${COMPREPLY[*]}\"";
        return run(List.of("bash", "-c", bash), Map.of()).strip();
    }

    @Test
    void theShippedManPagesAreTheModelsAndRender(@TempDir Path dir) throws Exception {
        Result r = CliTest.run("gen-manpage", dir.toString());
        assertEquals(0, r.code(), r.err());
        Path shipped = RepoLocator.repoRoot().resolve(SHIPPED).resolve("man/man1");
        TreeSet<String> expected = new TreeSet<>(List.of("ddstuner.1"));
        OPTIONS.keySet().forEach(c -> expected.add("ddstuner-" + c + ".1"));
        NESTED.keySet().forEach(c -> expected.add("ddstuner-" + c + ".1"));
        assertEquals(expected, names(dir));
        assertEquals(expected, names(shipped), "shipped pages");
        for (String page : expected) {
            assertEquals(Files.readString(dir.resolve(page)), Files.readString(shipped.resolve(page)), page
                    + " is out of date: ddstuner gen-manpage " + SHIPPED + "/man/man1");
            String text = run(List.of("man", "-l", dir.resolve(page).toString()), Map.of("MANWIDTH", "100",
                    "MANPAGER", "cat", "PAGER", "cat"));
            assertTrue(text.contains("NAME") && text.contains("SYNOPSIS") && text.contains("EXIT STATUS"), page + ":\n"
                    + text);
            String command = page.equals("ddstuner.1") ? null : page.substring("ddstuner-".length(), page.length() - 2);
            for (String option : command == null ? List.of("--version", "subscribe", "pother-run")
                    : OPTIONS.getOrDefault(command, NESTED.get(command))) {
                assertTrue(text.replace("\u2010", "-").replace("\u2212", "-").contains(option), page + " does not name " + option + ":\n" + text);
            }
        }
    }

    private static TreeSet<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return new TreeSet<>(files.map(p -> p.getFileName().toString()).toList());
        }
    }

    /** Runs a program; its stdout (stderr goes with it), failing the test on a non-zero exit. */
    private static String run(List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", cmd));
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
