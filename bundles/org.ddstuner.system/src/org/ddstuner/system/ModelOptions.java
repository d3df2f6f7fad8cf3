package org.ddstuner.system;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/**
 * Tuning of a {@link SystemModel}.
 *
 * @param goneRetention          how long lost participants/endpoints stay visible before being purged
 * @param notifyInterval         minimum time between two {@link ModelDelta}s
 * @param silentParticipantGrace after this long without any endpoint a participant is reported as a
 *                               possible "endpoints dropped" case
 * @param clock                  source of "now" (tests pass a controllable one)
 */
public record ModelOptions(Duration goneRetention, Duration notifyInterval, Duration silentParticipantGrace,
        InstantSource clock) {

    public ModelOptions {
        Objects.requireNonNull(clock, "clock");
        requirePositive(goneRetention, "goneRetention", true);
        requirePositive(notifyInterval, "notifyInterval", false);
        requirePositive(silentParticipantGrace, "silentParticipantGrace", true);
    }

    /** 60 s retention, 50 ms notifications, 10 s grace, system clock. */
    public static ModelOptions defaults() {
        return new ModelOptions(Duration.ofSeconds(60), Duration.ofMillis(50), Duration.ofSeconds(10),
                InstantSource.system());
    }

    public ModelOptions withGoneRetention(Duration d) {
        return new ModelOptions(d, notifyInterval, silentParticipantGrace, clock);
    }

    public ModelOptions withNotifyInterval(Duration d) {
        return new ModelOptions(goneRetention, d, silentParticipantGrace, clock);
    }

    public ModelOptions withSilentParticipantGrace(Duration d) {
        return new ModelOptions(goneRetention, notifyInterval, d, clock);
    }

    public ModelOptions withClock(InstantSource c) {
        return new ModelOptions(goneRetention, notifyInterval, silentParticipantGrace, c);
    }

    private static void requirePositive(Duration d, String what, boolean zeroAllowed) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || (!zeroAllowed && d.isZero())) {
            throw new IllegalArgumentException(what + " must be " + (zeroAllowed ? "zero or more" : "more than zero")
                    + ", got " + d);
        }
    }
}
