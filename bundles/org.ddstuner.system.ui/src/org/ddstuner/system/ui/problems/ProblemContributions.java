package org.ddstuner.system.ui.problems;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Problems other bundles add to the Problems view (the health bundle's topic watches) without this bundle
 * knowing them: a source hands out finished rows, and says {@link #changed()} when they differ. Sources are called
 * on the view's background refresher, never on the UI thread: they must be quick and thread-safe.
 */
public final class ProblemContributions {

    /** Rows to show now (fired problems, and cleared ones with their time). */
    @FunctionalInterface
    public interface Source {
        List<ProblemRow> rows();
    }

    private static final List<Source> SOURCES = new CopyOnWriteArrayList<>();
    private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();

    private ProblemContributions() {
    }

    public static void add(Source s) {
        SOURCES.add(s);
        changed();
    }

    public static void remove(Source s) {
        SOURCES.remove(s);
        changed();
    }

    /** Tells the Problems views to ask the sources again (any thread). */
    public static void changed() {
        LISTENERS.forEach(Runnable::run);
    }

    static void addListener(Runnable r) {
        LISTENERS.add(r);
    }

    static void removeListener(Runnable r) {
        LISTENERS.remove(r);
    }

    static List<ProblemRow> rows() {
        List<ProblemRow> out = new ArrayList<>();
        for (Source s : SOURCES) {
            try {
                out.addAll(s.rows());
            } catch (RuntimeException e) {
                System.err.println("DDS Tuner: a Problems contribution threw " + e);
            }
        }
        return out;
    }
}
