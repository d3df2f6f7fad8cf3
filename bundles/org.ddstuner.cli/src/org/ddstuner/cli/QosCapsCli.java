package org.ddstuner.cli;

import java.util.concurrent.Callable;

import org.ddstuner.qos.Capability;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.QosCapabilities;
import org.ddstuner.qos.TunedKind;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner qos caps}: the capability table the probe measures on the loaded libddsc. */
@Command(name = "caps", description = { "Which QoS policies can change how, on the loaded libddsc.",
        "Per entity kind and policy (names as ls --json): for DDS Tuner's own entities live / recreate / immutable, "
                + "for another process's (through its agent) live / next-start / immutable, with the reason. Probed on "
                + "scratch entities in a loopback-only domain of its own." },
        exitCodeList = { DdsTunerCli.EXIT_0, DdsTunerCli.EXIT_2, DdsTunerCli.EXIT_3 })
final class QosCapsCli implements Callable<Integer> {

    @ParentCommand
    QosCli qos;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() {
        QosCapabilities caps = CapabilityProbe.forLoadedLibrary();
        if (json.json) {
            qos.root.out.println(caps.toJson());
            return Main.EXIT_OK;
        }
        qos.root.out.println("libddsc " + caps.libraryVersion() + " (" + caps.libraryPath() + ")");
        for (TunedKind k : TunedKind.values()) {
            if (caps.of(k).isEmpty()) {
                continue;
            }
            qos.root.out.println();
            qos.root.out.printf("%s%n  %-22s %-10s %-10s %s%n", k.jsonName(), "POLICY", "OWN", "REMOTE", "REASON");
            for (Capability c : caps.of(k)) {
                qos.root.out.printf("  %-22s %-10s %-10s %s%n", c.policy(), c.own().jsonName(), c.remote().jsonName(),
                        c.reason());
            }
        }
        return Main.EXIT_OK;
    }
}
