package org.ddstuner.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.pother.protocol.DiscoveryReport;
import org.ddstuner.pother.protocol.ErrorReport;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestState;

/**
 * The two tests {@code pother-run} defines on its agents, and the order it drives them in: the answering side and
 * the sender (a throughput transmitter created {@link TestState#STOPPED}) are defined, both report their match
 * ({@link DiscoveryReport}), and only then does the transmitter start. A transmitter writes whether or not a
 * reader has matched, and what it writes before the match never arrives; the receiver counts from the first
 * sequence number it sees, so those samples are not even "lost" and a count-bounded run would wait forever for
 * them (the desktop's runs do the same, see {@code AgentSession.measure}). {@link #removeAll} is safe from any
 * thread and more than once: the normal end and the Ctrl-C hook both call it.
 */
final class PotherPair {

    private final PotherController controller;
    private final List<TestDefinition> defined = new ArrayList<>(); // guarded by this
    private boolean removed; // guarded by this

    PotherPair(PotherController controller) {
        this.controller = controller;
    }

    /** Sends {@code t} to its agent, unless the pair was removed already (a stop came first). */
    synchronized boolean define(TestDefinition t) {
        if (removed) {
            return false;
        }
        defined.add(t);
        controller.send(t);
        return true;
    }

    /** Starts a test defined stopped. */
    synchronized void start(TestDefinition t) {
        if (!removed) {
            controller.start(t);
        }
    }

    /**
     * Waits until every test in {@code tests} reported its match, an error report concerns one of them
     * ({@code other} gets it, like every report that is not a match), {@code stop} says so, or the deadline
     * passes. Returns the tests that did not match (empty when all did).
     */
    static List<TestDefinition> awaitMatch(BlockingQueue<PotherReport> queue, List<TestDefinition> tests, long endNanos,
            BooleanSupplier stop, Consumer<PotherReport> other) throws InterruptedException {
        List<TestDefinition> waiting = new ArrayList<>(tests);
        while (!waiting.isEmpty() && !stop.getAsBoolean() && System.nanoTime() - endNanos < 0) {
            PotherReport r = queue.poll(50, TimeUnit.MILLISECONDS);
            if (r instanceof DiscoveryReport m) {
                waiting.removeIf(t -> t.target().appId() == m.appId() && t.name().equals(m.name()));
            } else if (r != null) {
                other.accept(r);
                if (r instanceof ErrorReport e && tests.stream().anyMatch(t -> t.name().equals(e.name()))) {
                    return waiting;
                }
            }
        }
        return waiting;
    }

    /**
     * Removes every test defined (the receiving side first, so it does not report the sender's end as losses) and
     * waits up to {@code millis} until the agents announce them gone. Returns the tests still announced.
     */
    List<String> removeAll(long millis) throws InterruptedException {
        List<TestDefinition> tests;
        synchronized (this) {
            removed = true;
            tests = List.copyOf(defined);
        }
        for (TestDefinition t : tests) {
            controller.remove(t);
        }
        long end = System.nanoTime() + millis * 1_000_000L;
        List<String> left = announced(tests);
        while (!left.isEmpty() && System.nanoTime() - end < 0) {
            Thread.sleep(50);
            left = announced(tests);
        }
        return left;
    }

    /** "app N role:name" of each of {@code tests} its agent still announces. */
    private List<String> announced(List<TestDefinition> tests) {
        var agents = controller.agents();
        List<String> left = new ArrayList<>();
        for (TestDefinition t : tests) {
            AgentAnnouncement a = agents.get(t.target().appId());
            if (a == null || !a.running()) {
                continue; // a stopped or unknown agent holds no tests
            }
            String prefix = t.role().wireName() + ":" + t.name() + ":";
            if (java.util.Arrays.stream(a.tests().split(",")).anyMatch(s -> s.strip().startsWith(prefix))) {
                left.add("app " + a.appId() + " " + t.role().wireName() + ":" + t.name());
            }
        }
        return left;
    }
}
