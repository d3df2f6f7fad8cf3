package org.ddstuner.connection.tests;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoTypes;

/**
 * A process that defines a topic and nothing else ({@link TopicDiscoveryTest}): a participant on a loopback
 * domain with topic discovery on (argument 2 {@code true}) or off, one topic of a type with type information,
 * no reader or writer. Prints READY and its pid, runs until its standard input closes.
 */
public final class TopicOnlyPeer {

    static final String TOPIC = "DefinedOnlyRemote";

    private TopicOnlyPeer() {
    }

    public static void main(String[] args) throws Exception {
        boolean topicDiscovery = Boolean.parseBoolean(args[1]);
        try (Domain d = Domain.create(Integer.parseInt(args[0]), CycloneConfig.loopbackOnly(topicDiscovery))) {
            var p = d.createParticipant(Qos.EMPTY.withEntityName("TopicOnlyPeer"));
            p.createTopic(TOPIC, DemoTypes.sensorReading(), Qos.EMPTY.withReliable()
                    .withDurability(Qos.DurabilityKind.TRANSIENT_LOCAL));
            System.out.println("READY " + ProcessHandle.current().pid());
            System.out.flush();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // wait for the test to close our input
                }
            }
        }
    }
}
