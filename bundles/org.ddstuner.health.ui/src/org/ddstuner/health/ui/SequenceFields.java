package org.ddstuner.health.ui;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.ddstuner.connection.Connection;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.common.RemoteTypes;
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
    /** A remote agent may look over the wire itself: a little longer, the link's round trips included. */
    static final Duration REMOTE_WAIT = Duration.ofMillis(3000);

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
                out.set(integerFields(t));
            } catch (RuntimeException e) {
                // no type known: the person may still type a field name
            }
        });
        return out.get();
    }

    /**
     * The same on a remote agent's connection: the type as the agent finds it ({@code type-info}), waiting at most
     * {@link #REMOTE_WAIT} so that the dialog opens promptly; {@code null} when it does not come in time.
     */
    static List<String> ofRemote(Display display, RemoteConnection rc, String topic, String typeName) {
        AtomicReference<List<String>> out = new AtomicReference<>();
        BusyIndicator.showWhile(display, () -> {
            CompletableFuture<List<String>> f = CompletableFuture.supplyAsync(() -> {
                try (ResolvedType t = RemoteTypes.resolve(rc.client(), topic, typeName == null || typeName.isBlank()
                        ? null : typeName)) {
                    return integerFields(t);
                } catch (IOException e) {
                    return null;
                }
            });
            try {
                out.set(f.get(REMOTE_WAIT.toMillis(), TimeUnit.MILLISECONDS));
            } catch (ExecutionException | TimeoutException e) {
                // no type in time: the person may still type a field name
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return out.get();
    }

    /** The integer members of the type's struct; {@code null} when it is no struct. */
    private static List<String> integerFields(ResolvedType t) {
        return t.struct().map(s -> {
            List<String> names = new ArrayList<>();
            for (Member m : s.members()) {
                if (integer(m.type())) {
                    names.add(m.name());
                }
            }
            return names;
        }).orElse(null);
    }

    private static boolean integer(DdsType t) {
        DdsType x = t instanceof AliasType a ? a.target() : t;
        return x instanceof PrimitiveType p && p.isInteger();
    }
}
