package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.DdsLibraryNotFoundException;
import org.junit.jupiter.api.Test;

class DdsLibraryTest {

    @Test
    void loadsAndReportsVersionPathAndFeatures() {
        DdsLibrary lib = DdsLibrary.get();
        assertTrue(lib.version().matches("\\d+\\.\\d+\\.\\d+"), "version: " + lib.version());
        assertTrue(Files.exists(lib.path()), "path exists: " + lib.path());
        assertTrue(lib.path().getFileName().toString().startsWith("libddsc"), lib.path().toString());
        DdsLibrary.Features f = lib.features();
        // every supported version (0.10.x, 11.x) can learn types at run time
        assertTrue(f.topicDescriptorFromTypeInfo() && f.typeLookup(), f.toString());
        assertEquals(lib.majorVersion() >= 11, f.wordCountedOps(), f.toString());
        assertEquals(f.entitySertype(), lib.majorVersion() >= 11, "dds_get_entity_sertype exists from 11 on");
        assertTrue(DdsLibrary.get() == lib, "singleton");
    }

    @Test
    void systemPackageVersionComesFromTheRealFileName() {
        Path debian = Path.of("/usr/lib/x86_64-linux-gnu/libddsc.so.0debian");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(debian), "Debian libddsc0debian not installed");
        String v = DdsLibrary.probe(debian);
        assertTrue(v.startsWith("0.10."), v);
    }

    @Test
    void missingFileGivesAClearMessage() {
        DdsLibraryNotFoundException e = assertThrows(DdsLibraryNotFoundException.class,
                () -> DdsLibrary.probe(Path.of("/nonexistent/dir/libddsc.so.0")));
        assertTrue(e.getMessage().contains("/nonexistent/dir/libddsc.so.0"), e.getMessage());
        assertTrue(e.getMessage().contains("libddsc0debian"), e.getMessage());
        assertEquals(1, e.tried().size());
    }

    @Test
    void aLibraryThatIsNotLibddscIsRejected() throws Exception {
        Path libm = Stream.of("/usr/lib/x86_64-linux-gnu/libm.so.6", "/lib/x86_64-linux-gnu/libm.so.6")
                .map(Path::of).filter(Files::exists).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(libm != null, "no libm.so.6 to load");
        DdsLibraryNotFoundException e = assertThrows(DdsLibraryNotFoundException.class, () -> DdsLibrary.probe(libm));
        assertTrue(e.getMessage().contains("not libddsc"), e.getMessage());
    }

    @Test
    void aFileThatIsNoLibraryIsRejected() throws Exception {
        Path junk = Files.createTempFile("not-a-lib", ".so");
        try {
            Files.writeString(junk, "hello");
            DdsLibraryNotFoundException e = assertThrows(DdsLibraryNotFoundException.class, () -> DdsLibrary.probe(junk));
            assertTrue(e.getMessage().contains(junk.toString()) && e.getMessage().contains("libddsc0debian"), e.getMessage());
        } finally {
            Files.delete(junk);
        }
    }
}
