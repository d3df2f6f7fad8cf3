package org.ddstuner.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.ddstuner.agent.OverrideFile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code ddstuner qos override}: writes the file the agent reads from DDSTUNER_QOS_OVERRIDES (a DDS-XML subset, see
 * the agent's README) for policies that cannot change live. It takes effect when the process creates the reader or
 * writer next, i.e. when it restarts.
 */
@Command(name = "override", description = { "Write a QoS override file for the next start of a process with the agent.",
        "For policies that cannot change live (qos caps: next-start). The file is the DDS-XML the agent reads from "
                + "DDSTUNER_QOS_OVERRIDES when the application creates a reader or writer; it takes effect when the "
                + "process restarts. Policies: durability, reliability, history, liveliness, ownership, "
                + "ownership_strength, deadline, latency_budget, lifespan, time_based_filter, transport_priority, "
                + "destination_order, resource_limits, user_data, topic_data, group_data (values as qos set)." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, "3:the file cannot be written" })
final class QosOverrideCli implements Callable<Integer> {

    /** What the agent's override reader supports (overrides.c). */
    static final List<String> SUPPORTED = OverrideFile.SUPPORTED;

    @ParentCommand
    QosCli qos;
    @Parameters(arity = "1..*", paramLabel = "POLICY=VALUE", description = "The policies (values as qos set).")
    List<String> assignments = new ArrayList<>();
    @Option(names = "--process", required = true, paramLabel = "PID|NAME", description = "The process it is for "
            + "(named in the file and the message).")
    String process;
    @Option(names = "--output", required = true, paramLabel = "FILE", description = "The file to write (replaced).")
    Path output;
    @Option(names = "--topic", paramLabel = "PATTERN", description = "Only readers/writers of topics matching this "
            + "shell pattern (default: every topic).")
    String topic;
    @Option(names = "--entity", paramLabel = "NAME", description = "Only the reader/writer the application names so "
            + "(entity_name).")
    String entity;
    @Option(names = "--kind", paramLabel = "K", description = "writer, reader or both (default; a writer-only policy "
            + "goes to writers only, a reader-only one to readers).")
    String kind = "both";
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        if (!Set.of("writer", "reader", "both").contains(kind)) {
            throw new CliException(Main.EXIT_USAGE, "--kind needs writer, reader or both, not \"" + kind + "\".");
        }
        Map<String, String> wanted = QosValues.parseAssignments(assignments);
        for (String p : wanted.keySet()) {
            if (!SUPPORTED.contains(p)) {
                throw new CliException(Main.EXIT_USAGE, p + " is not supported in override files; these are: "
                        + String.join(", ", SUPPORTED) + ".");
            }
        }
        String name = processName();
        String xml = QosOverrideXml.write(name, kind.equals("reader") ? null : writerPart(wanted),
                kind.equals("writer") ? null : readerPart(wanted), attr("--topic", topic), attr("--entity", entity));
        try {
            Files.writeString(output, xml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "cannot write " + output + ": " + e.getMessage());
        }
        qos.root.out.println("wrote " + output + "; takes effect when " + name + " restarts (with the agent and "
                + "DDSTUNER_QOS_OVERRIDES=" + output.toAbsolutePath() + ")");
        return Main.EXIT_OK;
    }

    private static Map<String, String> writerPart(Map<String, String> all) {
        return OverrideFile.writerPart(all);
    }

    private static Map<String, String> readerPart(Map<String, String> all) {
        return OverrideFile.readerPart(all);
    }

    /** The process as people know it: NAME, or PID with its command's name when it runs here. */
    private String processName() {
        if (!process.chars().allMatch(Character::isDigit)) {
            return process;
        }
        return ProcessHandle.of(Long.parseLong(process)).flatMap(h -> h.info().command())
                .map(c -> Path.of(c).getFileName() + " (pid " + process + ")").orElse("pid " + process);
    }

    /** The agent's XML reader does not decode entities: refuse what would need one. */
    static String attr(String option, String v) {
        if (v != null && v.matches(".*[<>&\"].*")) {
            throw new CliException(Main.EXIT_USAGE, option + " must not contain < > & or \" (the agent's reader does "
                    + "not decode XML entities).");
        }
        return v;
    }
}
