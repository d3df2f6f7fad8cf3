package org.ddstuner.health;

import java.time.Duration;

/**
 * One rule of a rules file: when {@code condition} holds (past {@code threshold}) on a topic matching
 * {@code topic} written by a participant matching {@code participant}, a problem of {@code severity} fires; it
 * clears when the condition no longer holds. Count conditions look at the last {@code window}.
 *
 * @param name        unique within the file; events carry it
 * @param participant matched against the writer's participant name, process name and GUID
 * @param sequenceField {@link Condition#SAMPLE_LOST} only, may be {@code null}: an integer field the writers count up by
 *                    one per sample; gaps in it per writer count as lost samples. libddsc reports SAMPLE_LOST only
 *                    when its reader cache refuses a sample, never for best-effort samples lost on the way (measured
 *                    with 0.10.2: a flood that lost ~25 % of its samples left the status and the reader's
 *                    {@code discarded_bytes} statistic at 0).
 */
public record Rule(String name, Condition condition, Glob topic, Glob participant, double threshold, Severity severity,
        Duration window, String sequenceField) {

    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(2);

    public Rule {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive");
        }
    }
}
