package org.ddstuner.bench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.types.NamedType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;

/**
 * The types the fuzz targets decode into: every struct and union of the IDL files in the folder named by
 * {@code -Dfuzz.types} (the test fragment's rich.idl and interop.idl). Input byte 0 picks the type.
 */
final class FuzzTypes {
    static final TypeLibrary LIBRARY;
    static final List<TypeRef> TYPES = new ArrayList<>();

    static {
        Path dir = Path.of(System.getProperty("fuzz.types", "tests/org.ddstuner.types.tests/resources/cdr"));
        TypeLibrary lib = TypeLibrary.empty();
        try {
            for (String f : List.of("rich.idl", "interop.idl")) {
                lib = lib.merge(IdlParser.parseText(Files.readString(dir.resolve(f))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IdlParseException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        LIBRARY = lib;
        for (NamedType t : lib.types()) {
            if (t instanceof StructType || t instanceof UnionType) {
                TYPES.add(new TypeRef(t.name()));
            }
        }
    }

    private FuzzTypes() {
    }

    static TypeRef pick(byte selector) {
        return TYPES.get((selector & 0xFF) % TYPES.size());
    }
}
