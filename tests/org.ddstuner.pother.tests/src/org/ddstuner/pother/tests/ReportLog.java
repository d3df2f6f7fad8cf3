package org.ddstuner.pother.tests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.ddstuner.pother.protocol.PotherReport;

/** Every report a controller delivered, with waiting for the one a test expects. */
final class ReportLog implements Consumer<PotherReport> {

    private final List<PotherReport> all = new ArrayList<>();

    @Override
    public synchronized void accept(PotherReport r) {
        all.add(r);
        notifyAll();
    }

    synchronized <T extends PotherReport> List<T> all(Class<T> type, Predicate<? super T> p) {
        List<T> out = new ArrayList<>();
        for (PotherReport r : all) {
            if (type.isInstance(r) && p.test(type.cast(r))) {
                out.add(type.cast(r));
            }
        }
        return out;
    }

    /** How many reports arrived so far (a position for {@link #awaitFrom}). */
    synchronized int size() {
        return all.size();
    }

    /** The first report of {@code type} matching {@code p}, waiting up to {@code timeout}; null if none came. */
    <T extends PotherReport> T await(Class<T> type, Predicate<? super T> p, Duration timeout)
            throws InterruptedException {
        return awaitFrom(0, type, p, timeout);
    }

    /**
     * The first report of {@code type} matching {@code p} among those that arrived after the first {@code from}
     * (see {@link #size()}), waiting up to {@code timeout}; null if none came.
     */
    synchronized <T extends PotherReport> T awaitFrom(int from, Class<T> type, Predicate<? super T> p, Duration timeout)
            throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (PotherReport r : all.subList(Math.min(from, all.size()), all.size())) {
                if (type.isInstance(r) && p.test(type.cast(r))) {
                    return type.cast(r);
                }
            }
            long left = end - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    synchronized String dump() {
        StringBuilder sb = new StringBuilder();
        all.stream().filter(r -> !(r instanceof org.ddstuner.pother.protocol.AgentAnnouncement))
                .forEach(r -> sb.append(r).append('\n'));
        return sb.length() > 20_000 ? sb.substring(sb.length() - 20_000) : sb.toString();
    }
}
