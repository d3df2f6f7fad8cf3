package org.ddstuner.remote.tests;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Match;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;

/**
 * What two models must agree on, as sorted lines: participants (GUID, name, alive, complete QoS), endpoints (GUID,
 * kind, participant, topic, type, alive, complete QoS), topics with their DCPSTopic definitions, and every reader/writer
 * pair with its verdict. Times are left out: each model stamps what it learns with its own clock.
 */
final class ModelPicture {

    private ModelPicture() {
    }

    static List<String> of(SystemSnapshot s) {
        List<String> lines = new ArrayList<>();
        for (Participant p : s.participants()) {
            lines.add("P " + p.guid() + " " + p.name() + " alive=" + p.alive() + " known=" + p.known() + " qos="
                    + QosJson.encode(p.qos()));
        }
        for (Endpoint e : s.endpoints()) {
            lines.add("E " + e.guid() + " " + e.kind() + " of " + e.participantGuid() + " " + e.topicName() + " "
                    + e.typeName() + " alive=" + e.alive() + " ti=" + e.hasTypeInformation() + " qos="
                    + QosJson.encode(e.qos()));
        }
        for (Topic t : s.topics()) {
            lines.add("T " + t.name() + " " + t.typeNames() + " defs=" + t.definitions().size());
        }
        for (Match m : s.matches()) {
            lines.add("M " + m.reader() + " " + m.writer() + " matched=" + m.matched() + " reasons=" + m.reasons().size());
        }
        Collections.sort(lines);
        return lines;
    }

    static long count(List<String> picture, String prefix) {
        return picture.stream().filter(l -> l.startsWith(prefix)).count();
    }

    /** Polls every 20 ms until {@code condition} holds; false after {@code millis}. */
    static boolean waitFor(BooleanSupplier condition, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
