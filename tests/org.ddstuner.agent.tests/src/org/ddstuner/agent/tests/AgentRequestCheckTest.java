package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.ddstuner.agent.AgentProtocol;
import org.ddstuner.agent.RequestSigner;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's request checks in C (its own SHA-256/HMAC, replay and input checks) without DDS: the C HMAC matches
 * RFC 4231 and the Java client's signature of the same request, and replays, stale, tampered, unsigned and malformed
 * requests get the documented results.
 */
class AgentRequestCheckTest {

    @TempDir
    Path dir;

    @Test
    void cSignatureMatchesJavaAndBadRequestsAreRefused() throws Exception {
        Path repo = RepoLocator.repoRoot();
        Path src = repo.resolve("bundles/org.ddstuner.agent/native");
        Path exe = dir.resolve("request_test");
        run(List.of("gcc", "-O1", "-Wall", "-I" + src, repo.resolve("tests/org.ddstuner.agent.tests/native/request_test.c").toString(),
                src.resolve("request.c").toString(), src.resolve("qos_text.c").toString(), src.resolve("sha256.c").toString(),
                "-o", exe.toString()));
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : run(List.of(exe.toString())).split("\n")) {
            int eq = line.indexOf('=');
            out.put(line.substring(0, eq), line.substring(eq + 1));
        }
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", out.get("rfc4231_2"));
        String java = RequestSigner.hmac("s3cret".getBytes(StandardCharsets.UTF_8),
                RequestSigner.canonical(AgentProtocol.VERSION, "host:42", "client-1", 7, AgentProtocol.OP_SET_QOS,
                        "0110aabbccddeeff0011223300000102", "ownership_strength=42;user_data=a%3Bb",
                        1700000000000000000L, "nonce-0001"));
        assertEquals(java, out.get("hmac"), "C and Java sign the same request alike");
        assertEquals("OK policies=2", out.get("first"));
        assertEquals("REPLAY policies=0", out.get("again"));
        assertEquals("REPLAY policies=0", out.get("stale"));
        assertEquals("NOT_AUTHORIZED policies=0", out.get("no_secret"));
        assertEquals("NOT_AUTHORIZED policies=0", out.get("other_secret"));
        assertEquals("NOT_AUTHORIZED policies=0", out.get("tampered"));
        assertEquals("MALFORMED policies=0", out.get("short_nonce"));
        assertEquals("MALFORMED policies=0", out.get("bad_escape"));
        assertEquals("BAD_VERSION policies=0", out.get("new_version"));
    }

    private String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(cmd + " failed:\n" + out);
        }
        return out;
    }
}
