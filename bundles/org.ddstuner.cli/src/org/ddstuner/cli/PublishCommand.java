package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.InjectionGuard;
import org.ddstuner.samples.JsonImportException;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.RepeatJob;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleJson;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.WriterSession;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.types.cdr.CdrException;

/**
 * {@code ddstuner publish TOPIC --json '{...}'}: resolves the topic's type, checks the JSON against it, creates
 * a writer with QoS derived from the topic's readers, waits (--wait) for them to match, writes (or disposes)
 * and says how many readers were matched. Typing the command is the confirmation that injecting into the
 * system is wanted (the desktop asks once per connection instead); what is written where is printed first.
 */
final class PublishCommand {

    private final TopicOptions options;
    private final PrintStream out;
    private final PrintStream err;

    PublishCommand(TopicOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        String json = jsonText();
        ImportedTypes imported = TopicLookup.importIdl(options.idlFiles);
        ConnectionManager manager = ConnectionManager.get();
        try (StopSignal stop = StopSignal.install("publish")) {
            Connection c = manager.open(options.common.profile("cli", 0, false));
            try {
                SystemSnapshot s = TopicLookup.discover(c, options);
                try (ResolvedType type = TopicLookup.resolve(c, options, imported, EnumSet.of(TypeSource.WIRE,
                        TypeSource.IMPORTED, TypeSource.ROS_MSG, TypeSource.ROS_SERVICE))) {
                    List<Object> values = values(type, json);
                    DerivedQos qos = QosDeriver.forWriter(s, options.topic, type);
                    if (!options.partitions.isEmpty()) {
                        qos = qos.withPartitions(options.partitions);
                    }
                    // the command ends (and its writer is deleted) right after writing: that must not dispose
                    // the instances it just wrote, only --dispose does
                    qos = qos.withQos(qos.qos().with(new Qos.WriterDataLifecycle(false)));
                    InjectionGuard.of(c).confirm();
                    try (WriterSession w = WriterSession.open(c, type, qos)) {
                        encodable(w, values);
                        // the QoS comes from the applications' readers only, but Cyclone's matched count includes
                        // other DDS Tuners' readers (e.g. a `ddstuner subscribe` elsewhere): they get the samples
                        // too, so they are waited for and counted as discovered, and said apart
                        int tools = toolReaders(s, type.topicName());
                        int discovered = qos.peers().size() + tools;
                        int matched = awaitReaders(w, Math.max(1, discovered), stop);
                        describe(c, type, qos, w, values, matched, discovered, tools);
                        long written = options.dispose ? dispose(w, values) : write(w, values, stop);
                        err.println((options.dispose ? "disposed " : "wrote ") + written + " sample"
                                + (written == 1 ? "" : "s") + " to '" + type.topicName() + "'; readers matched: "
                                + w.matchedReaders());
                        if (matched == 0) {
                            err.println("ddstuner: no reader matched within --wait " + options.common.waitSeconds
                                    + " s: the samples reached nobody");
                            return Main.EXIT_EXPECTATION;
                        }
                        return Main.EXIT_OK;
                    }
                }
            } finally {
                manager.close(c);
            }
        }
    }

    private String jsonText() {
        if (options.jsonText != null) {
            return options.jsonText;
        }
        try {
            return Files.readString(options.jsonFile);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_USAGE, "--json-file: cannot read \"" + options.jsonFile + "\": "
                    + e.getMessage());
        }
    }

    /** The samples in the JSON (one value, an array of them, or exported samples), checked against the type. */
    private List<Object> values(ResolvedType type, String json) {
        String what = options.jsonText != null ? "--json" : "--json-file " + options.jsonFile;
        try {
            List<Object> v = SampleJson.readSamples(type, json);
            if (v.isEmpty()) {
                throw new CliException(Main.EXIT_USAGE, what + ": no sample in it");
            }
            return v;
        } catch (JsonImportException e) {
            throw new CliException(Main.EXIT_USAGE, what + ": does not fit " + type.typeName() + " " + e.getMessage()
                    + "\nType:\n" + TypeIdl.print(type.library(), type.typeName()));
        }
    }

    /** Encodes each value once now, so a value the encoder refuses is a usage error before anything is written. */
    private static void encodable(WriterSession w, List<Object> values) {
        for (int i = 0; i < values.size(); i++) {
            try {
                w.encode(values.get(i));
            } catch (CdrException | IllegalArgumentException e) {
                throw new CliException(Main.EXIT_USAGE, "sample " + (values.size() > 1 ? "$[" + i + "] " : "")
                        + "cannot be encoded: " + e.getMessage());
            }
        }
    }

    /** Alive readers of other DDS Tuner instances on the topic (the snapshot has the tools' entities). */
    private static int toolReaders(SystemSnapshot s, String topic) {
        return (int) s.endpoints().stream()
                .filter(e -> e.topicName().equals(topic) && e.alive() && e.isReader() && e.tool() && !e.own()).count();
    }

    /** Waits up to --wait until {@code expected} readers matched; returns how many did. */
    private int awaitReaders(WriterSession w, int expected, StopSignal stop) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (options.common.waitSeconds * 1e9);
        while (w.matchedReaders() < expected && System.nanoTime() < deadline && !stop.requested()) {
            stop.await(20);
        }
        return w.matchedReaders();
    }

    private void describe(Connection c, ResolvedType type, DerivedQos qos, WriterSession w, List<Object> values,
            int matched, int discovered, int tools) {
        long n = options.dispose ? values.size() : count(values);
        out.println("publish: " + (options.dispose ? "dispose " : "write ") + (n == 0 ? "samples until stopped"
                : n + " sample" + (n == 1 ? "" : "s"))
                + (options.rate > 0 && !options.dispose ? " at " + options.rate + "/s" : "") + " to topic '"
                + type.topicName() + "' (" + c.profile().summary() + ")");
        out.println("  type " + type.typeName() + " (" + type.source().text() + "), " + w.representation()
                + ", partitions " + TextReport.partitions(qos.partitions()) + " " + TextReport.qosSummary(qos.qos()));
        out.println("  readers matched: " + matched + " of " + discovered + " discovered"
                + (tools > 0 ? " (" + tools + " of another DDS Tuner)" : ""));
        for (Object v : new LinkedHashSet<>(values)) {
            out.println("  value " + SampleJson.toJson(v));
        }
        for (String note : qos.notes()) {
            out.println("  note: " + note);
        }
        out.flush();
    }

    /** --count (0: until stopped), else each value once. */
    private long count(List<Object> values) {
        return options.count >= 0 ? options.count : values.size();
    }

    private long write(WriterSession w, List<Object> values, StopSignal stop) throws InterruptedException {
        long n = count(values);
        RepeatJob job = w.repeat(i -> values.get((int) (i % values.size())), n, options.rate);
        while (!job.await(Duration.ofMillis(50))) {
            if (stop.requested()) {
                job.stop();
                job.await(Duration.ofSeconds(1));
                break;
            }
        }
        if (job.failure() != null) {
            throw new CliException(Main.EXIT_ENVIRONMENT, job.failure());
        }
        return job.written();
    }

    private static long dispose(WriterSession w, List<Object> values) {
        for (Object v : values) {
            w.dispose(v);
        }
        return values.size();
    }
}
