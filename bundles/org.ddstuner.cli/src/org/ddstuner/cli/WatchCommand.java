package org.ddstuner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.health.HealthEvent;
import org.ddstuner.health.HealthWatch;
import org.ddstuner.health.HealthWatcher;
import org.ddstuner.health.RuleSet;
import org.ddstuner.health.RulesFileException;
import org.ddstuner.health.Severity;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.TypeResolver;

/**
 * {@code ddstuner watch}: a {@link HealthWatcher} on a joined domain, printing each event on stdout (text or one
 * JSON object per line) as it happens, notes on stderr; stops after --duration or on Ctrl-C. Exit 5 when an
 * error-severity problem fired, so a CI step or test rig fails on it.
 */
final class WatchCommand {

    private final CliOptions options;
    private final Path rulesFile;
    private final List<String> topics;
    private final List<Path> idl;
    private final List<Path> rosMsgPaths;
    private final PrintStream out;
    private final PrintStream err;

    WatchCommand(CliOptions options, Path rulesFile, List<String> topics, List<Path> idl, List<Path> rosMsgPaths,
            PrintStream out, PrintStream err) {
        this.idl = idl;
        this.rosMsgPaths = rosMsgPaths;
        this.options = options;
        this.rulesFile = rulesFile;
        this.topics = topics;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        RuleSet rules = rules(rulesFile, topics);
        ImportedTypes imported = TopicLookup.importIdl(idl);
        ConnectionManager manager = ConnectionManager.get();
        try (StopSignal stop = StopSignal.install("watch")) {
            Connection c = manager.open(options.profile("cli", 0, false));
            TypeResolver resolver = new TypeResolver(c, imported, TopicLookup.rosMessages(rosMsgPaths));
            try (HealthWatcher w = new HealthWatcher(c, rules, resolver, Duration.ofSeconds(3), Clock.systemUTC())) {
                return follow(w, topics, "watching domain " + c.profile().domainId() + " with " + rules.rules().size()
                        + " rule(s) from " + rulesFile, options, stop, out, err);
            } finally {
                manager.close(c);
            }
        }
    }

    /** The rules file's rules; exit 2 for one that does not read, or for nothing to watch. */
    static RuleSet rules(Path rulesFile, List<String> topics) {
        RuleSet rules;
        try {
            rules = RuleSet.read(rulesFile);
        } catch (RulesFileException e) {
            throw new CliException(Main.EXIT_USAGE, "--rules " + e.getMessage());
        }
        if (rules.rules().isEmpty() && topics.isEmpty()) {
            throw new CliException(Main.EXIT_USAGE, "--rules " + rulesFile + ": no rules and no --topic: nothing to watch");
        }
        return rules;
    }

    /**
     * Starts {@code w} (a local or a remote agent's watch) on {@code topics} and prints its events on stdout and its
     * notes on stderr until --duration or Ctrl-C; exit 5 when an error fired.
     */
    static int follow(HealthWatch w, List<String> topics, String header, CliOptions options, StopSignal stop,
            PrintStream out, PrintStream err) throws InterruptedException {
        LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        int events = 0;
        int errors = 0;
        w.addListener(queue::add);
        w.addNoteListener(n -> queue.add(new Note(n)));
        topics.forEach(w::watch);
        err.println(header + (options.durationSeconds >= 0 ? " for " + options.durationSeconds + " s" : ""));
        err.flush();
        w.start();
        long end = options.durationSeconds < 0 ? Long.MAX_VALUE
                : System.nanoTime() + (long) (options.durationSeconds * 1e9);
        while (!stop.requested() && System.nanoTime() < end) {
            long left = Math.min(100, Math.max(1, (end - System.nanoTime()) / 1_000_000));
            Object o = queue.poll(left, TimeUnit.MILLISECONDS);
            for (; o != null; o = queue.poll()) {
                if (o instanceof HealthEvent e) {
                    events++;
                    if (e.kind() == HealthEvent.Kind.FIRED && e.severity() == Severity.ERROR) {
                        errors++;
                    }
                    out.println(options.json ? e.toJson() : e.toText());
                    out.flush();
                } else {
                    err.println("  note: " + ((Note) o).text());
                    err.flush();
                }
            }
        }
        int activeNow = w.active().size();
        err.println(events + " event(s), " + errors + " error(s) fired, " + activeNow + " problem(s) active at "
                + "the end; topics watched: " + w.watchedTopics());
        return errors > 0 ? Main.EXIT_ALERT : Main.EXIT_OK;
    }

    private record Note(String text) {
    }
}
