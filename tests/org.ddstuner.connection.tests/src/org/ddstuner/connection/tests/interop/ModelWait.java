package org.ddstuner.connection.tests.interop;

import java.time.Duration;
import java.util.function.Predicate;

import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.Problem;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SystemSnapshot;

/**
 * Polls a live {@link SystemModel} until a snapshot satisfies a condition. Discovery is asynchronous,
 * so the interop tests wait for what they expect instead of sleeping; on a timeout the failure shows
 * what the model did see, which is what one needs to tell "not discovered" from "discovered wrongly".
 */
final class ModelWait {

    static final Duration POLL = Duration.ofMillis(50);

    private ModelWait() {
    }

    /**
     * The first snapshot (own entities hidden) satisfying {@code condition}, taken every 50 ms.
     *
     * @throws AssertionError after {@code timeout}, naming {@code what} and listing the last snapshot
     */
    static SystemSnapshot until(SystemModel model, Duration timeout, String what, Predicate<SystemSnapshot> condition) {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            SystemSnapshot s = model.snapshot(false);
            if (condition.test(s)) {
                return s;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("Timed out after " + timeout.toMillis() + " ms waiting for " + what
                        + ". The model shows:\n" + describe(s));
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting for " + what, e);
            }
        }
    }

    /**
     * Checks {@code condition} on a snapshot every 50 ms for {@code period}: for things that must not
     * happen, where waiting for a moment gives them the chance to show up.
     *
     * @return the last snapshot
     * @throws AssertionError at the first snapshot violating it, naming {@code what}
     */
    static SystemSnapshot during(SystemModel model, Duration period, String what, Predicate<SystemSnapshot> condition) {
        long end = System.nanoTime() + period.toNanos();
        while (true) {
            SystemSnapshot s = model.snapshot(false);
            if (!condition.test(s)) {
                throw new AssertionError("Expected " + what + " throughout " + period.toMillis()
                        + " ms, but the model shows:\n" + describe(s));
            }
            if (System.nanoTime() > end) {
                return s;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while checking " + what, e);
            }
        }
    }

    /** One line per participant, endpoint and problem: for failure messages. */
    static String describe(SystemSnapshot s) {
        StringBuilder b = new StringBuilder();
        for (Participant p : s.participants()) {
            b.append("  participant ").append(p.guid()).append(" \"").append(p.name()).append("\" ")
                    .append(p.vendor().name()).append(", host ").append(p.process().hostText()).append(", ")
                    .append(p.process().processText()).append(p.alive() ? "" : ", gone").append('\n');
            for (Endpoint e : s.endpointsOf(p.guid())) {
                b.append("    ").append(e.kind().text()).append(' ').append(e.guid()).append(" \"")
                        .append(e.topicName()).append("\" ").append(e.typeName()).append(" partitions ")
                        .append(e.partitions()).append(e.alive() ? "" : ", gone").append('\n');
            }
        }
        for (Problem p : s.problems()) {
            b.append("  problem ").append(p.kind()).append(' ').append(p.severity()).append(": ")
                    .append(p.message()).append('\n');
        }
        return b.isEmpty() ? "  (nothing)\n" : b.toString();
    }
}
