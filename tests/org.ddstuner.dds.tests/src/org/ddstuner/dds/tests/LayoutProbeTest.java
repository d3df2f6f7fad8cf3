package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.internal.Layouts;
import org.junit.jupiter.api.Test;

/**
 * Compiles releng/probe/layout_probe.c against the installed Cyclone headers and checks that every
 * size, offset and constant the Java side hard-codes equals what the C compiler says, both ways.
 */
class LayoutProbeTest {

    @Test
    void javaLayoutsAndConstantsMatchTheCHeaders() throws Exception {
        Path cc = NativeTools.requireCcAndHeaders();
        Path source = NativeTools.probeDir().resolve("layout_probe.c");
        Path work = Files.createTempDirectory("layout-probe");
        try {
            Path exe = work.resolve("layout_probe");
            NativeTools.run(work, List.of(cc.toString(), "-o", exe.toString(), source.toString()));
            Map<String, Long> c = new LinkedHashMap<>();
            for (String line : NativeTools.run(work, List.of(exe.toString())).split("\n")) {
                if (!line.isBlank()) {
                    int eq = line.indexOf('=');
                    c.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
                }
            }
            Map<String, Long> java = Layouts.asMap();
            List<String> problems = new ArrayList<>();
            c.forEach((k, v) -> {
                if (!java.containsKey(k)) {
                    problems.add(k + ": printed by the probe but unknown to Layouts.asMap()");
                } else if (!java.get(k).equals(v)) {
                    problems.add(k + ": C says " + v + ", Java has " + java.get(k));
                }
            });
            java.keySet().stream().filter(k -> !c.containsKey(k))
                    .forEach(k -> problems.add(k + ": hard-coded in Java but not checked by layout_probe.c"));
            assertTrue(problems.isEmpty(), String.join("\n", problems));
            assertTrue(c.size() > 100, "probe printed " + c.size() + " values");
            assertEquals(64L, c.get("sizeof.dds_sample_info_t"));
        } finally {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
