package org.ddstuner.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.ddstuner.agent.AgentReply;
import org.ddstuner.agent.QosText;
import org.ddstuner.dds.Qos;
import org.ddstuner.qos.PolicyValues;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code ddstuner qos set GUID POLICY=VALUE…}: a signed SET_QOS to the entity's agent, then "confirmed from discovery":
 * the tool's own participant must see the new values announced for that GUID (DCPSPublication/Subscription/Participant).
 */
@Command(name = "set", description = { "Change QoS policies of an entity of a process that runs the DDS Tuner agent.",
        "GUID as ls --json prints it; POLICY=VALUE with policy names as ls --json, values as the agent reads them: "
                + "durations ns or with ns|us|ms|s or inf (lifespan=5s), reliability=reliable[,max_blocking]|best_effort, "
                + "history=keep_last,N|keep_all, ownership_strength=7, partition=a,b, user_data=text, … (the agent's "
                + "README lists all). libddsc decides what may change live: qos caps. Exit 0 only when the agent applied "
                + "it and discovery shows the new values.", "With --remote HOST:PORT --token-file F the agent ddstuner "
                        + "serve runs there (started with --allow qos) sends it to the application on its host." },
        exitCodeList = { "0:applied and confirmed from discovery", "1:refused (with the reason), not found or not "
                + "confirmed within --timeout", DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3, "4:refused by the remote agent "
                        + "(token, not allowed to change QoS) or its certificate is not the pinned one" })
final class QosSetCli implements Callable<Integer> {

    @ParentCommand
    QosCli qos;
    @Parameters(index = "0", paramLabel = "GUID", description = "The entity (as ls --json prints it).")
    String guid;
    @Parameters(index = "1..*", arity = "1..*", paramLabel = "POLICY=VALUE", description = "The policies to set.")
    List<String> assignments = new ArrayList<>();
    @Option(names = "--secret-file", paramLabel = "F", description = "File holding the agent's secret "
            + "(DDSTUNER_AGENT_SECRET of the application; a trailing newline is ignored). Without it the agent refuses.")
    Path secretFile;
    @Option(names = "--timeout", paramLabel = "S", description = "Seconds to wait for discovery to show the change "
            + "(default: 10).")
    String timeout = "10";
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        Map<String, String> wanted = QosValues.parseAssignments(assignments);
        double confirmSeconds = OptionValues.nonNegative("--timeout", timeout, "a number of seconds");
        byte[] secret = secretFile == null ? null : secret(secretFile);
        CliOptions o = new CliOptions();
        connection.into(o);
        wait.into(o);
        if (remote.given()) {
            RemoteQosCommands.checkNoDomain(connection);
            return RemoteQosCommands.set(QosTarget.parseGuid(guid), wanted, secret, o.waitSeconds, Duration.ofMillis(
                    (long) (confirmSeconds * 1000)), remote.clientOptions(), qos.root.out, qos.root.err);
        }
        try (QosTarget t = new QosTarget(guid, o)) {
            t.find(o.waitSeconds);
            AgentReply r = t.client.setQos(t.agent.agent(), t.entity.id(), QosText.format(wanted), secret,
                    QosTarget.REPLY);
            if (!r.ok()) {
                String hint = secret == null && r.result() == org.ddstuner.agent.AgentResult.NOT_AUTHORIZED
                        ? " (give the application's secret with --secret-file)" : "";
                throw new CliException(Main.EXIT_EXPECTATION, "refused by the agent of " + t.agent.process() + " (pid "
                        + t.agent.pid() + "): " + r.result() + " " + r.message() + hint + "; nothing changed.");
            }
            return confirm(t, wanted, r.qos(), Duration.ofMillis((long) (confirmSeconds * 1000)));
        }
    }

    /** Waits until discovery announces, for each asked policy that discovery carries, the value the agent now has. */
    private int confirm(QosTarget t, Map<String, String> wanted, Map<String, String> inForce, Duration within) {
        Map<String, Object> expect = new LinkedHashMap<>();
        List<String> notAnnounced = new ArrayList<>();
        Optional<Qos> before = announced(t);
        for (String policy : wanted.keySet()) {
            String now = inForce.get(policy);
            Object value = now == null ? null : QosValues.toRecord(policy, now);
            if (value == null || before.isPresent() && PolicyValues.get(before.get(), policy) == null) {
                notAnnounced.add(policy); // discovery does not carry it (or the agent did not report it)
            } else {
                expect.put(policy, value);
            }
        }
        boolean seen = t.entity.kind().equals("participant")
                ? t.discovery.awaitParticipant(t.guid, q -> holdsAll(q, expect), within).isPresent()
                : t.discovery.awaitEndpoint(t.guid, q -> holdsAll(q, expect), within).isPresent();
        if (!seen) {
            throw new CliException(Main.EXIT_EXPECTATION, "the agent applied " + QosText.format(wanted) + " but discovery "
                    + "in domain " + t.domainId + " did not show it on " + t.guid + " within " + within.toMillis() / 1000.0
                    + " s (announced now: " + announced(t).map(q -> only(q, expect)).orElse("nothing") + ").");
        }
        for (String policy : wanted.keySet()) {
            qos.root.out.printf("%s=%s%s%n", policy, inForce.getOrDefault(policy, "?"),
                    notAnnounced.contains(policy) ? "  (not announced in discovery: the agent's reply only)"
                            : "  (confirmed from discovery)");
        }
        qos.root.out.println("applied to " + t.entity.kind() + " " + t.guid + " in " + t.agent.process() + " (pid "
                + t.agent.pid() + ")");
        return Main.EXIT_OK;
    }

    private static Optional<Qos> announced(QosTarget t) {
        return t.entity.kind().equals("participant") ? t.discovery.participant(t.guid).map(p -> p.qos())
                : t.discovery.endpoint(t.guid).map(e -> e.qos());
    }

    private static boolean holdsAll(Qos q, Map<String, Object> expect) {
        return expect.entrySet().stream().allMatch(e -> PolicyValues.holds(q, e.getKey(), e.getValue()));
    }

    private static String only(Qos q, Map<String, Object> expect) {
        List<String> parts = new ArrayList<>();
        expect.keySet().forEach(p -> parts.add(p + "=" + PolicyValues.text(PolicyValues.get(q, p))));
        return String.join(", ", parts);
    }

    private static byte[] secret(Path f) {
        try {
            return org.ddstuner.agent.RequestSigner.readSecret(f);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "--secret-file " + f + " is empty.");
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "--secret-file " + f + " cannot be read: " + e.getMessage());
        }
    }
}
