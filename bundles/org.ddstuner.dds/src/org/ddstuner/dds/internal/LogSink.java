package org.ddstuner.dds.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.ddstuner.dds.LogMessage;

/**
 * The one native log sink of this process ({@code dds_set_log_sink} is process-global in Cyclone). The
 * upcall stub lives in the global arena, so Cyclone can never call freed code, however the sink is
 * switched. The upcall does O(message length) work and takes no Java lock: a thread inside
 * {@code dds_set_log_sink} waits for every running log call to end, so a lock shared with it would
 * deadlock. It copies the message into a {@link LogMessage}, hands it to a non-blocking target, and
 * optionally writes Cyclone's own line (header and text) to file descriptor 2, exactly what Cyclone's
 * default sink does.
 */
public final class LogSink {

    private static final FunctionDescriptor SINK = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS);
    private static final long PRIORITY = Layouts.offset(Layouts.LOG_DATA, "priority");
    private static final long DOMID = Layouts.offset(Layouts.LOG_DATA, "domid");
    private static final long FILE = Layouts.offset(Layouts.LOG_DATA, "file");
    private static final long LINE = Layouts.offset(Layouts.LOG_DATA, "line");
    private static final long FUNCTION = Layouts.offset(Layouts.LOG_DATA, "function");
    private static final long MESSAGE = Layouts.offset(Layouts.LOG_DATA, "message");
    private static final long SIZE = Layouts.offset(Layouts.LOG_DATA, "size");
    private static final long HDRSIZE = Layouts.offset(Layouts.LOG_DATA, "hdrsize");
    /** Cyclone's line buffer is 2 KiB; anything longer than this is not a dds_log_data_t we understand. */
    private static final long MAX_TEXT = 64 * 1024;
    private static final int MAX_C_STRING = 4096;

    private static final FileOutputStream STDERR = new FileOutputStream(FileDescriptor.err);
    private static final AtomicLong FAILURES = new AtomicLong();

    private static volatile Consumer<LogMessage> target = m -> { };
    private static volatile boolean forwardToStderr = true;
    private static MemorySegment stub;
    private static boolean installed;

    private LogSink() {
    }

    /**
     * Makes {@code receiver} Cyclone's log sink. {@code receiver} runs on Cyclone's threads (or on a
     * Java thread inside a downcall) while Cyclone holds its log lock: it must not block or throw.
     */
    public static synchronized void install(Consumer<LogMessage> receiver) {
        target = receiver;
        if (DdsC.DDS_SET_LOG_SINK == null) {
            return; // libddsc 11.x as bundled with the Python binding exports no sink setter: nothing to capture
        }
        if (stub == null) {
            try {
                MethodHandle h = MethodHandles.lookup().findStatic(LogSink.class, "upcall",
                        MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class));
                stub = Linker.nativeLinker().upcallStub(h, SINK, Arena.global());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        DdsC.dds_set_log_sink(stub, MemorySegment.NULL);
        installed = true;
    }

    /** Gives Cyclone its default sink back (stderr); returns once no thread is in our sink any more. */
    public static synchronized void uninstall() {
        if (installed) {
            DdsC.dds_set_log_sink(MemorySegment.NULL, MemorySegment.NULL);
            installed = false;
        }
    }

    public static synchronized boolean isInstalled() {
        return installed;
    }

    public static void setForwardToStderr(boolean forward) {
        forwardToStderr = forward;
    }

    public static boolean forwardsToStderr() {
        return forwardToStderr;
    }

    /** Messages the upcall could not decode or hand on (never thrown: an exception in an upcall kills the JVM). */
    public static long failures() {
        return FAILURES.get();
    }

    @SuppressWarnings("unused") // called by Cyclone through the upcall stub
    private static void upcall(MemorySegment userdata, MemorySegment data) {
        try {
            MemorySegment d = data.reinterpret(Layouts.LOG_DATA.byteSize());
            long size = d.get(JAVA_LONG, SIZE);
            long hdrsize = d.get(JAVA_LONG, HDRSIZE);
            MemorySegment text = d.get(ADDRESS, MESSAGE);
            if (text.equals(MemorySegment.NULL) || size < 0 || hdrsize < 0 || size + hdrsize > MAX_TEXT) {
                FAILURES.incrementAndGet();
                return;
            }
            // header, message and its newline are contiguous in Cyclone's buffer
            byte[] line = MemorySegment.ofAddress(text.address() - hdrsize).reinterpret(hdrsize + size + 1)
                    .toArray(JAVA_BYTE);
            if (forwardToStderr) {
                writeStderr(line);
            }
            String message = new String(line, (int) hdrsize, (int) size, StandardCharsets.UTF_8);
            LogMessage m = new LogMessage(d.get(JAVA_INT, PRIORITY), domainId(d.get(JAVA_INT, DOMID), line, (int) hdrsize),
                    cString(d.get(ADDRESS, FILE)), d.get(JAVA_INT, LINE), cString(d.get(ADDRESS, FUNCTION)), message,
                    Instant.now());
            target.accept(m);
        } catch (Throwable t) {
            FAILURES.incrementAndGet();
        }
    }

    private static void writeStderr(byte[] line) {
        try {
            STDERR.write(line);
        } catch (IOException e) {
            FAILURES.incrementAndGet();
        }
    }

    /**
     * The domain id printed in Cyclone's header ("1700000000.123456 [7] dq.builtin: "), which is what a
     * person reads; libddsc 0.10 does not fill {@code dds_log_data_t.domid} reliably. {@code -1} for
     * "[]" (process-wide). Falls back to the struct field when the header has no brackets.
     */
    static int domainId(int field, byte[] line, int hdrsize) {
        int open = -1;
        for (int i = 0; i < hdrsize; i++) {
            if (line[i] == '[') {
                open = i;
                break;
            }
        }
        if (open < 0) {
            return field;
        }
        long id = 0;
        int i = open + 1;
        for (; i < hdrsize && line[i] >= '0' && line[i] <= '9'; i++) {
            id = id * 10 + (line[i] - '0');
            if (id > 0xffffffffL) {
                return field;
            }
        }
        if (i >= hdrsize || line[i] != ']') {
            return field;
        }
        return i == open + 1 || id == 0xffffffffL ? LogMessage.NO_DOMAIN : (int) id;
    }

    private static String cString(MemorySegment p) {
        if (p.equals(MemorySegment.NULL)) {
            return null;
        }
        MemorySegment s = p.reinterpret(MAX_C_STRING);
        for (int i = 0; i < MAX_C_STRING; i++) {
            if (s.get(JAVA_BYTE, i) == 0) {
                return new String(s.asSlice(0, i).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
