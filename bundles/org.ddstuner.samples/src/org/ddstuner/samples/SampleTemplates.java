package org.ddstuner.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.types.DdsType;
import org.ddstuner.types.TypeLibrary;

/**
 * Sample values saved per type as JSON files: {@code <dir>/<type name with :: as .>/<template>.json}. The
 * directory is the caller's (the desktop's workspace, the CLI's config folder). Template names are file
 * names: letters, digits, {@code - _ .} and spaces.
 */
public final class SampleTemplates {

    private final Path dir;

    public SampleTemplates(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /** Saves (replaces) a template. @throws IOException when the file cannot be written */
    public Path save(String typeName, String name, Object value) throws IOException {
        Path f = file(typeName, name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, SampleJson.toJson(value) + "\n", StandardCharsets.UTF_8);
        return f;
    }

    /** Template names of a type, sorted. */
    public List<String> list(String typeName) throws IOException {
        Path d = typeDir(typeName);
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }

    /**
     * Loads a template as a value of the type.
     *
     * @throws JsonImportException when it no longer fits the type (path of the bad value)
     * @throws IOException         when it cannot be read
     */
    public Object load(TypeLibrary library, DdsType type, String typeName, String name) throws IOException {
        return SampleJson.fromJson(library, type, Files.readString(file(typeName, name), StandardCharsets.UTF_8));
    }

    /** Loads a template for a resolved topic type. */
    public Object load(ResolvedType type, String name) throws IOException {
        return load(type.library(), type.type().orElseThrow(() -> new IllegalArgumentException(
                "topic " + type.topicName() + " has no known type")), type.typeName(), name);
    }

    public boolean delete(String typeName, String name) throws IOException {
        return Files.deleteIfExists(file(typeName, name));
    }

    private Path typeDir(String typeName) {
        String d = typeName.replace("::", ".");
        if (!d.matches("[A-Za-z0-9_.]+")) {
            throw new IllegalArgumentException("not a type name: " + typeName);
        }
        return dir.resolve(d);
    }

    private Path file(String typeName, String name) {
        if (name == null || !name.matches("[A-Za-z0-9 _.-]{1,100}") || name.startsWith(".")) {
            throw new IllegalArgumentException("a template name uses letters, digits, '-', '_', '.' and spaces "
                    + "(not starting with '.'): " + name);
        }
        return typeDir(typeName).resolve(name + ".json");
    }
}
