package org.ddstuner.dds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.DdsLibrary;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs Cyclone's IDL compiler (idlc, Debian package cyclonedds-tools) on the IDL of a {@link StructType},
 * compiles the generated descriptor with a small C main and checks that the descriptor we build at run
 * time is the same: ops, keys, size, alignment, flags and (for 0.10.x) m_nops.
 */
class IdlcCrossCheckTest {

    static List<StructType> types() {
        return List.of(RoundTripTest.ALL_KINDS,
                StructType.builder("demo::FixedKey").key("a", MemberKind.INT32).key("b", MemberKind.INT64)
                        .member("v", MemberKind.FLOAT64).build(),
                StructType.builder("demo::LongKey").key("a", MemberKind.INT64).key("b", MemberKind.UINT64)
                        .key("c", MemberKind.CHAR).member("v", MemberKind.FLOAT64).build(),
                StructType.builder("NoKeys").member("flag", MemberKind.BOOLEAN).member("x", MemberKind.UINT16).build(),
                StructType.builder("a::b::Deep").member("s", MemberKind.STRING).key("k", MemberKind.UINT8).build(),
                RoundTripTest.WITH_OCTETS);
    }

    @ParameterizedTest
    @MethodSource("types")
    void descriptorEqualsWhatIdlcGenerates(StructType type) throws Exception {
        Path cc = NativeTools.requireCcAndHeaders();
        Path idlc = DiscoveryTest.findOnPath("idlc");
        Assumptions.assumeTrue(idlc != null, "idlc (Debian package cyclonedds-tools) is not installed");
        Path work = Files.createTempDirectory("idlc-check");
        try {
            Files.writeString(work.resolve("T.idl"), type.toIdl() + "\n");
            NativeTools.run(work, List.of(idlc.toString(), "T.idl"));
            String cName = type.typeName().replace("::", "_");
            Files.writeString(work.resolve("main.c"), """
                    #include <stdio.h>
                    #include "T.h"
                    int main(int argc, char **argv) {
                      const dds_topic_descriptor_t *d = &%s_desc;
                      int nwords = atoi(argv[1]);
                      printf("size=%%u\\nalign=%%u\\nflags=%%u\\nnkeys=%%u\\nnops=%%u\\n", d->m_size, d->m_align,
                             d->m_flagset, d->m_nkeys, d->m_nops);
                      printf("ops=");
                      for (int i = 0; i < nwords; i++) printf("%%u ", d->m_ops[i]);
                      printf("\\nkeys=");
                      for (uint32_t i = 0; i < d->m_nkeys; i++) printf("%%s/%%u/%%u ", d->m_keys[i].m_name, d->m_keys[i].m_offset, d->m_keys[i].m_idx);
                      printf("\\n");
                      return 0;
                    }
                    """.formatted(cName).replace("#include <stdio.h>", "#include <stdio.h>\n#include <stdlib.h>"));
            NativeTools.run(work, List.of(cc.toString(), "-o", "check", "main.c", "T.c"));
            int[] ours = type.ops();
            Map<String, String> idl = new LinkedHashMap<>();
            for (String line : NativeTools.run(work, List.of(work.resolve("check").toString(), String.valueOf(ours.length)))
                    .split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    idl.put(line.substring(0, eq), line.substring(eq + 1).trim());
                }
            }
            assertEquals(idl.get("size"), String.valueOf(type.size()), "m_size");
            assertEquals(idl.get("align"), String.valueOf(type.alignment()), "m_align");
            int xtypesMetadata = 1 << 6; // idlc adds type information; we don't
            assertEquals(Integer.parseInt(idl.get("flags")) & ~xtypesMetadata, type.flags(), "m_flagset");
            assertEquals(idl.get("nkeys"), String.valueOf(type.keys().size()), "m_nkeys");
            List<String> opsText = new ArrayList<>();
            Arrays.stream(ours).forEach(o -> opsText.add(Integer.toUnsignedString(o)));
            assertEquals(idl.get("ops"), String.join(" ", opsText), "ops");
            List<String> keys = new ArrayList<>();
            int k = 0;
            for (StructType.Member m : type.keys()) {
                // the KOF pairs close the ops: key k's KOF is pair k of the last nkeys pairs (members before the
                // RTS take 2 words each, a bounded sequence 3)
                keys.add(m.name() + "/" + (ours.length - 2 * type.keys().size() + 2 * k) + "/" + k);
                k++;
            }
            assertEquals(idl.getOrDefault("keys", ""), String.join(" ", keys), "key descriptors");
            if (!DdsLibrary.get().features().wordCountedOps()) {
                assertEquals(idl.get("nops"), String.valueOf(type.nops()), "m_nops (0.10.x counts instructions)");
            }
        } finally {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
