package org.ddstuner.bench.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes the seed corpora of the XTypes targets from the real bytes idlc generated that the type tests keep
 * ({@code tests/org.ddstuner.types.tests/resources/xtypes/corpus.typeobjects}): per type its TypeInformation
 * and TypeMapping (prefixed by byte 0 = little endian), and every TypeObject cut out of the mapping.
 *   java -cp classes org.ddstuner.bench.fuzz.XTypesSeedCorpus corpus.typeobjects bench/fuzz/corpus
 */
public final class XTypesSeedCorpus {
    private XTypesSeedCorpus() {
    }

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        Path out = Path.of(args[1]);
        Path info = Files.createDirectories(out.resolve("TypeInformationFuzzer"));
        Path map = Files.createDirectories(out.resolve("TypeMappingFuzzer"));
        Path obj = Files.createDirectories(out.resolve("TypeObjectFuzzer"));
        String type = null;
        int objects = 0;
        for (String l : lines) {
            String[] w = l.split(" ", 2);
            if (w[0].equals("type")) {
                type = w[1].replace("::", "_");
            } else if (w[0].equals("info")) {
                Files.write(info.resolve(type), prefixed(HexFormat.of().parseHex(w[1])));
            } else if (w[0].equals("map")) {
                byte[] m = HexFormat.of().parseHex(w[1]);
                Files.write(map.resolve(type), prefixed(m));
                objects += cutObjects(m, obj, type);
            }
        }
        System.out.println("seeds written to " + out + " (" + objects + " type objects)");
    }

    private static byte[] prefixed(byte[] b) {
        byte[] p = new byte[b.length + 1];
        System.arraycopy(b, 0, p, 1, b.length);
        return p;
    }

    /** The two pair sequences of a TypeMapping: identifiers are hashes (15 bytes), objects are delimited. */
    private static int cutObjects(byte[] m, Path dir, String type) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN);
        int pos = 0;
        int n = 0;
        for (String kind : new String[] {"min", "cpl"}) {
            pos = align(pos);
            int end = pos + 4 + b.getInt(pos);
            int count = b.getInt(pos + 4);
            pos += 8;
            for (int i = 0; i < count; i++) {
                int d = m[pos] & 0xff;
                if (d != 0xF1 && d != 0xF2) {
                    return n; // not a hash: not what idlc writes, leave the rest
                }
                pos = align(pos + 15);
                int len = 4 + b.getInt(pos);
                byte[] o = new byte[len];
                System.arraycopy(m, pos, o, 0, len);
                Files.write(dir.resolve(type + "-" + kind + "-" + i), o);
                pos += len;
                n++;
            }
            pos = end;
        }
        return n;
    }

    private static int align(int pos) {
        return (pos + 3) & ~3;
    }
}
