package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.record.McapRepair;
import org.ddstuner.record.Recorder;
import org.ddstuner.record.mcap.McapFormatException;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;

/**
 * {@code ddstuner record}: resolves each topic's type as {@code subscribe} does (a topic without a known type is
 * recorded as bytes without a schema), starts a {@link Recorder} and stops it at --duration or Ctrl-C; prints the
 * counts on stdout.
 */
final class RecordCommand {

    private final CliOptions common;
    private final List<TopicOptions> topics;
    private final boolean all;
    private final Path output;
    private final PrintStream out;
    private final PrintStream err;

    RecordCommand(CliOptions common, List<TopicOptions> topics, boolean all, Path output, PrintStream out,
            PrintStream err) {
        this.common = common;
        this.topics = topics;
        this.all = all;
        this.output = output;
        this.out = out;
        this.err = err;
    }

    int run() throws Exception {
        if (Files.exists(output)) {
            throw new CliException(Main.EXIT_USAGE, "--output " + output + " exists already: not overwritten");
        }
        ImportedTypes imported = TopicLookup.importIdl(topics.getFirst().idlFiles);
        ConnectionManager manager = ConnectionManager.get();
        try (StopSignal stop = StopSignal.install("record")) {
            Connection c = manager.open(common.profile("cli", 0, false));
            try {
                List<Recorder.TopicChoice> choices = choose(c, imported);
                Recorder r;
                try {
                    r = Recorder.start(c, output, choices, Recorder.DEFAULT_RING);
                } catch (IOException e) {
                    throw new CliException(Main.EXIT_USAGE, "--output " + output + ": " + e.getMessage());
                }
                err.println("recording " + r.topics().size() + " topic" + (r.topics().size() == 1 ? "" : "s") + " to "
                        + output + ": " + String.join(", ", r.topics()));
                err.flush();
                long end = common.durationSeconds < 0 ? Long.MAX_VALUE
                        : System.nanoTime() + (long) (common.durationSeconds * 1e9);
                while (!stop.requested() && System.nanoTime() < end && r.failure() == null) {
                    stop.await(Math.max(1, Math.min(200, (end - System.nanoTime()) / 1_000_000)));
                }
                r.close();
                Recorder.Stats s = r.stats();
                out.println(String.format(Locale.ROOT, "recorded %s: %d topics, %d channels, %.1f s, received %d, "
                        + "written %d, dropped %d, %.1f MB (%.2f MB/s)", output, s.topics(), s.channels(),
                        s.elapsed().toNanos() / 1e9, s.received(), s.written(), s.dropped(), s.bytes() / 1e6,
                        s.megabytesPerSecond()));
                if (r.failure() != null) {
                    err.println("ddstuner: recording stopped: " + r.failure());
                    return Main.EXIT_ENVIRONMENT;
                }
                return Main.EXIT_OK;
            } finally {
                manager.close(c);
            }
        }
    }

    /** Each topic's type (RAW allowed: recorded as bytes) and reader QoS. */
    private List<Recorder.TopicChoice> choose(Connection c, ImportedTypes imported) throws InterruptedException {
        List<TopicOptions> chosen = all ? allTopics(c) : topics;
        List<Recorder.TopicChoice> out = new ArrayList<>();
        try {
            for (TopicOptions o : chosen) {
                SystemSnapshot s = TopicLookup.discover(c, o);
                ResolvedType type = TopicLookup.resolve(c, o, imported, EnumSet.allOf(TypeSource.class));
                DerivedQos qos = QosDeriver.forReader(s, o.topic);
                if (type.isRaw()) {
                    err.println("  note: no type for '" + o.topic + "': recorded as bytes without a schema (import its "
                            + "IDL with --idl FILE)");
                }
                out.add(new Recorder.TopicChoice(type, qos));
            }
        } catch (RuntimeException e) {
            out.forEach(t -> t.type().close());
            throw e;
        }
        return out;
    }

    /** --all: the topics applications write, seen within --wait. */
    private List<TopicOptions> allTopics(Connection c) throws InterruptedException {
        Thread.sleep((long) (common.waitSeconds * 1000));
        TreeSet<String> names = new TreeSet<>();
        for (Endpoint e : c.model().snapshot(false).endpoints()) {
            if (!e.isReader() && e.alive() && !e.hidden() && !e.topicName().startsWith("DCPS")) {
                names.add(e.topicName());
            }
        }
        if (names.isEmpty()) {
            throw new CliException(Main.EXIT_EXPECTATION, "--all: no topic with a writer seen within --wait "
                    + common.waitSeconds + " s on domain " + c.profile().domainId());
        }
        List<TopicOptions> out = new ArrayList<>();
        TopicOptions template = topics.getFirst();
        for (String n : names) {
            TopicOptions o = new TopicOptions(TopicOptions.Kind.SUBSCRIBE, n, common);
            o.idlFiles.addAll(template.idlFiles);
            o.rosMsgPaths.addAll(template.rosMsgPaths);
            out.add(o);
        }
        return out;
    }

    /** {@code record --repair F}. */
    static int repair(Path file, PrintStream out) {
        Path to = McapRepair.repairedPath(file);
        try {
            long n = McapRepair.repair(file, to);
            out.println("repaired " + file + " into " + to + ": " + n + " messages");
            return Main.EXIT_OK;
        } catch (McapFormatException e) {
            throw new CliException(Main.EXIT_USAGE, "--repair " + file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "--repair " + file + ": " + e.getMessage());
        }
    }
}
