package org.ddstuner.record.tests;

import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.record.Recorder;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.system.SystemSnapshot;

/** What the record tests share: a topic's writer discovered, its type learned over the wire, the recording choice. */
final class LiveTopics {

    private LiveTopics() {
    }

    /** Waits for an application's writer on {@code topic}; its type (over the wire) and the derived reader QoS. */
    static Recorder.TopicChoice choice(Connection c, String topic, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            SystemSnapshot s = c.model().snapshot(true);
            if (s.endpoints().stream().anyMatch(e -> e.topicName().equals(topic) && !e.isReader() && !e.hidden()
                    && e.alive())) {
                Thread.sleep(300); // the rest of its endpoints
                s = c.model().snapshot(true);
                ResolvedType t = new TypeResolver(c, new ImportedTypes()).resolve(topic);
                return new Recorder.TopicChoice(t, QosDeriver.forReader(s, topic));
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no writer of " + topic + " within " + timeout);
            }
            Thread.sleep(20);
        }
    }

    /** Waits until {@code check} holds (polling every 20 ms) or fails with {@code what}. */
    static void await(Duration timeout, String what, java.util.function.BooleanSupplier check)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!check.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            Thread.sleep(20);
        }
    }

    /** The hex digits of a GUID in any spelling (Python's 8-4-4-4-12, ours 8:8:8:8). */
    static String hex(String guid) {
        return guid.replaceAll("[^0-9a-fA-F]", "").toLowerCase(java.util.Locale.ROOT);
    }

    static List<String> echoLines(String stdout) {
        return stdout.lines().filter(l -> l.startsWith("ECHO ")).toList();
    }
}
