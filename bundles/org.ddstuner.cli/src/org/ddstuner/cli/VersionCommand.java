package org.ddstuner.cli;

import java.io.PrintStream;

import org.ddstuner.dds.DdsLibrary;

import picocli.CommandLine;

/** {@code ddstuner version} and {@code ddstuner --version}: DDS Tuner, Java, the libraries, libddsc. */
final class VersionCommand {

    private VersionCommand() {
    }

    static int run(PrintStream out) {
        String own = Main.class.getPackage().getImplementationVersion();
        out.println("DDS Tuner " + (own != null ? own : "0.1.0"));
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
