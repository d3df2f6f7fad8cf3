package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.EnumSet;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.FilterParseException;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SampleFilter;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.SystemSnapshot;

/**
 * {@code ddstuner subscribe TOPIC}: the tool's own reader on the topic, with QoS derived from the writers so it
 * matches them, printing one line per sample (text or JSON) on stdout until --count samples, --timeout, or
 * Ctrl-C. What it subscribed with and the totals go to stderr, so stdout holds samples only.
 */
final class SubscribeCommand {

    private static final long POLL_MS = 20;
    private static final int POLL_MAX = 512;

    private final TopicOptions options;
    private final PrintStream out;
    private final PrintStream err;

    SubscribeCommand(TopicOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int run() throws InterruptedException {
        SampleFilter filter;
        try {
            filter = SampleFilter.parse(options.sampleFilter);
        } catch (FilterParseException e) {
            throw new CliException(Main.EXIT_USAGE, "--filter: " + e.getMessage() + " in: " + options.sampleFilter);
        }
        ImportedTypes imported = TopicLookup.importIdl(options.idlFiles);
        ConnectionManager manager = ConnectionManager.get();
        try (StopSignal stop = StopSignal.install("subscribe")) {
            Connection c = manager.open(options.common.profile("cli", 0, false));
            try {
                SystemSnapshot s = TopicLookup.discover(c, options);
                try (ResolvedType type = TopicLookup.resolve(c, options, imported, EnumSet.allOf(TypeSource.class))) {
                    DerivedQos qos = QosDeriver.forReader(s, options.topic);
                    if (!options.partitions.isEmpty()) {
                        qos = qos.withPartitions(options.partitions).withNote("Partitions " + options.partitions
                                + " given with --partition.");
                    }
                    try (ReaderSession reader = ReaderSession.open(c, type, ReaderSession.Config.of(qos))) {
                        describe(type, qos);
                        reader.notes().forEach(n -> err.println("  note: " + n));
                        return loop(reader, filter, stop);
                    }
                }
            } finally {
                manager.close(c);
            }
        }
    }

    private void describe(ResolvedType type, DerivedQos qos) {
        err.println("subscribed to '" + type.topicName() + "' (" + type.typeName() + ", type " + type.source().text()
                + ") partitions=" + TextReport.partitions(qos.partitions()) + " " + TextReport.qosSummary(qos.qos()));
        for (String n : qos.notes()) {
            err.println("  note: " + n);
        }
        if (type.isRaw()) {
            err.println("  no type: samples are shown as bytes (import the IDL with --idl FILE)");
        }
    }

    private int loop(ReaderSession reader, SampleFilter filter, StopSignal stop) throws InterruptedException {
        SampleLine line = new SampleLine(reader.columns());
        long deadline = options.timeoutSeconds < 0 ? Long.MAX_VALUE
                : System.nanoTime() + (long) (options.timeoutSeconds * 1e9);
        long seq = 0;
        long printed = 0;
        long missed = 0;
        boolean enough = false;
        long warnAt = System.nanoTime() + (long) (options.common.waitSeconds * 1e9);
        boolean warned = false;
        while (!enough && !stop.requested() && System.nanoTime() < deadline) {
            SampleBatch b = reader.poll(seq, POLL_MAX);
            seq = b.nextSeq();
            missed += b.missed();
            for (ReceivedSample x : b.samples()) {
                if (!filter.test(x)) {
                    continue;
                }
                out.println(options.jsonOutput ? SampleLine.json(x) : line.text(x));
                printed++;
                if (options.count >= 0 && printed >= options.count) {
                    enough = true;
                    break;
                }
            }
            out.flush();
            if (reader.failure() != null) {
                err.println("ddstuner: reading stopped: " + reader.failure());
                return Main.EXIT_ENVIRONMENT;
            }
            if (!warned && b.stats().matchedWriters() == 0 && System.nanoTime() > warnAt) {
                warned = true;
                err.println("ddstuner: no writer matched within --wait " + options.common.waitSeconds + " s; still "
                        + "waiting" + (reader.type().isRaw()
                                ? " (without its type the reader is keyless and matches only keyless writers: "
                                        + "import the IDL with --idl FILE)" : ""));
                err.flush();
            }
            if (!enough && b.samples().isEmpty()) {
                stop.await(POLL_MS);
            }
        }
        var st = reader.stats();
        err.println("received " + st.received() + " samples, printed " + printed + (filter == SampleFilter.ALL ? ""
                : " (filter: " + filter.text() + ")") + ", matched writers " + st.matchedWriters()
                + (st.decodeErrors() > 0 ? ", " + st.decodeErrors() + " did not decode" : "")
                + (missed > 0 ? ", " + missed + " dropped (printing slower than the topic)" : ""));
        if (options.count >= 0 && printed < options.count && !stop.requested()) {
            err.println("ddstuner: only " + printed + " of " + options.count + " samples within --timeout "
                    + options.timeoutSeconds + " s");
            return Main.EXIT_EXPECTATION;
        }
        return Main.EXIT_OK;
    }
}
