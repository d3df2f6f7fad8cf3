package org.ddstuner.types.tests.cdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.DecodeResult;
import org.ddstuner.types.cdr.XcdrVersion;
import org.junit.jupiter.api.Test;

/**
 * Bytes written by libddsc itself ({@code dds_write}, read back raw with {@code dds_takecdr}) decode to
 * the samples the C program wrote, our encoder gives the same bytes and our key hash libddsc's key hash.
 * The committed vectors (libddsc 0.10.2) always run; the live test compiles interop_writer.c with idlc and
 * cc and runs it inside the private network namespace when those tools are there.
 */
class CdrLibddscTest {
    private static final TypeLibrary LIBRARY = CdrResources.library("interop.idl");
    private static final HexFormat HEX = HexFormat.of();
    /**
     * libddsc 0.10.2 refuses XCDR1 for appendable/mutable types (and optional members); CdrCyclone11Test
     * checks those against the bytes Cyclone 11 writes.
     */
    private static final Set<String> XCDR2_ONLY = Set.of("App", "Mut", "KeyNested");

    record Vector(String type, XcdrVersion version, String serdata, String keyHash) {
    }

    static List<Vector> parse(List<String> lines) {
        List<Vector> out = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split(" ");
            XcdrVersion v = XcdrVersion.valueOf(f[1]);
            if (f[2].equals("unsupported")) {
                assertTrue(XCDR2_ONLY.contains(f[0]) && v == XcdrVersion.XCDR1, "libddsc refused " + line);
                continue;
            }
            out.add(new Vector(f[0], v, f[2], f[3]));
        }
        return out;
    }

    private static void check(List<Vector> vectors) {
        CdrCodec codec = new CdrCodec(LIBRARY);
        assertTrue(vectors.size() >= 9, "vectors for every type: " + vectors.size());
        for (Vector v : vectors) {
            TypeRef type = new TypeRef("M::" + v.type());
            byte[] bytes = HEX.parseHex(v.serdata());
            DecodeResult r = codec.decode(type, bytes);
            String what = v.type() + " " + v.version();
            assertEquals(InteropSamples.expected(v.type()), r.value(), what);
            assertTrue(r.notes().isEmpty(), what + " " + r.notes());
            assertEquals(v.version(), r.encapsulation().version(), what);
            // libddsc zeroes its padding, so "same bytes modulo padding content" is plain equality here
            assertEquals(v.serdata(), HEX.formatHex(codec.encode(type, r.value(), v.version(), ByteOrder.LITTLE_ENDIAN)), what);
            assertEquals(v.keyHash(), HEX.formatHex(codec.keyHash(LIBRARY.struct(type.name()), r.value(), v.version())),
                    what + " key hash");
        }
    }

    @Test
    void committedLibddscVectorsDecodeAndReencodeIdentically() throws IOException {
        check(parse(Files.readAllLines(CdrResources.path("libddsc-0.10.2.txt"))));
    }

    @Test
    void liveLibddscBytesDecodeAndReencodeIdentically() throws Exception {
        assumeTrue(onPath("cc") && onPath("idlc") && Files.exists(Path.of("/usr/include/dds/dds.h")),
                "needs cc, idlc (cyclonedds-tools) and the cyclonedds-dev headers");
        Path netns = findNetnsScript();
        assumeTrue(netns != null, "needs releng/scripts/netns-run.sh");
        // (the fragment does not import org.junit.jupiter.api.io, so no @TempDir)
        Path dir = Files.createTempDirectory("cdr-libddsc");
        try {
            compileAndRun(dir, netns);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void compileAndRun(Path dir, Path netns) throws Exception {
        Files.copy(CdrResources.path("interop.idl"), dir.resolve("interop.idl"));
        Files.copy(CdrResources.path("interop_writer.c"), dir.resolve("interop_writer.c"));
        Files.writeString(dir.resolve("cyclonedds.xml"), "<CycloneDDS><Domain id=\"any\"><General><Interfaces>"
                + "<NetworkInterface address=\"127.0.0.1\"/></Interfaces><AllowMulticast>false</AllowMulticast>"
                + "</General></Domain></CycloneDDS>");
        run(dir, List.of("idlc", "-l", "c", "interop.idl"));
        run(dir, List.of("cc", "-o", "interop_writer", "interop_writer.c", "interop.c", "-lddsc"));
        String out = run(dir, List.of(netns.toString(), dir.resolve("interop_writer").toString()));
        check(parse(out.lines().filter(l -> l.matches("\\w+ XCDR[12] .*")).toList()));
    }

    private static String run(Path dir, List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("CYCLONEDDS_URI", "file://" + dir.resolve("cyclonedds.xml"));
        Process p = pb.start();
        byte[] output = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), command + " failed:\n" + text);
        return text;
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    /** The repository's netns-run.sh, found upwards from the working directory. */
    static Path findNetnsScript() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path s = p.resolve("releng/scripts/netns-run.sh");
            if (Files.isExecutable(s)) {
                return s;
            }
        }
        return null;
    }
}
