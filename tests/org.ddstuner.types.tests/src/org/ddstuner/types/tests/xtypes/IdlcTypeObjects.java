package org.ddstuner.types.tests.xtypes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The TYPE_INFO_CDR / TYPE_MAP_CDR byte arrays idlc writes into its C output for each topic type, and the
 * text file we keep them in ({@code resources/xtypes/*.typeobjects}) so tests run without idlc:
 * <pre>
 * type R::Point
 * info 60000000…
 * map 4b000000…
 * </pre>
 */
final class IdlcTypeObjects {

    /** One type's serialized TypeInformation and TypeMapping. */
    record Entry(String typeName, byte[] typeInformation, byte[] typeMapping) {
    }

    private static final Pattern DEFINE = Pattern.compile(
            "#define (TYPE_INFO_CDR|TYPE_MAP_CDR)_(\\w+) \\(unsigned char \\[\\]\\)\\{ \\\\\\n(.*?)\\}", Pattern.DOTALL);
    private static final Pattern DESCRIPTOR = Pattern.compile(
            "\\.m_typename = \"([^\"]+)\".*?\\.type_information = \\{ \\.data = TYPE_INFO_CDR_(\\w+),", Pattern.DOTALL);
    private static final Pattern BYTE = Pattern.compile("0x([0-9a-fA-F]{2})");

    private IdlcTypeObjects() {
    }

    static Path corpusIdl() {
        return XTypesResources.path("corpus.idl");
    }

    static Path corpusFile() {
        return XTypesResources.path("corpus.typeobjects");
    }

    /** Whether an idlc that can compile to C is on the PATH. */
    static boolean idlcAvailable() {
        try {
            Process p = new ProcessBuilder("idlc", "-v").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs {@code idlc -l c} on the IDL in a temporary folder and extracts the arrays of every type. */
    static List<Entry> runIdlc(Path idl) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("xtypes-idlc");
        try {
            Process p = new ProcessBuilder("idlc", "-l", "c", "-x", "final", "-W", "no-inherit-appendable",
                    "-o", dir.toString(), idl.toAbsolutePath().toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("idlc did not finish within 60 s");
            }
            String base = idl.getFileName().toString().replaceFirst("\\.idl$", "");
            Path c = dir.resolve(base + ".c");
            if (p.exitValue() != 0 || !Files.exists(c)) {
                throw new IOException("idlc failed (" + p.exitValue() + "): " + out);
            }
            return extract(Files.readString(c));
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    static List<Entry> extract(String cSource) {
        Map<String, byte[]> info = new LinkedHashMap<>();
        Map<String, byte[]> map = new LinkedHashMap<>();
        Matcher m = DEFINE.matcher(cSource);
        while (m.find()) {
            (m.group(1).equals("TYPE_INFO_CDR") ? info : map).put(m.group(2), bytes(m.group(3)));
        }
        List<Entry> entries = new ArrayList<>();
        Matcher d = DESCRIPTOR.matcher(cSource);
        while (d.find()) {
            String cName = d.group(2);
            entries.add(new Entry(d.group(1), info.get(cName), map.get(cName)));
        }
        return entries;
    }

    private static byte[] bytes(String cArray) {
        Matcher b = BYTE.matcher(cArray);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        while (b.find()) {
            out.write(Integer.parseInt(b.group(1), 16));
        }
        return out.toByteArray();
    }

    static String format(List<Entry> entries) {
        StringBuilder sb = new StringBuilder();
        sb.append("# TypeInformation/TypeMapping (XCDR2 LE) that idlc 0.10.2 generated for corpus.idl;\n")
                .append("# regenerate: IdlcTypeObjects.main (TypeObjectCorpusTest compares when idlc is present)\n");
        HexFormat hex = HexFormat.of();
        for (Entry e : entries) {
            sb.append("type ").append(e.typeName()).append('\n');
            sb.append("info ").append(hex.formatHex(e.typeInformation())).append('\n');
            sb.append("map ").append(hex.formatHex(e.typeMapping())).append('\n');
        }
        return sb.toString();
    }

    static List<Entry> parse(String text) {
        List<Entry> entries = new ArrayList<>();
        String type = null;
        byte[] info = null;
        HexFormat hex = HexFormat.of();
        for (String line : text.split("\n")) {
            if (line.startsWith("type ")) {
                type = line.substring(5).trim();
            } else if (line.startsWith("info ")) {
                info = hex.parseHex(line.substring(5).trim());
            } else if (line.startsWith("map ")) {
                entries.add(new Entry(type, info, hex.parseHex(line.substring(4).trim())));
            }
        }
        return entries;
    }

    static List<Entry> committed() {
        try {
            return parse(Files.readString(corpusFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Regenerates the committed file: run from tests/org.ddstuner.types.tests. */
    public static void main(String[] args) throws Exception {
        Path idl = args.length > 0 ? Path.of(args[0]) : corpusIdl();
        Path out = args.length > 1 ? Path.of(args[1]) : idl.resolveSibling(idl.getFileName().toString()
                .replaceFirst("\\.idl$", ".typeobjects"));
        Files.writeString(out, format(runIdlc(idl)));
        System.out.println("wrote " + out);
    }
}
