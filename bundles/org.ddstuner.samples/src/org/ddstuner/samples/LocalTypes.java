package org.ddstuner.samples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.connection.Connection;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.types.TypeLibrary;

/**
 * Types known to this process, registered by whatever runs DDS entities inside the tool (the built-in
 * demo, an embedded application, a test). libddsc puts no XTypes type information into the built-in
 * samples of endpoints in the same process, so their types cannot be learned over the wire: a provider
 * registers its {@link TypeLibrary} here and {@link TypeResolver} uses it ({@link TypeSource#LOCAL}) for
 * topics whose writers all live in this process.
 *
 * <pre>{@code
 * try (LocalTypes.Registration r = LocalTypes.get().register("Simulator", simulatorTypes)) { ... }
 * }</pre>
 * The built-in demo needs no registration: a connection running it ({@link Connection#hasDemo()}) provides
 * {@link DemoSystem#types()} as {@value #DEMO_PROVIDER} ({@link #find(String, Connection)}). Thread-safe.
 */
public final class LocalTypes {

    /** The provider name of the built-in demo's types. */
    public static final String DEMO_PROVIDER = "the Local demo";

    private static final LocalTypes PROCESS = new LocalTypes();

    /** A registration; {@link #close()} withdraws the library. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** A library found for a type name, with the provider that registered it. */
    public record Found(String provider, TypeLibrary library) {
    }

    private final Map<Object, Map.Entry<String, TypeLibrary>> byToken = new LinkedHashMap<>();

    /** A registry of its own (tests); the tool uses {@link #get()}. */
    public LocalTypes() {
    }

    /** The registry of this process. */
    public static LocalTypes get() {
        return PROCESS;
    }

    /**
     * Registers {@code library} under {@code provider} (shown in the resolution reason, e.g. "Local demo").
     * A later registration wins for type names both declare.
     */
    public Registration register(String provider, TypeLibrary library) {
        Object token = new Object();
        synchronized (this) {
            byToken.put(token, Map.entry(provider, library));
        }
        return () -> {
            synchronized (LocalTypes.this) {
                byToken.remove(token);
            }
        };
    }

    /** The providers registered now, oldest first. */
    public synchronized List<String> providers() {
        return byToken.values().stream().map(Map.Entry::getKey).toList();
    }

    /** The latest library declaring {@code typeName}. */
    public synchronized Optional<Found> find(String typeName) {
        List<Map.Entry<String, TypeLibrary>> latestFirst = new ArrayList<>(byToken.values()).reversed();
        return latestFirst.stream().filter(e -> e.getValue().find(typeName).isPresent()).findFirst()
                .map(e -> new Found(e.getKey(), e.getValue()));
    }

    /**
     * The latest registered library declaring {@code typeName}, else the demo's types when {@code connection}
     * runs the demo in this process.
     */
    public Optional<Found> find(String typeName, Connection connection) {
        Optional<Found> f = find(typeName);
        if (f.isPresent() || !connection.hasDemo()) {
            return f;
        }
        TypeLibrary demo = DemoSystem.types();
        return demo.find(typeName).isPresent() ? Optional.of(new Found(DEMO_PROVIDER, demo)) : Optional.empty();
    }

    /** {@link #providers()}, and the demo's when {@code connection} runs it. */
    public List<String> providers(Connection connection) {
        List<String> p = new ArrayList<>(providers());
        if (connection.hasDemo()) {
            p.add(DEMO_PROVIDER);
        }
        return p;
    }
}
