package org.ddstuner.dds;

import java.nio.file.Path;

import org.ddstuner.dds.internal.DdsC;
import org.ddstuner.dds.internal.LibraryLoader;
import org.ddstuner.dds.internal.LoadedFileLocator;

/**
 * The Cyclone DDS C library (libddsc) this process uses. Found once, in this order: system property
 * {@code ddstuner.libddsc} or environment variable {@code DDSTUNER_LIBDDSC} (an explicit file), then the
 * sonames libddsc.so.0debian (Debian/Ubuntu), libddsc.so.0 (ROS 2, upstream 0.10), libddsc.so.11,
 * libddsc.so. Works with 0.10.x and 11.x; version differences are detected from exported symbols.
 */
public final class DdsLibrary {

    /**
     * What this libddsc can do, detected from its exported symbols.
     *
     * @param entitySertype               {@code dds_get_entity_sertype} (11.x): raw CDR writes via a topic's sertype
     * @param topicDescriptorFromTypeInfo {@code dds_create_topic_descriptor}: build a topic from discovered type info
     * @param typeLookup                  {@code dds_get_typeobj}: XTypes type lookup over the wire
     * @param topicDiscovery              the DCPSTopic built-in topic can be read (needs a build with topic discovery;
     *                                    the remote side must also enable it)
     * @param wordCountedOps              {@code m_nops} counts 32-bit words (11.x) rather than instructions (0.10.x)
     * @param dynamicTypes                {@code dds_dynamic_type_create} (11.x)
     */
    public record Features(boolean entitySertype, boolean topicDescriptorFromTypeInfo, boolean typeLookup,
            boolean topicDiscovery, boolean wordCountedOps, boolean dynamicTypes) { }

    private static volatile DdsLibrary instance;

    private final Path path;
    private final String version;
    private final Features features;

    private DdsLibrary(LibraryLoader.Loaded loaded) {
        this.path = loaded.path();
        this.version = LoadedFileLocator.version(loaded.path());
        var l = loaded.linker();
        int major = majorVersion(version);
        boolean v11 = major >= 11 || (major < 0 && l.has("dds_get_entity_sertype"));
        // topic discovery: both versions export the free function only when built with it
        this.features = new Features(l.has("dds_get_entity_sertype"), l.has("dds_create_topic_descriptor"),
                l.has("dds_get_typeobj"), l.has("dds_builtintopic_free_topic"), v11, l.has("dds_dynamic_type_create"));
    }

    /**
     * The process-wide library.
     *
     * @throws DdsLibraryNotFoundException naming what was tried and how to install libddsc
     */
    public static DdsLibrary get() {
        DdsLibrary d = instance;
        if (d == null) {
            synchronized (DdsLibrary.class) {
                if (instance == null) {
                    instance = new DdsLibrary(LibraryLoader.get());
                    DdsC.dds_time(); // binds every required symbol now, so a wrong library fails here
                }
                d = instance;
            }
        }
        return d;
    }

    /**
     * Tries to load libddsc from one explicit file without making it the process-wide library; useful to
     * check a user-supplied path. Returns its version, or throws {@link DdsLibraryNotFoundException}.
     */
    public static String probe(Path file) {
        LibraryLoader.Loaded l = LibraryLoader.loadExplicit(file.toString(), "explicit path");
        return LoadedFileLocator.version(l.path());
    }

    /** The loaded file (real path when it could be resolved through /proc/self/maps). */
    public Path path() {
        return path;
    }

    /** "0.10.2", "11.0.1", …; {@code "unknown"} if no method found it. */
    public String version() {
        return version == null ? "unknown" : version;
    }

    public Features features() {
        return features;
    }

    /** Major version number, or -1 if unknown. */
    public int majorVersion() {
        return majorVersion(version);
    }

    private static int majorVersion(String v) {
        if (v == null) {
            return -1;
        }
        try {
            return Integer.parseInt(v.substring(0, v.indexOf('.')));
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Override
    public String toString() {
        return "libddsc " + version() + " (" + path + ")";
    }
}
