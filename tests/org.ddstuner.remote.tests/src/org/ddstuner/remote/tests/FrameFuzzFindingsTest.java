package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Replays what Jazzer reported on the frame decoder ({@code bench/fuzz/remote/run.sh};
 * {@code resources/frame-fuzz-findings.txt}) with the fuzz target's oracle: every frame of the stream decodes, or the
 * stream ends cleanly or truncated, or a {@link ProtocolException} with code and reason stops it; a decoded frame
 * re-encodes to the same values; and each input takes well under the fuzzer's time limit.
 */
class FrameFuzzFindingsTest {

    /** As the fuzz target's oracle: numbers by value ({@code 0e00} comes back as {@code 0}), the rest exactly. */
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> a.isNumber() && b.isNumber()
            ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    @Test
    void everyReportedInputMeetsTheOracle() throws Exception {
        List<String> lines = Files.readAllLines(RepoLocator.repoRoot()
                .resolve("tests/org.ddstuner.remote.tests/resources/frame-fuzz-findings.txt")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertFalse(lines.isEmpty());
        for (String hex : lines) {
            byte[] input = HexFormat.of().parseHex(hex.strip());
            int frames = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> replay(input), hex);
            assertTrue(frames >= 0);
        }
    }

    /** The frames decoded before the stream ended or was refused. */
    private static int replay(byte[] input) throws Exception {
        int max = (input[0] & 1) != 0 ? 64 : 1 << 16;
        Frames frames = new Frames(new ByteArrayInputStream(Arrays.copyOfRange(input, 1, input.length)),
                new ByteArrayOutputStream(), max);
        int n = 0;
        while (true) {
            ObjectNode f;
            try {
                f = frames.read();
            } catch (ProtocolException e) {
                assertTrue(e.code() != null && !e.reason().isEmpty(), e.toString());
                return n;
            } catch (EOFException truncated) {
                return n;
            }
            if (f == null) {
                return n;
            }
            ObjectNode back = Frames.parse(Frames.encode(f, Integer.MAX_VALUE));
            assertTrue(f.equals(SAME_VALUE, back), "re-encodes to the same values: " + f + " vs " + back);
            n++;
        }
    }
}
