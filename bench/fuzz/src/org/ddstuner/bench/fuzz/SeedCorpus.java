package org.ddstuner.bench.fuzz;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;
import org.ddstuner.types.tests.cdr.RandomValues;

/** Writes the seed corpus: one small random sample of every fuzz type in each encapsulation. */
public final class SeedCorpus {
    private SeedCorpus() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        CdrCodec codec = new CdrCodec(FuzzTypes.LIBRARY);
        RandomValues random = new RandomValues(FuzzTypes.LIBRARY, 2026, 2);
        int n = 0;
        for (int i = 0; i < FuzzTypes.TYPES.size(); i++) {
            TypeRef t = FuzzTypes.TYPES.get(i);
            for (XcdrVersion v : XcdrVersion.values()) {
                for (ByteOrder o : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                    byte[] body = codec.encode(t, random.of(t), v, o);
                    byte[] input = new byte[body.length + 1];
                    input[0] = (byte) i;
                    System.arraycopy(body, 0, input, 1, body.length);
                    String name = t.name().replace("::", "_") + "-" + v + "-" + (o == ByteOrder.BIG_ENDIAN ? "BE" : "LE");
                    Files.write(dir.resolve(name), input);
                    n++;
                }
            }
        }
        System.out.println(n + " seeds written to " + dir);
    }
}
