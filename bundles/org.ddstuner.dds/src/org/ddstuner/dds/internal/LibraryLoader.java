package org.ddstuner.dds.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.DdsLibraryNotFoundException;

/**
 * Finds and loads libddsc once per process. Order: system property {@value #PROPERTY}, environment
 * variable {@value #ENV} (an explicit file), then the sonames of the Debian/Ubuntu package, ROS 2 and
 * Cyclone 11 builds, found through the dynamic linker's normal search path.
 */
public final class LibraryLoader {

    public static final String PROPERTY = "ddstuner.libddsc";
    public static final String ENV = "DDSTUNER_LIBDDSC";
    public static final List<String> SONAMES = List.of("libddsc.so.0debian", "libddsc.so.0", "libddsc.so.11",
            "libddsc.so");

    /** The loaded library: where it came from and its symbols. */
    public record Loaded(Path path, String requested, SymbolLookup lookup, NativeLinker linker) { }

    private static volatile Loaded loaded;
    private static volatile DdsLibraryNotFoundException failure;

    private LibraryLoader() {
    }

    /** The process-wide library; throws the same clear exception on every call if it can't be loaded. */
    public static Loaded get() {
        Loaded l = loaded;
        if (l != null) {
            return l;
        }
        synchronized (LibraryLoader.class) {
            if (loaded == null && failure == null) {
                try {
                    String explicit = System.getProperty(PROPERTY);
                    String source = "system property " + PROPERTY;
                    if (explicit == null || explicit.isBlank()) {
                        explicit = System.getenv(ENV);
                        source = "environment variable " + ENV;
                    }
                    loaded = explicit == null || explicit.isBlank() ? loadBySoname() : loadExplicit(explicit, source);
                } catch (DdsLibraryNotFoundException e) {
                    failure = e;
                }
            }
            if (failure != null) {
                // a fresh exception each time so the caller's stack trace is meaningful
                throw new DdsLibraryNotFoundException(failure.getMessage(), failure.tried());
            }
            return loaded;
        }
    }

    /** Loads one explicit file without touching the process-wide state (used by tests for bad paths). */
    public static Loaded loadExplicit(String file, String source) {
        Path p = Path.of(file);
        List<String> tried = List.of(file + " (from " + source + ")");
        if (!Files.isRegularFile(p)) {
            throw new DdsLibraryNotFoundException("libddsc not found: " + file + " (from " + source
                    + ") is not a file. " + installHint(), tried);
        }
        if (!isElf(p)) {
            throw new DdsLibraryNotFoundException("libddsc could not be loaded: " + file + " (from " + source
                    + ") is not a shared library (no ELF header). " + installHint(), tried);
        }
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(p, Arena.global());
            return verified(new Loaded(p.toAbsolutePath(), file, lookup, new NativeLinker(lookup)), tried);
        } catch (IllegalArgumentException e) {
            throw new DdsLibraryNotFoundException("libddsc could not be loaded from " + file + " (from " + source
                    + "): " + e.getMessage() + ". " + installHint(), tried);
        }
    }

    private static boolean isElf(Path p) {
        try (var in = Files.newInputStream(p)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static Loaded loadBySoname() {
        List<String> tried = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (String soname : SONAMES) {
            tried.add(soname);
            try {
                SymbolLookup lookup = SymbolLookup.libraryLookup(soname, Arena.global());
                Path path = LoadedFileLocator.find(lookup, soname);
                return verified(new Loaded(path, soname, lookup, new NativeLinker(lookup)), tried);
            } catch (IllegalArgumentException e) {
                errors.add(soname);
            }
        }
        throw new DdsLibraryNotFoundException("Cyclone DDS C library (libddsc) not found; tried " + String.join(", ", tried)
                + " on the dynamic linker path, and neither system property " + PROPERTY + " nor environment variable "
                + ENV + " names a file. " + installHint(), tried);
    }

    private static Loaded verified(Loaded l, List<String> tried) {
        if (!l.linker().has("dds_create_participant") || !l.linker().has("dds_strretcode")) {
            throw new DdsLibraryNotFoundException(l.requested() + " was loaded but is not libddsc "
                    + "(it has no dds_create_participant). " + installHint(), tried);
        }
        return l;
    }

    public static String installHint() {
        return "Install the Debian/Ubuntu package libddsc0debian (Debian 12: apt install libddsc0debian; Debian 13 "
                + "and later name it libddsc0t64), or source a ROS 2 "
                + "installation that ships cyclonedds, or point " + PROPERTY + "/" + ENV + " at a libddsc.so file.";
    }
}
