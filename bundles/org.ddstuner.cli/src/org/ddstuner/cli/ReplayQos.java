package org.ddstuner.cli;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.ddstuner.agent.QosText;
import org.ddstuner.dds.Qos;
import org.ddstuner.samples.DerivedQos;

/**
 * {@code replay --qos POLICY=VALUE…}: the words checked as {@code qos set} checks them ({@link QosValues}, a usage
 * error before anything is created) and turned into an edit of each replayed writer's recorded QoS; a partition
 * goes to the publisher.
 */
final class ReplayQos {

    private ReplayQos() {
    }

    static UnaryOperator<DerivedQos> edit(List<String> words) {
        if (words.isEmpty()) {
            return UnaryOperator.identity();
        }
        Map<String, String> values = QosValues.parseAssignments(words);
        return d -> {
            DerivedQos out = d;
            for (Map.Entry<String, String> e : values.entrySet()) {
                Object v = QosValues.toRecord(e.getKey(), e.getValue());
                if (v instanceof Qos.Partition p) {
                    out = out.withPartitions(p.names());
                } else if (v != null) {
                    out = out.withQos(with(out.qos(), v));
                }
                out = out.withNote("--qos " + e.getKey() + "=" + QosText.decodeString(e.getValue()));
            }
            return out;
        };
    }

    /** {@code q.with(v)} for whichever policy record {@code v} is ({@link Qos} has one {@code with} per policy). */
    private static Qos with(Qos q, Object v) {
        try {
            return (Qos) Qos.class.getMethod("with", v.getClass()).invoke(q, v);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("no Qos.with(" + v.getClass().getSimpleName() + ")", e);
        } catch (InvocationTargetException e) {
            throw new CliException(Main.EXIT_USAGE, "--qos: " + e.getCause().getMessage());
        }
    }
}
