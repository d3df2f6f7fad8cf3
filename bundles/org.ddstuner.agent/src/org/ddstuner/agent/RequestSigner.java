package org.ddstuner.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 over a request's fields, as the agent checks it (canonical form in {@code idl/ddstuner_agent.idl}). */
public final class RequestSigner {

    private RequestSigner() {
    }

    public static String canonical(int version, String agent, String client, long requestId, int op, String target,
            String qos, long timestampNs, String nonce) {
        return "ddstuner-agent-request\n" + version + "\n" + agent + "\n" + client + "\n" + requestId + "\n" + op + "\n"
                + target + "\n" + qos + "\n" + timestampNs + "\n" + nonce;
    }

    /**
     * The secret in a file (the application's DDSTUNER_AGENT_SECRET; a trailing newline is ignored).
     *
     * @throws IOException when it cannot be read; IllegalArgumentException when it is empty
     */
    public static byte[] readSecret(Path file) throws IOException {
        String s = Files.readString(file).replaceAll("[\r\n]+$", "");
        if (s.isEmpty()) {
            throw new IllegalArgumentException(file + " is empty");
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Lower-case hex HMAC-SHA256 of text with the secret. */
    public static String hmac(byte[] secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
