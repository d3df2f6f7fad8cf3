package org.ddstuner.cli;

import java.io.PrintStream;

import org.ddstuner.dds.DdsLibrary;

import picocli.CommandLine;

/** {@code ddstuner version} and {@code ddstuner --version}: DDS Tuner, Java, the libraries, libddsc. */
final class VersionCommand {

    private VersionCommand() {
    }

    static int run(PrintStream out) {
        out.println("DDS Tuner " + ownVersion());
        out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
        out.println("picocli " + CommandLine.VERSION);
        String jackson = jacksonVersion();
        if (jackson != null) {
            out.println("Jackson " + jackson);
        }
        DdsLibrary lib = DdsLibrary.get();
        out.println("libddsc " + lib.version() + " at " + lib.path());
        out.println("libddsc features: " + lib.features());
        return Main.EXIT_OK;
    }

    /**
     * The cli bundle's Bundle-Version with the build qualifier (e.g. 0.10.0.202612020130): the whole product is built
     * with one qualifier, so this is the product's version, as Help → About shows it. Read from the manifest of the
     * jar (or classes folder) this class came from: on the CLI's plain class path several manifests are visible and
     * the first one found by name would be another bundle's.
     */
    static String ownVersion() {
        try {
            java.net.URL where = Main.class.getProtectionDomain().getCodeSource().getLocation();
            String url = where.toString(); // inside Equinox (desktop, tests) the location is "reference:file:…"
            java.nio.file.Path p = java.nio.file.Path.of(new java.net.URI(url.startsWith("reference:") ? url.substring(10) : url));
            java.util.jar.Manifest m;
            if (java.nio.file.Files.isDirectory(p)) { // classes folder in a development build: the source manifest
                java.nio.file.Path mf = p.resolve("META-INF/MANIFEST.MF");
                if (!java.nio.file.Files.isRegularFile(mf)) {
                    mf = p.getParent().getParent().resolve("META-INF/MANIFEST.MF");
                }
                try (java.io.InputStream in = java.nio.file.Files.newInputStream(mf)) {
                    m = new java.util.jar.Manifest(in);
                }
            } else {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(p.toFile())) {
                    m = jar.getManifest();
                }
            }
            String v = m != null ? m.getMainAttributes().getValue("Bundle-Version") : null;
            return v != null ? v.trim() : "(version unknown)";
        } catch (java.io.IOException | java.net.URISyntaxException | RuntimeException e) {
            return "(version unknown: " + e.getMessage() + ")";
        }
    }

    /**
     * Jackson's version when it is on the class path (the JSON code moves to it; until then the CLI runs without
     * it), from the jar's manifest; null when it is not there.
     */
    private static String jacksonVersion() {
        try {
            Class<?> c = Class.forName("com.fasterxml.jackson.databind.ObjectMapper", false, VersionCommand.class.getClassLoader());
            String v = c.getPackage().getImplementationVersion();
            return v != null ? v : "(version unknown)";
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
