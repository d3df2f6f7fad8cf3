package org.ddstuner.qos.tests;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.QosCapabilities;

/**
 * Runs the capability probe on the libddsc of this JVM and prints the table: for a child JVM on another
 * libddsc ({@code -Dddstuner.libddsc=…}), since the library is process-wide. Prints "libddsc VERSION", the
 * table lines, "REASONS" and one reason per line, then "OK".
 */
public final class CapabilityTableMain {

    private CapabilityTableMain() {
    }

    public static void main(String[] args) {
        System.out.println("libddsc " + DdsLibrary.get().version());
        QosCapabilities caps = CapabilityProbe.forLoadedLibrary();
        System.out.print(caps.table());
        System.out.println("REASONS");
        caps.capabilities().forEach(c -> System.out.println(c.kind().jsonName() + " " + c.policy() + ": " + c.reason()));
        System.out.println("OK");
        System.out.flush();
        Runtime.getRuntime().halt(0); // no shutdown hooks racing libddsc's own atexit
    }
}
