package org.ddstuner.bench.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Prints a CdrDecodeFuzzer input as the line to add to the test fragment's
 * {@code resources/cdr/crashers.txt}: {@code <type> <hex of the serialized data>}.
 */
public final class ShowFinding {
    private ShowFinding() {
    }

    public static void main(String[] args) throws IOException {
        for (String a : args) {
            byte[] input = Files.readAllBytes(Path.of(a));
            if (input.length == 0) {
                continue;
            }
            System.out.println(FuzzTypes.pick(input[0]).name() + " "
                    + HexFormat.of().formatHex(Arrays.copyOfRange(input, 1, input.length)));
        }
    }
}
