package org.ddstuner.pother.ui.charts;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.pother.runs.Points;
import org.ddstuner.pother.runs.RunDefinition;

/**
 * Names for the steps of a run whose steps share a sample size (the transport comparison's three 64 B steps, the
 * background-load scenario's): the per-step chart then shows them side by side under these names, as against the
 * size they would all stand on one vertical line. Steps of different sizes (the sweeps) need none.
 */
final class StepNames {

    private StepNames() {
    }

    /** Step index → name, for runs with two or more steps of one size; empty otherwise. */
    static Map<Integer, String> of(List<Points.Step> steps) {
        Map<Integer, String> out = new HashMap<>();
        if (steps.stream().map(s -> s.definition().size()).distinct().count() == steps.size() || bySizePerTransport(steps)) {
            return out;
        }
        boolean transports = steps.stream().map(s -> s.definition().transport()).distinct().count() > 1;
        boolean loads = steps.stream().map(s -> s.definition().loadRate()).distinct().count() > 1;
        // short labels on a small chart: the load's size only where the loads differ in it
        boolean loadSizes = steps.stream().filter(s -> s.definition().loadRate() > 0).map(s -> s.definition().loadSize())
                .distinct().count() > 1;
        for (Points.Step s : steps) {
            RunDefinition d = s.definition();
            String name = transports && loads ? transport(d.transport()) + ", " + load(d, loadSizes)
                    : transports ? transport(d.transport()) : loads ? load(d, loadSizes) : "step " + (s.index() + 1);
            out.put(s.index(), name);
        }
        return out;
    }

    /**
     * Whether the steps are sizes of several transports, each size once per transport (the transport comparison): then
     * they are drawn against their size, one series per transport ({@link #transport}), not side by side by name.
     */
    static boolean bySizePerTransport(List<Points.Step> steps) {
        long transports = steps.stream().map(s -> s.definition().transport()).distinct().count();
        long sizes = steps.stream().map(s -> s.definition().size()).distinct().count();
        long pairs = steps.stream().map(s -> s.definition().transport() + "/" + s.definition().size()).distinct().count();
        return transports > 1 && sizes > 1 && pairs == steps.size();
    }

    static String transport(RunDefinition.Transport t) {
        return switch (t) {
            case UDP -> "UDP";
            case TCP -> "TCP";
            case SHM -> "shared memory";
        };
    }

    private static String load(RunDefinition d, boolean withSize) {
        if (d.loadRate() <= 0) {
            return "no load";
        }
        return withSize ? rate(d.loadRate()) + " × " + d.loadSize() + " B load" : rate(d.loadRate()) + " load";
    }

    /** "10k/s" for whole thousands (tick labels side by side need to be short), else "2,500/s". */
    private static String rate(double perSecond) {
        return perSecond >= 1000 && perSecond % 1000 == 0 ? String.format(Locale.ROOT, "%.0fk/s", perSecond / 1000)
                : String.format(Locale.ROOT, "%,.0f/s", perSecond);
    }
}
