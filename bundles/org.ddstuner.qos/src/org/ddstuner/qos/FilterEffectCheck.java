package org.ddstuner.qos;

import java.time.Duration;
import java.util.Map;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Reader;
import org.ddstuner.dds.Topic;
import org.ddstuner.dds.Writer;

/**
 * Measures whether a time-based filter changed with dds_set_qos takes effect (a return code cannot show it):
 * a reader created without a filter gets a 1 h filter by dds_set_qos, a control reader is created with it, and
 * a writer sends {@value #SAMPLES} samples of one instance {@value #GAP_MS} ms apart. A working filter lets one
 * through. The control proves the filter itself works on this library.
 */
final class FilterEffectCheck {

    static final int SAMPLES = 3;
    static final int GAP_MS = 20;

    /** changed: samples the re-configured reader got; control: samples the reader created with the filter got. */
    record Result(int changed, int control) {
        boolean conclusive() {
            return control == 1 && (changed == 1 || changed == SAMPLES);
        }

        boolean applied() {
            return changed == 1;
        }

        String text() {
            return "after the change the reader received " + changed + " of " + SAMPLES + " samples written " + GAP_MS
                    + " ms apart, a reader created with that filter " + control + " (measured)";
        }
    }

    private FilterEffectCheck() {
    }

    static Result run(Participant p, Topic topic) {
        Qos filtered = Qos.EMPTY.withReliable().withKeepAll()
                .with(new Qos.TimeBasedFilter(Duration.ofHours(1)));
        try (Reader changed = p.createReader(topic, Qos.EMPTY.withReliable().withKeepAll());
                Reader control = p.createReader(topic, filtered);
                Writer w = p.createWriter(topic, Qos.EMPTY.withReliable().withKeepAll())) {
            changed.setQos(Qos.EMPTY.with(new Qos.TimeBasedFilter(Duration.ofHours(1))));
            long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while ((changed.subscriptionMatched().currentCount() < 1 || control.subscriptionMatched().currentCount() < 1)
                    && System.nanoTime() - end < 0) {
                sleep(5);
            }
            for (int i = 0; i < SAMPLES; i++) {
                w.write(Map.of("id", 1, "value", i));
                sleep(GAP_MS);
            }
            sleep(200);
            return new Result(changed.take(100).size(), control.take(100).size());
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
