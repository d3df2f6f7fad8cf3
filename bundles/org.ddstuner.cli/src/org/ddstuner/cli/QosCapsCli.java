package org.ddstuner.cli;

import java.util.Map;
import java.util.concurrent.Callable;

import org.ddstuner.json.StrictJson;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner qos caps}: the capability table the probe measures on the loaded libddsc (or the agent's). */
@Command(name = "caps", description = { "Which QoS policies can change how, on the loaded libddsc.",
        "Per entity kind and policy (names as ls --json): for DDS Tuner's own entities live / recreate / immutable, "
                + "for another process's (through its agent) live / next-start / immutable, with the reason. Probed on "
                + "scratch entities in a loopback-only domain of its own.",
        "With --remote HOST:PORT --token-file F: the table of the libddsc the agent ddstuner serve runs there on "
                + "(what its own readers/writers and the applications there can change)." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
final class QosCapsCli implements Callable<Integer> {

    @ParentCommand
    QosCli qos;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        JsonNode caps;
        if (remote.given()) {
            try (RemoteClient client = RemoteCalls.connect(remote.clientOptions(), qos.root.err)) {
                caps = RemoteCalls.call(client, "qos caps", "qos-caps", null);
            }
        } else {
            caps = StrictJson.parse(CapabilityProbe.forLoadedLibrary().toJson());
        }
        if (json.json) {
            qos.root.out.println(StrictJson.write(caps));
            return Main.EXIT_OK;
        }
        // the table in the form `qos caps --json` has, so the agent's prints like this process's
        qos.root.out.println("libddsc " + caps.path("library").path("version").asText() + " ("
                + caps.path("library").path("path").asText() + ")");
        for (Map.Entry<String, JsonNode> kind : caps.path("kinds").properties()) {
            qos.root.out.println();
            qos.root.out.printf("%s%n  %-22s %-10s %-10s %s%n", kind.getKey(), "POLICY", "OWN", "REMOTE", "REASON");
            for (Map.Entry<String, JsonNode> c : kind.getValue().properties()) {
                qos.root.out.printf("  %-22s %-10s %-10s %s%n", c.getKey(), c.getValue().path("own").asText(),
                        c.getValue().path("remote").asText(), c.getValue().path("reason").asText());
            }
        }
        return Main.EXIT_OK;
    }
}
