package org.ddstuner.types.tests.cyclone;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.ddstuner.types.cyclone.CycloneDescriptor;

/**
 * The ground truth: runs {@code idlc -l c} (Cyclone DDS 0.10.2) on an IDL file, compiles the generated C with
 * gcc together with a small main that prints every topic descriptor (m_size, m_align, m_flagset, m_nops,
 * every ops word, m_keys) and parses what it prints into {@link CycloneDescriptor}s.
 */
final class IdlcDescriptors {
    private static final Pattern DESCRIPTOR = Pattern.compile("const dds_topic_descriptor_t (\\w+)_desc =");

    private IdlcDescriptors() {
    }

    /** Whether idlc, gcc and the Cyclone headers are there. */
    static boolean toolsAvailable() {
        return works("idlc", "-v") && works("gcc", "--version") && Files.isRegularFile(Path.of("/usr/include/dds/dds.h"));
    }

    private static boolean works(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Every descriptor idlc generates for the file, in the order of the generated C. */
    static List<CycloneDescriptor> generate(Path idl) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("cyclone-ops");
        try {
            String base = idl.getFileName().toString().replaceFirst("\\.idl$", "");
            run(dir, List.of("idlc", "-l", "c", "-o", dir.toString(), idl.toAbsolutePath().toString()));
            Path c = dir.resolve(base + ".c");
            String source = Files.readString(c);
            StringBuilder main = new StringBuilder()
                    .append("#include <stdio.h>\n#include \"dds/ddsi/ddsi_cdrstream.h\"\n")
                    .append("#include \"").append(base).append(".c\"\n")
                    .append("static void dump(const dds_topic_descriptor_t *t, const uint32_t *ops, size_t n) {\n")
                    .append("  printf(\"type %s\\n%u %u %u %u %u %zu\\n\", t->m_typename, t->m_size, t->m_align,")
                    .append(" t->m_flagset, t->m_nops, dds_stream_countops(t->m_ops, t->m_nkeys, t->m_keys), n);\n")
                    .append("  for (size_t i = 0; i < n; i++) printf(\"%s%u\", i ? \" \" : \"\", ops[i]);\n")
                    .append("  printf(\"\\n%u\\n\", t->m_nkeys);\n")
                    .append("  for (uint32_t k = 0; k < t->m_nkeys; k++)\n")
                    .append("    printf(\"%s %u %u\\n\", t->m_keys[k].m_name, t->m_keys[k].m_offset, t->m_keys[k].m_idx);\n")
                    .append("}\nint main(void) {\n");
            Matcher m = DESCRIPTOR.matcher(source);
            while (m.find()) {
                // the ops array is static in the generated C, so the main includes that C to see its size
                main.append("  dump(&").append(m.group(1)).append("_desc, ").append(m.group(1)).append("_ops, sizeof (")
                        .append(m.group(1)).append("_ops) / sizeof (uint32_t));\n");
            }
            main.append("  return 0;\n}\n");
            Files.writeString(dir.resolve("dump.c"), main);
            run(dir, List.of("gcc", "-I", dir.toString(), "-o", "dump", "dump.c", "-lddsc"));
            return parse(run(dir, List.of(dir.resolve("dump").toString())));
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static List<CycloneDescriptor> parse(String out) {
        List<CycloneDescriptor> list = new ArrayList<>();
        String[] lines = out.split("\n");
        int i = 0;
        while (i < lines.length) {
            if (!lines[i].startsWith("type ")) {
                throw new IllegalStateException("unexpected dump line " + i + ": " + lines[i]);
            }
            String name = lines[i++].substring(5);
            String[] head = lines[i++].trim().split(" ");
            long words = Long.parseLong(head[5]);
            if (Long.parseLong(head[4]) != words) {
                throw new IllegalStateException(name + ": dds_stream_countops " + head[4] + " but " + words + " words");
            }
            String opsLine = lines[i++].trim();
            int[] ops = opsLine.isEmpty() ? new int[0]
                    : Stream.of(opsLine.split(" ")).mapToInt(s -> (int) Long.parseLong(s)).toArray();
            int nkeys = Integer.parseInt(lines[i++].trim());
            List<CycloneDescriptor.Key> keys = new ArrayList<>();
            for (int k = 0; k < nkeys; k++) {
                String[] f = lines[i++].trim().split(" ");
                keys.add(new CycloneDescriptor.Key(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2])));
            }
            list.add(new CycloneDescriptor(name, Integer.parseInt(head[0]), Integer.parseInt(head[1]),
                    (int) Long.parseLong(head[2]), ops, keys, Integer.parseInt(head[3])));
        }
        return list;
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        // output to a file, not a pipe, so that a hanging tool (idlc 0.10.2 loops on recursive types) times out
        Path log = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(command + " exited with " + p.exitValue() + ":\n" + text);
        }
        return text;
    }
}
