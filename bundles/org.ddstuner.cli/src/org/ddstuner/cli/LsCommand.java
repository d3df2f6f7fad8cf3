package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.remote.ClientOptions;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemSnapshot;

/**
 * {@code ddstuner ls} and {@code ddstuner ps}: join the domain (or read a remote agent's model), discover for --wait
 * seconds (or until every --expect-… is met), print the model, and exit with a code CI can use.
 */
final class LsCommand {

    private final CliOptions options;
    private final PrintStream out;
    private final PrintStream err;
    /** The agent to read, or {@code null}: join the domain. */
    private final ClientOptions remote;

    LsCommand(CliOptions options, ClientOptions remote, PrintStream out, PrintStream err) {
        this.options = options;
        this.remote = remote;
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
        try (ModelSource source = remote != null ? ModelSource.remote(remote, err)
                : ModelSource.local(options.profile("cli", 0, false))) {
            SystemSnapshot s = discover(source.model());
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
        }
    }

    /** Waits the full --wait, or less when expectations were given and are all met. */
    private SystemSnapshot discover(SystemModel model) {
        long deadline = System.nanoTime() + (long) (options.waitSeconds * 1e9);
        boolean expecting = !options.expectTopics.isEmpty() || !options.expectParticipants.isEmpty();
        while (true) {
            SystemSnapshot s = model.snapshot(options.all);
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
