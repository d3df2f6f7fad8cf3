package org.ddstuner.demo.tests;

import java.io.IOException;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.demo.DemoSystem;

/**
 * The demo system in a child JVM on a plain class path (as the CLI runs it), for {@link DemoProcess}: args
 * DOMAIN. Prints READY once the demo runs, {@code ERROR ...} for errors inside it, and ends when its
 * standard input closes (the test ended or died) or after two minutes.
 */
public final class DemoPeer {

    private static final long MAX_MILLIS = 120_000;

    private DemoPeer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        try (Domain domain = Domain.create(Integer.parseInt(args[0]), CycloneConfig.loopbackOnly());
                DemoSystem demo = DemoSystem.start(domain, e -> System.out.println("ERROR " + e))) {
            System.out.println("READY");
            System.out.flush();
            Thread stdin = Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // nothing is sent: we only wait for the end of the stream
                    }
                } catch (IOException e) {
                    // the parent is gone
                }
            });
            stdin.join(MAX_MILLIS);
        }
    }
}
