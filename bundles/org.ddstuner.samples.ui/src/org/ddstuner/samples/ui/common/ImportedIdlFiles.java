package org.ddstuner.samples.ui.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.types.idl.IdlParseException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;

/**
 * The IDL files the person imported ("Import IDL…" in the Type view or the Read Samples dialog), remembered in the
 * bundle's state folder next to the ROS 2 message folders (one absolute path per line, oldest first) and imported
 * again when the workbench first needs its types after a start. A file that went missing or no longer parses is
 * reported once — kept in {@link #problems()} for the Type view and written to the workbench log — and forgotten.
 * Thread-safe.
 */
public final class ImportedIdlFiles {

    private static final String FILE = "imported-idl.txt";
    private static List<String> problems = List.of();

    private ImportedIdlFiles() {
    }

    /** The files remembered, oldest first. */
    public static synchronized List<Path> remembered() {
        try {
            Path store = StateFiles.path(FILE);
            if (!Files.isRegularFile(store)) {
                return List.of();
            }
            return Files.readAllLines(store, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank())
                    .map(l -> Path.of(l.strip())).toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** Remembers {@code files} (absolute; a file imported again moves to the end, as its types win then). */
    public static synchronized void remember(List<Path> files) {
        Set<Path> all = new LinkedHashSet<>(remembered());
        for (Path f : files) {
            Path abs = f.toAbsolutePath().normalize();
            all.remove(abs);
            all.add(abs);
        }
        store(List.copyOf(all));
    }

    /**
     * Imports every remembered file into {@code into}; files that are missing or do not parse are forgotten, and
     * what happened to them is returned (and kept in {@link #problems()}, and logged).
     */
    public static synchronized List<String> restore(ImportedTypes into) {
        List<Path> kept = new ArrayList<>();
        List<String> found = new ArrayList<>();
        for (Path f : remembered()) {
            if (!Files.isRegularFile(f)) {
                found.add(Messages.fill(Messages.IDL_RESTORE_MISSING, f));
                continue;
            }
            try {
                into.importFile(f);
                kept.add(f);
            } catch (IdlParseException e) {
                found.add(Messages.fill(Messages.IDL_RESTORE_BROKEN, f, e.problems().isEmpty() ? e.getMessage()
                        : e.problems().get(0).toString()));
            } catch (RuntimeException e) { // unreadable and the like
                found.add(Messages.fill(Messages.IDL_RESTORE_BROKEN, f, e.getMessage()));
            }
        }
        if (!found.isEmpty()) {
            store(kept);
            log(found);
        }
        problems = List.copyOf(found);
        return problems;
    }

    /** What the last {@link #restore} could not import again (empty: nothing, or not restored yet). */
    public static synchronized List<String> problems() {
        return problems;
    }

    /** Forgets every remembered file (tests, and a fresh start). */
    public static synchronized void clear() {
        store(List.of());
        problems = List.of();
    }

    private static void store(List<Path> files) {
        try {
            Path store = StateFiles.path(FILE);
            Files.createDirectories(store.getParent());
            Files.write(store, files.stream().map(Path::toString).toList(), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            // remembered for this session only; the next start imports what the file said before
        }
    }

    private static void log(List<String> found) {
        try {
            ILog.of(ImportedIdlFiles.class).log(Status.warning(String.join("\n", found)));
        } catch (RuntimeException | LinkageError noPlatform) {
            // outside a workbench: the problems are still returned
        }
    }
}
