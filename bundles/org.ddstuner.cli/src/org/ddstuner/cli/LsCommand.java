package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemSnapshot;

/**
 * {@code ddstuner ls} and {@code ddstuner ps}: join the domain, discover for --wait seconds (or until
 * every --expect-… is met), print the model, and exit with a code CI can use.
 */
final class LsCommand {

    private final CliOptions options;
    private final PrintStream out;
    private final PrintStream err;

    LsCommand(CliOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int run(boolean processesOnly) {
        NameFilter filter;
        try {
            filter = options.filter == null ? NameFilter.ALL : NameFilter.of(options.filter, options.regex);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.EXIT_USAGE, "--filter: " + e.getMessage());
        }
        ConnectionProfile profile = options.profile("cli", 0, false);
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(profile);
        try {
            SystemSnapshot s = discover(c);
            List<String> missing = missing(s);
            if (processesOnly) {
                if (options.json) {
                    out.println(ProcessReport.json(s, filter));
                } else {
                    ProcessReport.text(s, filter, out);
                }
            } else if (options.json) {
                out.println(SnapshotJson.toJson(s, filter));
            } else {
                TextReport.full(s, filter, out);
            }
            if (!missing.isEmpty()) {
                err.println("ddstuner: not seen within " + options.waitSeconds + " s: " + String.join(", ", missing));
                return Main.EXIT_EXPECTATION;
            }
            return Main.EXIT_OK;
        } finally {
            manager.close(c);
        }
    }

    /** Waits the full --wait, or less when expectations were given and are all met. */
    private SystemSnapshot discover(Connection c) {
        long deadline = System.nanoTime() + (long) (options.waitSeconds * 1e9);
        boolean expecting = !options.expectTopics.isEmpty() || !options.expectParticipants.isEmpty();
        while (true) {
            SystemSnapshot s = c.model().snapshot(options.all);
            if (System.nanoTime() >= deadline || (expecting && missing(s).isEmpty())) {
                return s;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s;
            }
        }
    }

    private List<String> missing(SystemSnapshot s) {
        List<String> missing = new ArrayList<>();
        for (String t : options.expectTopics) {
            if (s.topic(t).isEmpty()) {
                missing.add("topic " + t);
            }
        }
        for (String p : options.expectParticipants) {
            boolean seen = s.participants().stream().anyMatch(x -> x.alive() && p.equals(x.name()));
            if (!seen) {
                missing.add("participant " + p);
            }
        }
        return missing;
    }
}
