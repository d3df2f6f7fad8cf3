package org.ddstuner.dds;

import java.time.Instant;
import java.util.Objects;

import org.ddstuner.dds.internal.NativeConstants;

/**
 * One message Cyclone DDS wrote to its log (a {@code dds_log_data_t} copied into Java), as delivered by
 * {@link DdsLog}.
 *
 * @param priority the Cyclone log category, one of the {@code DDS_LC_*} bits (fatal 1, error 2, warning 4, info 8)
 * @param domainId the domain the message is about, {@link #NO_DOMAIN} when it is process-wide
 * @param file     C source file that logged it, or {@code null}
 * @param line     line in that file
 * @param function C function that logged it, or {@code null}
 * @param message  the text without Cyclone's time/domain/thread header and without the trailing newline
 * @param time     when the binding received it
 */
public record LogMessage(int priority, int domainId, String file, int line, String function, String message,
        Instant time) {

    /** {@link #domainId()} of a message not tied to one domain (Cyclone's UINT32_MAX). */
    public static final int NO_DOMAIN = -1;

    public static final int FATAL = NativeConstants.DDS_LC_FATAL;
    public static final int ERROR = NativeConstants.DDS_LC_ERROR;
    public static final int WARNING = NativeConstants.DDS_LC_WARNING;
    public static final int INFO = NativeConstants.DDS_LC_INFO;

    public LogMessage {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(time, "time");
    }

    /** A message received now (tests and synthetic input). */
    public LogMessage(int priority, int domainId, String file, int line, String function, String message) {
        this(priority, domainId, file, line, function, message, Instant.now());
    }

    public boolean hasDomain() {
        return domainId != NO_DOMAIN;
    }

    /** "fatal", "error", "warning", "info" or "trace". */
    public String categoryName() {
        if ((priority & FATAL) != 0) {
            return "fatal";
        }
        if ((priority & ERROR) != 0) {
            return "error";
        }
        if ((priority & WARNING) != 0) {
            return "warning";
        }
        return (priority & INFO) != 0 ? "info" : "trace";
    }

    /** Error or worse. */
    public boolean isError() {
        return (priority & (FATAL | ERROR)) != 0;
    }

    @Override
    public String toString() {
        return categoryName() + (hasDomain() ? " [domain " + domainId + "] " : " ") + message;
    }
}
