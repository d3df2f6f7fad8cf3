package org.ddstuner.bench.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Prints a finding as the line to add to the type tests' crasher list. A CdrDecodeFuzzer input goes to
 * {@code resources/cdr/crashers.txt} as {@code <type> <hex of the serialized data>}; an input of an XTypes
 * target (its file name starts with the target, as run-fuzz.sh names findings) goes to
 * {@code resources/xtypes/crashers.txt} as {@code <target> <hex of the whole input>}.
 */
public final class ShowFinding {
    private ShowFinding() {
    }

    public static void main(String[] args) throws IOException {
        for (String a : args) {
            Path p = Path.of(a);
            byte[] input = Files.readAllBytes(p);
            String file = p.getFileName().toString();
            String xtypesTarget = null;
            for (String t : new String[] {"TypeInformationFuzzer", "TypeObjectFuzzer", "TypeMappingFuzzer"}) {
                if (file.startsWith(t)) {
                    xtypesTarget = t;
                }
            }
            if (xtypesTarget != null) {
                System.out.println(xtypesTarget + " " + HexFormat.of().formatHex(input));
                continue;
            }
            if (input.length == 0) {
                continue;
            }
            System.out.println(FuzzTypes.pick(input[0]).name() + " "
                    + HexFormat.of().formatHex(Arrays.copyOfRange(input, 1, input.length)));
        }
    }
}
