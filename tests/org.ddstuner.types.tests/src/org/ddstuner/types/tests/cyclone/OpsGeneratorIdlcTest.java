package org.ddstuner.types.tests.cyclone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.UnionType;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.idl.IdlParser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The oracle: for every struct and union of every IDL file in {@code resources/cyclone-ops}, the descriptor
 * {@link OpsGenerator} makes from our parsed model equals, word for word, the one {@code idlc -l c} (Cyclone
 * DDS 0.10.2) generates, as read back from a gcc-compiled program linked with libddsc.
 */
class OpsGeneratorIdlcTest {

    @BeforeAll
    static void tools() {
        Assumptions.assumeTrue(IdlcDescriptors.toolsAvailable(),
                "idlc, gcc or /usr/include/dds missing (apt install cyclonedds-tools cyclonedds-dev gcc): oracle skipped");
    }

    static Stream<Path> corpus() throws IOException {
        try (Stream<Path> s = Files.list(OpsResources.folder())) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".idl")).sorted().toList();
            assertFalse(files.isEmpty(), "no IDL in " + OpsResources.folder());
            return files.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void sameAsIdlc(Path idl) throws Exception {
        TypeLibrary library = new IdlParser().parse(idl).library();
        List<CycloneDescriptor> expected = IdlcDescriptors.generate(idl);
        long aggregates = library.types().stream().filter(t -> t instanceof StructType || t instanceof UnionType).count();
        assertEquals(aggregates, expected.size(), "idlc made a descriptor for every struct and union");
        List<String> mismatches = new ArrayList<>();
        for (CycloneDescriptor want : expected) {
            CycloneDescriptor got = OpsGenerator.generate(library, want.typeName());
            if (!got.equals(want)) {
                mismatches.add(want.typeName() + "\n  idlc: " + want + "\n  ours: " + got);
            }
        }
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }
}
