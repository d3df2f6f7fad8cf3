package org.ddstuner.types.tests.xtypes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference for {@code TypeObjectWriter}: what idlc 0.10.2 and libddsc make of an IDL file. Runs
 * {@code idlc -l c} into a temporary folder, compiles the generated C with a small main that prints every
 * topic descriptor's {@code m_typename}, {@code type_information} and {@code type_mapping} (linked against
 * libddsc), runs it and parses what it printed. Reading the bytes from the compiled descriptors rather
 * than from the C text checks what a Cyclone application really registers.
 */
final class IdlcDescriptorOracle {

    /** One topic descriptor: its type name and its serialized TypeInformation and TypeMapping. */
    record Descriptor(String typeName, byte[] typeInformation, byte[] typeMapping) {
    }

    /** idlc's options: our IDL parser's default extensibility is final, as is idlc 0.10.2's. */
    static final List<String> IDLC_OPTIONS = List.of("-l", "c", "-x", "final", "-W", "no-inherit-appendable");

    private static final Pattern DESCRIPTOR = Pattern.compile("extern const dds_topic_descriptor_t (\\w+);");
    private static final int TIMEOUT_SECONDS = 120;

    private IdlcDescriptorOracle() {
    }

    /** Why the oracle cannot run here, or {@code null} when idlc, cc and the Cyclone headers are present. */
    static String unavailableReason() {
        if (!Files.isRegularFile(Path.of("/usr/include/dds/dds.h"))) {
            return "Cyclone headers /usr/include/dds missing";
        }
        for (String tool : List.of("idlc", "cc")) {
            try {
                Process p = new ProcessBuilder(tool, tool.equals("cc") ? "--version" : "-v").redirectErrorStream(true)
                        .start();
                p.getInputStream().readAllBytes();
                if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    return tool + " does not run";
                }
            } catch (IOException e) {
                return tool + " not on PATH";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }
        return null;
    }

    /** Every topic descriptor idlc generates for {@code idl}, in the order of its header. */
    static List<Descriptor> descriptors(Path idl, List<Path> includePaths) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("typeobject-oracle");
        try {
            List<String> idlc = new ArrayList<>(List.of("idlc"));
            idlc.addAll(IDLC_OPTIONS);
            for (Path p : includePaths) {
                idlc.add("-I");
                idlc.add(p.toAbsolutePath().toString());
            }
            idlc.addAll(List.of("-o", dir.toString(), idl.toAbsolutePath().toString()));
            run(dir, idlc);
            String base = idl.getFileName().toString().replaceFirst("\\.idl$", "");
            List<String> symbols = new ArrayList<>();
            Matcher m = DESCRIPTOR.matcher(Files.readString(dir.resolve(base + ".h")));
            while (m.find()) {
                symbols.add(m.group(1));
            }
            Files.writeString(dir.resolve("dump_main.c"), mainSource(base + ".h", symbols));
            run(dir, List.of("cc", "-o", "dump", "dump_main.c", base + ".c", "-I", ".", "-lddsc"));
            return parse(run(dir, List.of(dir.resolve("dump").toString())));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    static String mainSource(String header, List<String> descriptorSymbols) {
        StringBuilder sb = new StringBuilder();
        sb.append("#include <stdio.h>\n#include \"dds/dds.h\"\n#include \"").append(header).append("\"\n\n");
        sb.append("static void hex(const char *tag, const struct dds_type_meta_ser *m)\n{\n")
                .append("  printf(\"%s \", tag);\n")
                .append("  for (uint32_t i = 0; i < m->sz; i++)\n    printf(\"%02x\", m->data[i]);\n")
                .append("  printf(\"\\n\");\n}\n\n");
        sb.append("static void dump(const dds_topic_descriptor_t *d)\n{\n")
                .append("  printf(\"type %s\\n\", d->m_typename);\n")
                .append("  hex(\"info\", &d->type_information);\n  hex(\"map\", &d->type_mapping);\n}\n\n");
        sb.append("int main(void)\n{\n");
        for (String s : descriptorSymbols) {
            sb.append("  dump(&").append(s).append(");\n");
        }
        sb.append("  return 0;\n}\n");
        return sb.toString();
    }

    static List<Descriptor> parse(String output) {
        List<Descriptor> out = new ArrayList<>();
        HexFormat hex = HexFormat.of();
        String type = null;
        byte[] info = null;
        for (String line : output.split("\n")) {
            if (line.startsWith("type ")) {
                type = line.substring(5).trim();
            } else if (line.startsWith("info ")) {
                info = hex.parseHex(line.substring(5).trim());
            } else if (line.startsWith("map ")) {
                out.add(new Descriptor(type, info, hex.parseHex(line.substring(4).trim())));
            }
        }
        return out;
    }

    private static String run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out after " + TIMEOUT_SECONDS + " s: " + command);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(command + " exited with " + p.exitValue() + ":\n" + text);
        }
        return text;
    }
}
