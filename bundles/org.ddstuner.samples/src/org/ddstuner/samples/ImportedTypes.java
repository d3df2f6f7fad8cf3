package org.ddstuner.samples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.ddstuner.types.NamedType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlResult;

/**
 * The IDL files the person imported, each parsed into a {@link TypeLibrary} and kept under the name it was
 * imported as (the path, or the name given with the text). Thread-safe; shared by every connection.
 * Importing a file again replaces it; when two imports declare the same type, the later import wins.
 */
public final class ImportedTypes {

    private final Map<String, TypeLibrary> byName = new LinkedHashMap<>();
    private final List<Path> includePaths;

    public ImportedTypes() {
        this(List.of());
    }

    /** @param includePaths folders searched for {@code #include} (after the including file's folder) */
    public ImportedTypes(List<Path> includePaths) {
        this.includePaths = List.copyOf(includePaths);
    }

    /**
     * Parses and registers an IDL file.
     *
     * @return the parsed result (its warnings, e.g. ignored annotations)
     * @throws IdlParseException with every error as {@code file:line:column: message}; nothing is registered
     */
    public IdlResult importFile(Path file) throws IdlParseException {
        IdlResult r = new IdlParser(includePaths).parse(file);
        put(file.toString(), r.library());
        return r;
    }

    /** Parses and registers IDL text; {@code name} appears in error positions and in {@link #names()}. */
    public IdlResult importText(String name, String idl) throws IdlParseException {
        IdlResult r = new IdlParser(includePaths).parse(name, idl);
        put(name, r.library());
        return r;
    }

    /** Registers a library built another way (e.g. a ROS share folder). */
    public synchronized void put(String name, TypeLibrary library) {
        byName.remove(name); // re-import moves it to the end: latest wins
        byName.put(name, library);
    }

    public synchronized boolean remove(String name) {
        return byName.remove(name) != null;
    }

    public synchronized void clear() {
        byName.clear();
    }

    /** The import names, oldest first. */
    public synchronized List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * A library holding {@code typeName} and everything it uses, and nothing else (so its IDL shows this type,
     * not every import): every import merged, the latest import winning on equal names (a type may use types
     * from another imported file).
     */
    public synchronized Optional<TypeLibrary> find(String typeName) {
        List<TypeLibrary> latestFirst = new ArrayList<>(byName.values()).reversed();
        for (TypeLibrary l : latestFirst) {
            Optional<NamedType> t = l.find(typeName);
            if (t.isPresent()) {
                TypeLibrary.Builder b = TypeLibrary.builder();
                byName.values().forEach(b::addAll);
                return Optional.of(b.build().closureOf(t.get().name()));
            }
        }
        return Optional.empty();
    }

    /** The name of the import declaring {@code typeName} (the latest one), for showing where a type came from. */
    public synchronized Optional<String> origin(String typeName) {
        List<Map.Entry<String, TypeLibrary>> latestFirst = new ArrayList<>(byName.entrySet()).reversed();
        return latestFirst.stream().filter(e -> e.getValue().find(typeName).isPresent()).map(Map.Entry::getKey)
                .findFirst();
    }
}
