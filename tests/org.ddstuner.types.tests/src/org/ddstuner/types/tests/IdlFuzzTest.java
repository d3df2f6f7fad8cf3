package org.ddstuner.types.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.idl.IdlResult;
import org.junit.jupiter.api.Test;

/**
 * Random mutations of the corpus must only ever give a library or an {@link IdlParseException}: no other
 * exception, no hang. What parses must also print and parse back.
 */
class IdlFuzzTest {
    private static final int MUTATIONS = 20_000;
    private static final long BUDGET_NANOS = 60_000_000_000L;
    private static final String[] SNIPPETS = {"{", "}", ";", "<", ">", ">>", "[", "]", "(", ")", "::", "@", "@key ",
        "struct ", "union ", "switch", "case ", "default:", "module ", "sequence<", "string<", "typedef ", "const ",
        "#include \"x.idl\"\n", "#define X 1\n", "#ifdef X\n", "#endif\n", "#pragma keylist ", "'", "\"", "/*", "//",
        "0x", "1e309", "99999999999999999999999", "<<", "~", "-", "L'", "L\"", "\\", "\n#", "enum ", "bitmask ",
        "@id(", "@bit_bound(", "@value(", "long ", "unsigned ", "::a::b", "\u00e9", "\0"};

    @Test
    void mutationsNeverCrashOrHang() throws Exception {
        List<String> corpus = new ArrayList<>();
        for (String folder : List.of("idl/valid", "idl/invalid")) {
            for (Path p : TestResources.idlFiles(folder)) {
                corpus.add(Files.readString(p));
            }
        }
        assertFalse(corpus.isEmpty());
        Random random = new Random(20_261_122L);
        IdlParser parser = new IdlParser(List.of(TestResources.path("idl/valid/include")));
        long start = System.nanoTime();
        int runs = 0;
        int parsed = 0;
        while (runs < MUTATIONS && System.nanoTime() - start < BUDGET_NANOS) {
            String input = mutate(corpus.get(random.nextInt(corpus.size())), random);
            runs++;
            long t0 = System.nanoTime();
            try {
                IdlResult r = parser.parse("fuzz.idl", input);
                parsed++;
                String printed = IdlPrinter.print(r.library());
                IdlParser.parseText(printed);
            } catch (IdlParseException expected) {
                assertFalse(expected.problems().isEmpty());
                assertFalse(expected.getMessage().contains("internal parser error"), expected.getMessage() + "\n--- input:\n" + input);
            } catch (IllegalArgumentException printerLimit) {
                // the printer refuses models IDL cannot express; the parser never makes those
                fail("printer failed on a parsed library: " + printerLimit + "\n--- input:\n" + input);
            } catch (RuntimeException | StackOverflowError e) {
                fail("crash on mutated input: " + e + "\n--- input:\n" + input, e);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 5_000, "one parse took " + ms + " ms\n--- input:\n" + input);
        }
        System.out.println("IdlFuzzTest: " + runs + " mutations, " + parsed + " parsed, "
                + (System.nanoTime() - start) / 1_000_000 + " ms");
        assertTrue(runs >= 1000, "too few mutations in the time budget: " + runs);
    }

    private static String mutate(String text, Random random) {
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int pos = sb.isEmpty() ? 0 : random.nextInt(sb.length() + 1);
            switch (random.nextInt(5)) {
                case 0 -> {
                    if (pos < sb.length()) {
                        sb.deleteCharAt(pos);
                    }
                }
                case 1 -> sb.insert(pos, SNIPPETS[random.nextInt(SNIPPETS.length)]);
                case 2 -> {
                    if (pos < sb.length()) {
                        sb.setCharAt(pos, (char) (32 + random.nextInt(95)));
                    }
                }
                case 3 -> {
                    int end = Math.min(sb.length(), pos + random.nextInt(40));
                    sb.delete(pos, end);
                }
                default -> {
                    int from = sb.isEmpty() ? 0 : random.nextInt(sb.length());
                    int end = Math.min(sb.length(), from + random.nextInt(60));
                    sb.insert(pos, sb.substring(from, end));
                }
            }
        }
        return sb.toString();
    }
}
