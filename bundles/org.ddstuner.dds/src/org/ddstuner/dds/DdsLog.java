package org.ddstuner.dds;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Predicate;

import org.ddstuner.dds.internal.LogSink;

/**
 * Cyclone DDS's log (errors, warnings, info), delivered to Java listeners.
 *
 * <p>Cyclone has one log sink per process, so this class is static: it installs one native sink and
 * fans its messages out. The sink never blocks Cyclone: it copies each message into a bounded queue
 * ({@value #QUEUE_CAPACITY} messages; when full, messages are counted in {@link #dropped()} and lost)
 * and one daemon thread, "DDS log", calls the listeners in order. A listener that throws is reported on
 * stderr once and keeps being called.
 *
 * <p>Stderr stays as it was: while installed, the sink still writes each of Cyclone's lines to file
 * descriptor 2 exactly as Cyclone's default sink does, unless {@link #setForwardToStderr(boolean)} turns
 * that off (e.g. an application that shows the messages itself). Only lines that a domain's own
 * {@code Tracing/OutputFile} would have received through the log sink go to stderr instead (they still
 * reach the trace file through the trace sink). Without {@link #install()} or a listener nothing changes.
 *
 * <p>Only Cyclone's log categories reach a log sink: fatal, error, warning, and info when enabled.
 * Cyclone's warnings are enabled by default, and they include the messages about discovery data it
 * rejects ("Invalid PublicationBuiltinTopicData (vendor 1.15): invalid qos/parameters"), so no tracing
 * is needed to see them. The last {@value #RECENT_CAPACITY} messages are kept so that a listener added
 * late can still see what was logged while its domain started ({@link #addListener(Consumer, Predicate)}).
 */
public final class DdsLog {

    public static final int QUEUE_CAPACITY = 1024;
    public static final int RECENT_CAPACITY = 256;

    /** Wakes the dispatcher for pending subscriptions; never handed to listeners. */
    private static final Object WAKE = new Object();
    private static final BlockingQueue<Object> QUEUE = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private static final Queue<Subscription> PENDING = new ConcurrentLinkedQueue<>();
    private static final List<Subscription> ACTIVE = new CopyOnWriteArrayList<>();
    /** Touched by the dispatcher thread only. */
    private static final ArrayDeque<LogMessage> RECENT = new ArrayDeque<>(RECENT_CAPACITY);
    private static final AtomicLong DROPPED = new AtomicLong();
    private static final AtomicLong DELIVERED = new AtomicLong();
    /** Per thread: where {@link #capturing} collects what Cyclone logs inside a call on that thread. */
    private static final ThreadLocal<List<LogMessage>> CAPTURE = new ThreadLocal<>();
    private static final int MAX_CAPTURED = 64;
    private static Thread dispatcher;

    private DdsLog() {
    }

    /** A listener's registration; {@link #close()} removes it. */
    public static final class Subscription implements AutoCloseable {
        private final Consumer<LogMessage> listener;
        private final Predicate<LogMessage> replay;
        private volatile boolean closed;
        private boolean complained;

        private Subscription(Consumer<LogMessage> listener, Predicate<LogMessage> replay) {
            this.listener = listener;
            this.replay = replay;
        }

        private void deliver(LogMessage m) {
            if (closed) {
                return;
            }
            try {
                listener.accept(m);
            } catch (RuntimeException | Error e) {
                if (!complained) {
                    complained = true;
                    System.err.println("DDS Tuner: a Cyclone log listener (" + listener + ") threw " + e
                            + "; it stays registered");
                }
            }
        }

        @Override
        public void close() {
            closed = true;
            ACTIVE.remove(this);
        }
    }

    /**
     * Installs the native sink (idempotent) without adding a listener, so that {@link #recent()} starts
     * collecting. {@link Domain#create} calls this, so messages logged while a domain starts are kept.
     */
    public static synchronized void install() {
        if (dispatcher == null) {
            DdsLibrary.get();
            dispatcher = Thread.ofPlatform().daemon().name("DDS log").start(DdsLog::dispatch);
            LogSink.install(DdsLog::offer);
            // Cyclone may log from its own threads during exit; by then no Java code may run for it.
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(LogSink::uninstall, "DDS log sink removal"));
            } catch (IllegalStateException alreadyExiting) {
                LogSink.uninstall();
            }
        }
    }

    public static synchronized boolean isInstalled() {
        return dispatcher != null;
    }

    /** Adds a listener for every message from now on (called on the "DDS log" thread). */
    public static Subscription addListener(Consumer<LogMessage> listener) {
        return addListener(listener, m -> false);
    }

    /**
     * Adds a listener that first gets the {@link #recent()} messages {@code replay} accepts, then every new
     * one, in Cyclone's order, without gaps or duplicates (both on the "DDS log" thread).
     */
    public static Subscription addListener(Consumer<LogMessage> listener, Predicate<LogMessage> replay) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(replay, "replay");
        install();
        Subscription s = new Subscription(listener, replay);
        PENDING.add(s);
        QUEUE.offer(WAKE); // if the queue is full the dispatcher is awake anyway
        return s;
    }

    public static void removeListener(Subscription s) {
        if (s != null) {
            s.close();
        }
    }

    /** The last {@value #RECENT_CAPACITY} messages, oldest first (what the dispatcher has handled so far). */
    public static List<LogMessage> recent() {
        synchronized (RECENT) {
            return List.copyOf(RECENT);
        }
    }

    /** Messages lost because listeners fell {@value #QUEUE_CAPACITY} messages behind. */
    public static long dropped() {
        return DROPPED.get();
    }

    /** Messages handed to listeners so far (all of them, whether or not any listener wanted it). */
    public static long delivered() {
        return DELIVERED.get();
    }

    /** Messages the native sink could not decode. */
    public static long failures() {
        return LogSink.failures();
    }

    /** Whether the sink still writes Cyclone's lines to stderr (the default: {@code true}). */
    public static void setForwardToStderr(boolean forward) {
        LogSink.setForwardToStderr(forward);
    }

    public static boolean forwardsToStderr() {
        return LogSink.forwardsToStderr();
    }

    // ---- the two sides of the queue ----

    /**
     * Runs {@code call} on this thread and adds to {@code into} (at most {@value #MAX_CAPTURED}) the messages
     * Cyclone logs on this thread meanwhile, e.g. the configuration errors of {@code dds_create_domain}, which
     * Cyclone logs synchronously and otherwise only reports as "Error (-1)". They still reach the listeners.
     * Nothing is captured when this libddsc has no log sink setter.
     */
    static int capturing(IntSupplier call, List<LogMessage> into) {
        install();
        List<LogMessage> previous = CAPTURE.get();
        List<LogMessage> mine = new ArrayList<>();
        CAPTURE.set(mine);
        try {
            return call.getAsInt();
        } finally {
            CAPTURE.set(previous);
            into.addAll(mine);
        }
    }

    /** On Cyclone's thread: O(1), never blocks. */
    private static void offer(LogMessage m) {
        List<LogMessage> captured = CAPTURE.get();
        if (captured != null && captured.size() < MAX_CAPTURED) {
            captured.add(m); // only ever this thread's list: the upcall runs on the thread that logs
        }
        if (!QUEUE.offer(m)) {
            DROPPED.incrementAndGet();
        }
    }

    private static void dispatch() {
        while (true) {
            Object o;
            try {
                o = QUEUE.take();
            } catch (InterruptedException e) {
                continue; // daemon thread: ends with the process
            }
            startPending();
            if (o instanceof LogMessage m) {
                synchronized (RECENT) {
                    if (RECENT.size() == RECENT_CAPACITY) {
                        RECENT.removeFirst();
                    }
                    RECENT.addLast(m);
                }
                for (Subscription s : ACTIVE) {
                    s.deliver(m);
                }
                DELIVERED.incrementAndGet();
            }
        }
    }

    /** Replays what each new subscription asked for, then makes it active; runs between two messages. */
    private static void startPending() {
        Subscription s;
        while ((s = PENDING.poll()) != null) {
            if (s.closed) {
                continue;
            }
            for (LogMessage m : recent()) {
                boolean wanted;
                try {
                    wanted = s.replay.test(m);
                } catch (RuntimeException e) {
                    wanted = false;
                }
                if (wanted) {
                    s.deliver(m);
                }
            }
            ACTIVE.add(s);
        }
    }
}
