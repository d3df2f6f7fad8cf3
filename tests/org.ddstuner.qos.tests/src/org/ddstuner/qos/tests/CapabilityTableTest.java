package org.ddstuner.qos.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.qos.Capability;
import org.ddstuner.qos.CapabilityProbe;
import org.ddstuner.qos.Changeability;
import org.ddstuner.qos.QosCapabilities;
import org.ddstuner.qos.TunedKind;
import org.ddstuner.json.StrictJson;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.Peers;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The capability probe on real libraries: Debian's libddsc 0.10.2 in this JVM, and Cyclone 11.0.1 (the Python
 * peer's bundled libddsc) in a child JVM, since the library is process-wide and 11.x always sends a multicast
 * probe (so only inside releng/scripts/netns-run.sh). Each table is pinned ({@link PinnedTables}).
 */
class CapabilityTableTest {

    @Test
    void tableOfLibddsc0102IsPinnedAndCached() {
        NetNs.requireIsolated();
        Assumptions.assumeTrue("0.10.2".equals(DdsLibrary.get().version()),
                "the pinned table is for libddsc 0.10.2; loaded: " + DdsLibrary.get());
        QosCapabilities caps = CapabilityProbe.forLoadedLibrary();
        assertEquals(PinnedTables.LIBDDSC_0_10_2, caps.table(), "capability table of " + DdsLibrary.get());
        assertSame(caps, CapabilityProbe.forLoadedLibrary(), "probed once per library (path + version)");
        assertEquals(DdsLibrary.get().version(), caps.libraryVersion());
        for (Capability c : caps.capabilities()) {
            assertTrue(c.reason().contains(c.setQos()), "the reason names the return code: " + c);
            assertTrue(c.factsAgree(), "DDS-FACTS.md's tuning facts and the probe agree on 0.10.2: " + c);
        }
        Capability tbf = caps.get(TunedKind.READER, "time_based_filter").orElseThrow();
        assertEquals(Changeability.RECREATE, tbf.own(), "accepted but without effect: " + tbf.reason());
        assertTrue(tbf.reason().contains("no effect"), tbf.reason());
        assertTrue(caps.get(TunedKind.READER, "ownership_strength").isEmpty(), "not a reader policy");
    }

    @Test
    void jsonHasOneObjectPerKindWithPolicyNamesAsLsJson() throws IOException {
        NetNs.requireIsolated();
        QosCapabilities caps = CapabilityProbe.forLoadedLibrary();
        Map<String, Object> root = StrictJson.parseMap(caps.toJson());
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Map<String, Object>>> kinds = (Map<String, Map<String, Map<String, Object>>>) root.get("kinds");
        assertEquals(List.of("participant", "topic", "publisher", "subscriber", "writer", "reader"),
                new ArrayList<>(kinds.keySet()));
        Map<String, Object> strength = kinds.get("writer").get("ownership_strength");
        assertEquals("live", strength.get("own"));
        assertEquals("live", strength.get("remote"));
        assertEquals(Boolean.TRUE, strength.get("announced"));
        Map<String, Object> reliability = kinds.get("reader").get("reliability");
        assertEquals("recreate", reliability.get("own"));
        assertEquals("next-start", reliability.get("remote"));
        assertEquals("DDS_RETCODE_IMMUTABLE_POLICY", reliability.get("setQos"));
        for (var kind : kinds.values()) {
            for (String policy : kind.keySet()) {
                assertTrue(org.ddstuner.dds.Qos.NAMES.contains(policy), "policy named as in ls --json: " + policy);
            }
        }
    }

    @Test
    void tableOfCyclone11IsPinned() throws Exception {
        NetNs.requireIsolated();
        Path lib = library11();
        Assumptions.assumeTrue(lib != null, "libddsc 11 of the peers' venv not found (releng/scripts/install-peers.sh)");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dddstuner.libddsc=" + lib, "-cp", childClassPath(),
                CapabilityTableMain.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] bytes = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM ended");
        String out = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        List<String> lines = out.lines().toList();
        assertEquals("libddsc 11.0.1", lines.get(0), out);
        assertEquals("OK", lines.get(lines.size() - 1), out);
        String table = String.join("\n", lines.subList(1, lines.indexOf("REASONS"))) + "\n";
        assertEquals(PinnedTables.LIBDDSC_11_0_1, table, "capability table of libddsc 11.0.1:\n" + out);
        String tbf = lines.stream().filter(l -> l.startsWith("reader time_based_filter:")).findFirst().orElseThrow();
        assertTrue(tbf.contains("(measured)") && tbf.contains("no effect"), tbf);
        assertFalse(out.contains("the probe is trusted"), "probe and sources agree on 11.0.1 too:\n" + out);
    }

    static Path library11() throws IOException {
        Path lib = Peers.venvDir().resolve("lib");
        if (!Files.isDirectory(lib)) {
            return null;
        }
        try (Stream<Path> s = Files.walk(lib, 5)) {
            return s.filter(p -> p.toString().endsWith("/cyclonedds/.libs/libddsc.so")).findFirst().orElse(null);
        }
    }

    /** The compiled classes of the bundles and of this fragment (a plain class path, no OSGi). */
    static String childClassPath() {
        Path repo = RepoLocator.repoRoot();
        List<String> parts = new ArrayList<>();
        for (String m : List.of("bundles/org.ddstuner.dds", "bundles/org.ddstuner.system", "bundles/org.ddstuner.qos",
                "tests/org.ddstuner.qos.tests")) {
            Path classes = repo.resolve(m).resolve("target/classes");
            assertTrue(Files.isDirectory(classes), "compiled classes at " + classes);
            parts.add(classes.toString());
        }
        return String.join(File.pathSeparator, parts);
    }
}
