package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Domain;
import org.ddstuner.pother.agent.Agent;

/**
 * {@code ddstuner pother --app-id N [--group-id G] [--parent-pid P]}: a Pother agent in the foreground until
 * stopped (Ctrl-C / SIGTERM, which still stops its tests and announces "stopped"), {@code --duration}, or the
 * end of process P (the desktop that started it as a local agent: a killed desktop leaves no agents behind).
 * It listens to the announcements for 1.5 s before it announces itself, and refuses to start (exit 3, naming the
 * other agent's pid and host) if another agent already announces that app id.
 */
final class PotherCommand {

    private final PotherOptions options;
    private final PrintStream out;

    PotherCommand(PotherOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
        if (!options.has("--app-id")) {
            throw new CliException(Main.EXIT_USAGE, "pother needs --app-id N (the number commands address this agent by).");
        }
    }

    int run() {
        int appId = options.integer("--app-id", 0, 0, Integer.MAX_VALUE);
        String group = options.string("--group-id", "");
        ConnectionProfile profile = options.common.profile("pother", 0, false);
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                stopped.await(15, TimeUnit.SECONDS); // let the agent say "stopped" before the JVM goes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ddstuner-pother-stop");
        try (Domain domain = Domain.create(profile.domainId(), profile.configXml());
                Agent agent = Agent.startUnique(domain, appId, group, line -> { // refuses an app id another agent holds
                    out.println(line);
                    out.flush();
                })) {
            Runtime.getRuntime().addShutdownHook(hook);
            if (options.has("--parent-pid")) {
                long parent = options.integer("--parent-pid", 0, 1, Integer.MAX_VALUE);
                ProcessHandle.of(parent).ifPresentOrElse(h -> h.onExit().thenRun(stop::countDown), stop::countDown);
            }
            out.println("READY pother agent app-id " + appId + (group.isEmpty() ? "" : " group " + group) + " on domain "
                    + profile.domainId() + " (" + profile.summary() + "), pid " + ProcessHandle.current().pid());
            out.flush();
            if (options.common.durationSeconds >= 0) {
                stop.await((long) (options.common.durationSeconds * 1000), TimeUnit.MILLISECONDS);
            } else {
                stop.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stopped.countDown();
        }
        return Main.EXIT_OK;
    }
}
