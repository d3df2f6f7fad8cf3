package org.ddstuner.health.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.types.AliasType;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.Member;
import org.ddstuner.types.PrimitiveType;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.swt.widgets.Display;

/**
 * The integer fields of a topic's type, offered as the watch's sequence field: the type found as the Reader view
 * finds it (imported IDL, ROS 2 folders, then over the wire), but waiting at most {@link #WIRE_WAIT} for the wire so
 * that the dialog opens promptly. {@code null} when no type is known (the dialog then offers a text field).
 */
final class SequenceFields {

    static final Duration WIRE_WAIT = Duration.ofMillis(1500);

    private SequenceFields() {
    }

    static List<String> of(Display display, Connection c, String topic, String typeName) {
        AtomicReference<List<String>> out = new AtomicReference<>();
        BusyIndicator.showWhile(display, () -> {
            TypeResolver.Options o = TypeResolver.Options.DEFAULT.withWireTimeout(WIRE_WAIT).withSources(
                    java.util.Arrays.stream(TypeSource.values()).filter(x -> x != TypeSource.RAW)
                            .toArray(TypeSource[]::new));
            if (typeName != null && !typeName.isBlank()) {
                o = o.withTypeName(typeName);
            }
            try (ResolvedType t = TypeResolution.resolver(c).resolve(topic, o)) {
                t.struct().ifPresent(s -> {
                    List<String> names = new ArrayList<>();
                    for (Member m : s.members()) {
                        if (integer(m.type())) {
                            names.add(m.name());
                        }
                    }
                    out.set(names);
                });
            } catch (RuntimeException e) {
                // no type known: the person may still type a field name
            }
        });
        return out.get();
    }

    private static boolean integer(DdsType t) {
        DdsType x = t instanceof AliasType a ? a.target() : t;
        return x instanceof PrimitiveType p && p.isInteger();
    }
}
