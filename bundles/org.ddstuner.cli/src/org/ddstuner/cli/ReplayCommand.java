package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.record.Replayer;
import org.ddstuner.record.mcap.McapFormatException;
import org.ddstuner.record.mcap.McapReader;

/**
 * {@code ddstuner replay F.mcap}: opens the recording (a bad file is a usage error naming the byte offset), creates
 * the writers, waits up to --wait for readers, plays, prints what was written and the timing error.
 */
final class ReplayCommand {

    private final CliOptions common;
    private final Path file;
    private final Replayer.Options options;
    private final PrintStream out;
    private final PrintStream err;
    private final java.util.function.UnaryOperator<org.ddstuner.samples.DerivedQos> qosEdit;

    ReplayCommand(CliOptions common, Path file, Replayer.Options options,
            java.util.function.UnaryOperator<org.ddstuner.samples.DerivedQos> qosEdit, PrintStream out, PrintStream err) {
        this.common = common;
        this.file = file;
        this.options = options;
        this.qosEdit = qosEdit;
        this.out = out;
        this.err = err;
    }

    int run() throws Exception {
        McapReader reader = open(file);
        try (reader; StopSignal stop = StopSignal.install("replay")) {
            reader.notes().forEach(n -> err.println("  note: " + n));
            ConnectionManager manager = ConnectionManager.get();
            Connection c = manager.open(common.profile("cli", 0, false));
            Replayer r = null;
            try {
                try {
                    r = Replayer.open(c, reader, options, qosEdit);
                } catch (IllegalArgumentException e) {
                    throw new CliException(Main.EXIT_USAGE, "replay: " + e.getMessage());
                }
                describe(r.targets(), r.notes(), file, options, err);
                boolean matched = r.awaitReaders(1, Duration.ofMillis((long) (common.waitSeconds * 1000)));
                if (!matched) {
                    err.println("ddstuner: not every topic has a matched reader after --wait " + common.waitSeconds
                            + " s: " + r.matchedReaders());
                }
                err.flush();
                long end = common.durationSeconds < 0 ? Long.MAX_VALUE
                        : System.nanoTime() + (long) (common.durationSeconds * 1e9);
                long t0 = System.nanoTime();
                Replayer.Result res;
                try {
                    res = r.run(() -> stop.requested() || System.nanoTime() > end);
                } catch (McapFormatException e) {
                    throw new CliException(Main.EXIT_USAGE, "replay: " + file + ": " + e.getMessage());
                }
                double secs = (System.nanoTime() - t0) / 1e9;
                summary(file, r.targets().size(), res, secs, "", out, err);
                int readers = r.matchedReaders().values().stream().mapToInt(Integer::intValue).sum();
                return readers == 0 && !r.targets().isEmpty() ? Main.EXIT_EXPECTATION : Main.EXIT_OK;
            } finally {
                if (r != null) {
                    r.close();
                }
                manager.close(c);
            }
        }
    }

    /** Opens the recording; a missing, unreadable or damaged file is a usage error (with the byte offset). */
    static McapReader open(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new CliException(Main.EXIT_USAGE, "replay: no file " + file);
        }
        try {
            return McapReader.open(file);
        } catch (McapFormatException e) {
            throw new CliException(Main.EXIT_USAGE, "replay: " + file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "replay: cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The writers on stderr; exit 1 when there is none. */
    static void describe(List<Replayer.Target> targets, List<String> notes, Path file, Replayer.Options options,
            PrintStream err) {
        for (Replayer.Target t : targets) {
            err.println("replaying '" + t.recordedTopic() + "'" + (t.topic().equals(t.recordedTopic()) ? ""
                    : " as '" + t.topic() + "'") + " (" + t.typeName() + ") partitions="
                    + TextReport.partitions(t.qos().partitions()) + " " + TextReport.qosSummary(t.qos().qos()));
        }
        notes.forEach(n -> err.println("  note: " + n));
        if (targets.isEmpty()) {
            throw new CliException(Main.EXIT_EXPECTATION, "replay: nothing to replay in " + file + " (no "
                    + "recorded topic with a type" + (options.topics().isEmpty() ? "" : " among --topic "
                            + options.topics()) + ")");
        }
    }

    /** The result line on stdout, the notes on stderr. */
    static void summary(Path file, int topics, Replayer.Result res, double secs, String where, PrintStream out,
            PrintStream err) {
        out.println(String.format(Locale.ROOT, "replayed %s%s: %d topics, written %d in %.1f s (%d loop%s), "
                + "timing error p50 %.3f ms, p99 %.3f ms, max %.3f ms", file, where, topics, res.written(), secs,
                res.loops(), res.loops() == 1 ? "" : "s", res.timingP50Nanos() / 1e6, res.timingP99Nanos() / 1e6,
                res.timingMaxNanos() / 1e6));
        res.notes().forEach(n -> err.println("  note: " + n));
    }
}
