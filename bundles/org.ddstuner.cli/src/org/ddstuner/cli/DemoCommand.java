package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.demo.DemoSystem;

/** {@code ddstuner demo}: the built-in demo system, headless, until stopped. */
final class DemoCommand {

    private final CliOptions options;
    private final PrintStream out;

    DemoCommand(CliOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    int run() {
        ConnectionProfile profile = options.profile("demo", ConnectionProfile.DEMO_DOMAIN, false);
        CountDownLatch stop = new CountDownLatch(1);
        // the connection's configuration: with topic discovery on, the demo announces its topics on DCPSTopic
        try (Domain domain = Domain.create(profile.domainId(), profile.connectionConfigXml());
                DemoSystem demo = DemoSystem.start(domain, e -> System.err.println("demo: " + e))) {
            Thread hook = new Thread(stop::countDown, "ddstuner-demo-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            out.println("READY demo on domain " + profile.domainId() + " (" + profile.summary() + "): participants "
                    + DemoSystem.PARTICIPANTS + ", topics " + DemoSystem.TOPICS);
            out.flush();
            if (options.durationSeconds >= 0) {
                stop.await((long) (options.durationSeconds * 1000), TimeUnit.MILLISECONDS);
            } else {
                stop.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Main.EXIT_OK;
    }
}
