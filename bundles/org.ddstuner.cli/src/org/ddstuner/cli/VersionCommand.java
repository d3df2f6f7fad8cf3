package org.ddstuner.cli;

import java.io.PrintStream;

import org.ddstuner.dds.DdsLibrary;

/** {@code ddstuner version}. */
final class VersionCommand {

    private VersionCommand() {
    }

    static int run(PrintStream out) {
        String own = Main.class.getPackage().getImplementationVersion();
        out.println("DDS Tuner " + (own != null ? own : "0.1.0"));
        out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
        DdsLibrary lib = DdsLibrary.get();
        out.println("libddsc " + lib.version() + " at " + lib.path());
        out.println("libddsc features: " + lib.features());
        return Main.EXIT_OK;
    }
}
