package org.ddstuner.types.idl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.types.TypeLibrary;

/**
 * Parses OMG IDL 4 data type declarations into a {@link TypeLibrary}.
 *
 * <pre>{@code
 * IdlResult r = new IdlParser(List.of(Path.of("/usr/share/idl"))).parse(Path.of("HelloWorld.idl"));
 * StructType msg = r.library().struct("HelloWorldData::Msg");
 * }</pre>
 *
 * Errors are reported as {@link IdlParseException} with every problem found as
 * {@code file:line:column: message}; no other exception escapes for any input text.
 */
public final class IdlParser {
    private final List<Path> includePaths;

    public IdlParser() {
        this(List.of());
    }

    /** @param includePaths folders searched for {@code #include} files (after the including file's folder) */
    public IdlParser(List<Path> includePaths) {
        this.includePaths = List.copyOf(includePaths);
    }

    public IdlResult parse(Path file) throws IdlParseException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IdlParseException(List.of(new IdlProblem(file.toString(), 1, 1, "cannot read file: " + e.getMessage())));
        }
        return parse(file.toString(), text, file);
    }

    /** Parses text; {@code fileName} is used in messages, includes resolve against the include paths. */
    public IdlResult parse(String fileName, String text) throws IdlParseException {
        return parse(fileName, text, null);
    }

    /** Convenience: the library of an IDL text without includes, warnings dropped. */
    public static TypeLibrary parseText(String text) throws IdlParseException {
        return new IdlParser().parse("<idl>", text).library();
    }

    private IdlResult parse(String fileName, String text, Path path) throws IdlParseException {
        Problems problems = new Problems();
        TypeLibrary library;
        try {
            List<Token> tokens = new Preprocessor(includePaths, problems).run(fileName, text, path);
            library = new IdlReader(tokens, problems).read();
        } catch (SyntaxError e) {
            problems.error(e.at, e.getMessage());
            library = null;
        } catch (StackOverflowError e) {
            problems.error(fileName, 1, 1, "declarations nest too deeply");
            library = null;
        } catch (RuntimeException e) {
            // a parser bug must still not escape as a crash: report it with the input position unknown
            problems.error(fileName, 1, 1, "internal parser error: " + e);
            library = null;
        }
        if (!problems.errors.isEmpty() || library == null) {
            throw new IdlParseException(problems.errors);
        }
        List<String> unresolved = library.validate();
        if (!unresolved.isEmpty()) {
            throw new IdlParseException(unresolved.stream().map(m -> new IdlProblem(fileName, 1, 1, m)).toList());
        }
        return new IdlResult(library, problems.warnings);
    }
}
