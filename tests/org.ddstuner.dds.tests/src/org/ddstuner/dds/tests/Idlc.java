package org.ddstuner.dds.tests;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/** Runs idlc (Debian cyclonedds-tools) on an IDL text and reads the XTypes blobs from the generated C. */
final class Idlc {

    private Idlc() {
    }

    /** The generated .c text of {@code idl}; skips the calling test when idlc is not installed. */
    static String generateC(String idl) throws Exception {
        Path idlc = DiscoveryTest.findOnPath("idlc");
        Assumptions.assumeTrue(idlc != null, "idlc (Debian package cyclonedds-tools) is not installed");
        Path dir = Files.createTempDirectory("idlc");
        try {
            Files.writeString(dir.resolve("T.idl"), idl);
            NativeTools.run(dir, List.of(idlc.toString(), "-l", "c", "T.idl"));
            return Files.readString(dir.resolve("T.c"));
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** TYPE_INFO_CDR_{cName} bytes, e.g. cName {@code demo_Shape}. */
    static byte[] typeInformation(String c, String cName) {
        return bytes(c, "TYPE_INFO_CDR_" + cName);
    }

    /** TYPE_MAP_CDR_{cName} bytes. */
    static byte[] typeMapping(String c, String cName) {
        return bytes(c, "TYPE_MAP_CDR_" + cName);
    }

    private static byte[] bytes(String c, String macro) {
        Matcher m = Pattern.compile("#define " + macro + " \\(unsigned char \\[\\]\\)\\{(.*?)\\}", Pattern.DOTALL).matcher(c);
        if (!m.find()) {
            throw new AssertionError(macro + " not in idlc's output");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Matcher hex = Pattern.compile("0x([0-9a-fA-F]{2})").matcher(m.group(1));
        while (hex.find()) {
            out.write(Integer.parseInt(hex.group(1), 16));
        }
        return out.toByteArray();
    }
}
