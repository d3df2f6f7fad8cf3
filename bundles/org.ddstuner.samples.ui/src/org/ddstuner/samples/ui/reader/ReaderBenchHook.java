package org.ddstuner.samples.ui.reader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.QosDeriver;
import org.ddstuner.samples.ReaderSession;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.SampleBatch;
import org.ddstuner.samples.SessionStats;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.ui.common.SharedType;
import org.ddstuner.samples.ui.common.TopicTarget;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;

/**
 * Benchmark aid for bench/reader-ui.sh, off unless {@code -Dddstuner.openReader=TOPIC} is set: once the
 * connection opened at start-up ({@code -Dddstuner.autoconnect=loopback:N}) discovers a writer of TOPIC, the
 * type is resolved (as "Read Samples…" does, off the UI thread) and the topic's Reader view opened with the
 * derived QoS ({@code -Dddstuner.readerHistory=keepall}: KEEP_ALL bounded like the QoS editor offers it).
 * {@code -Dddstuner.readerLog=FILE} gets a line every 250 ms:
 * {@code t_ms=… received=… ring_dropped=… table_rows=… first_seq=… last_seq=…} (t_ms since JVM start, like
 * the stall log). {@code -Dddstuner.readerSeconds=S}: S seconds after the first sample the session is paused and
 * a final {@code done written=… received=… dropped=… table_rows=…} line is logged, where written is the span of
 * the writer's sequence numbers (member {@code -Dddstuner.readerSeqField}, default "seq") and dropped what the
 * tool never took (written − received).
 */
public final class ReaderBenchHook implements IStartup {

    private static final long JVM_START_MS = ProcessHandle.current().info().startInstant().orElse(Instant.now())
            .toEpochMilli();
    private static final long LOG_NANOS = 250_000_000L;

    private Path log;

    @Override
    public void earlyStartup() {
        String topic = System.getProperty("ddstuner.openReader");
        if (topic == null || topic.isBlank()) {
            return;
        }
        String f = System.getProperty("ddstuner.readerLog");
        log = f == null || f.isBlank() ? null : Path.of(f);
        Thread.ofPlatform().daemon().name("ddstuner-reader-bench").start(() -> {
            try {
                run(topic.strip());
            } catch (RuntimeException | InterruptedException e) {
                write("error " + e);
            }
        });
    }

    private void run(String topic) throws InterruptedException {
        Connection c = awaitConnection();
        long end = System.nanoTime() + 60_000_000_000L;
        while (c.model().snapshot().endpoints().stream().noneMatch(e -> e.topicName().equals(topic) && !e.isReader())) {
            if (System.nanoTime() > end) {
                write("error no writer of " + topic + " discovered within 60 s");
                return;
            }
            Thread.sleep(20);
        }
        ResolvedType type = new TypeResolver(c, TypeResolution.importedTypes()).resolve(topic,
                TypeResolver.Options.DEFAULT);
        DerivedQos qos = QosDeriver.forReader(c.model().snapshot(true), topic);
        if ("keepall".equalsIgnoreCase(System.getProperty("ddstuner.readerHistory", ""))) {
            qos = qos.withQos(qos.qos().withKeepAll().with(new Qos.ResourceLimits(QosDeriver.READER_MAX_SAMPLES, -1, -1)));
        }
        ReaderSession.Config config = ReaderSession.Config.of(qos);
        write("opening type=" + type.typeName() + " source=" + type.source() + " history=" + qos.qos().history()
                + " reliability=" + qos.qos().reliability() + " capacity=" + config.capacity());
        Display display = PlatformUI.getWorkbench().getDisplay();
        AtomicReference<ReaderView> view = new AtomicReference<>();
        display.syncExec(() -> view.set(open(c, topic, type, config)));
        if (view.get() == null) {
            write("error cannot open the Reader view");
            return;
        }
        measure(display, view.get());
    }

    private static Connection awaitConnection() throws InterruptedException {
        long end = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < end) {
            for (Connection c : ConnectionManager.get().connections()) {
                if (c.isOpen()) {
                    return c;
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("no connection opened within 60 s (-Dddstuner.autoconnect=loopback:N)");
    }

    private static ReaderView open(Connection c, String topic, ResolvedType type, ReaderSession.Config config) {
        LiveConnection live = LiveSystems.get().find(c);
        if (live == null) {
            return null;
        }
        TopicTarget target = new TopicTarget(live, topic, null);
        SharedType shared = SharedType.of(type);
        try {
            ReaderView v = (ReaderView) PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage()
                    .showView(ReaderView.ID, target.secondaryId(), IWorkbenchPage.VIEW_ACTIVATE);
            return v.start(target, shared, config) ? v : null;
        } catch (org.eclipse.ui.PartInitException e) {
            return null;
        } finally {
            shared.release();
        }
    }

    /** Follows the session from a thread of its own (never the UI thread's work): counts and sequence span. */
    private void measure(Display display, ReaderView view) {
        ReaderSession session = view.session();
        String seqField = System.getProperty("ddstuner.readerSeqField", "seq");
        long seconds = Long.getLong("ddstuner.readerSeconds", 0);
        AtomicInteger rows = new AtomicInteger();
        long next = 0;
        long first = -1;
        long last = -1;
        long firstAt = 0;
        long cpuAtFirst = 0;
        long lastLog = System.nanoTime();
        while (!session.isClosed()) {
            SampleBatch b = session.poll(next, session.config().capacity());
            next = b.nextSeq();
            if (!b.samples().isEmpty()) {
                if (first < 0) {
                    first = seqOf(b.samples().getFirst(), seqField);
                    firstAt = System.nanoTime();
                    cpuAtFirst = cpuMillis();
                }
                last = Math.max(last, seqOf(b.samples().getLast(), seqField));
            }
            long now = System.nanoTime();
            if (now - lastLog >= LOG_NANOS) {
                lastLog = now;
                display.asyncExec(() -> rows.set(view.panel().isDisposed() ? -1 : view.rowCount()));
                SessionStats s = b.stats();
                write("t_ms=" + tMs() + " received=" + s.received() + " ring_dropped=" + s.dropped() + " table_rows="
                        + rows.get() + " first_seq=" + first + " last_seq=" + last + " matched=" + s.matchedWriters());
            }
            if (seconds > 0 && first >= 0 && now - firstAt >= seconds * 1_000_000_000L) {
                finish(display, view, session, seqField, next, first, last, cpuMillis() - cpuAtFirst);
                return;
            }
            LockSupport.parkNanos(20_000_000L);
        }
    }

    /** @param cpuMs the product's CPU time (all threads) over the measured window */
    private void finish(Display display, ReaderView view, ReaderSession session, String seqField, long next,
            long first, long last, long cpuMs) {
        long endMs = tMs();
        session.pause(); // what arrives from now on is counted apart (pausedDiscarded)
        LockSupport.parkNanos(300_000_000L);
        for (ReceivedSample s : session.poll(next, session.config().capacity()).samples()) {
            last = Math.max(last, seqOf(s, seqField));
        }
        AtomicInteger rows = new AtomicInteger(-1);
        LockSupport.parkNanos(300_000_000L); // the feed's next tick has shown the last stored samples
        AtomicReference<String> counters = new AtomicReference<>("");
        AtomicReference<String> cost = new AtomicReference<>("");
        display.syncExec(() -> {
            if (!view.panel().isDisposed()) {
                rows.set(view.rowCount());
                counters.set(view.panel().countersText());
                cost.set(view.panel().applyCost());
            }
        });
        SessionStats s = session.stats();
        long received = s.received() - s.pausedDiscarded();
        long written = last - first + 1;
        write("done t_ms=" + endMs + " written=" + written + " received=" + received + " dropped=" + (written - received)
                + " ring_dropped=" + s.dropped() + " decode_errors=" + s.decodeErrors() + " decode_skipped="
                + s.decodeSkipped() + " taken_in_listener=" + s.takenInListener() + " max_drain_ms=" + String.format(java.util.Locale.ROOT, "%.1f", s.maxDrainMillis())
                + " table_rows=" + rows.get() + " process_cpu_ms=" + cpuMs + " " + cost.get() + " counters=\"" + counters.get() + "\"");
    }

    private static long seqOf(ReceivedSample s, String field) {
        Object v = s.field(field);
        return v instanceof Number n ? n.longValue() : -1;
    }

    private static long cpuMillis() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L);
    }

    private static long tMs() {
        return System.currentTimeMillis() - JVM_START_MS;
    }

    private synchronized void write(String line) {
        if (log == null) {
            return;
        }
        try {
            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a benchmark aid: never disturb the product because the log cannot be written
        }
    }
}
