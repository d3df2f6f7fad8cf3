package org.ddstuner.remote;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The SHA-256 of a certificate's DER encoding, written as ssh writes key fingerprints ({@code SHA256:} and unpadded
 * base64). {@link #parse} also takes the hex form {@code keytool -list -v} prints (colons optional), so either can be
 * given to {@code --trust-fingerprint}.
 */
public record Fingerprint(byte[] sha256) {

    public Fingerprint {
        if (sha256.length != 32) {
            throw new IllegalArgumentException("a SHA-256 fingerprint has 32 bytes, not " + sha256.length);
        }
        sha256 = sha256.clone();
    }

    public static Fingerprint of(X509Certificate cert) {
        try {
            return new Fingerprint(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("cannot fingerprint " + cert.getSubjectX500Principal() + ": " + e, e);
        }
    }

    /** @throws IllegalArgumentException saying which forms are accepted */
    public static Fingerprint parse(String text) {
        String t = text.strip();
        try {
            if (t.regionMatches(true, 0, "SHA256:", 0, 7)) {
                return new Fingerprint(Base64.getDecoder().decode(pad(t.substring(7))));
            }
            String hex = t.replace(":", "").toLowerCase(Locale.ROOT);
            if (hex.length() == 64) {
                return new Fingerprint(HexFormat.of().parseHex(hex));
            }
        } catch (IllegalArgumentException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("not a SHA-256 fingerprint: \"" + text
                + "\" (expected SHA256:<43 base64 characters> or 64 hex digits)");
    }

    private static String pad(String b64) {
        return b64 + "===".substring(0, (4 - b64.length() % 4) % 4);
    }

    @Override
    public byte[] sha256() {
        return sha256.clone();
    }

    public boolean sameAs(Fingerprint other) {
        return other != null && MessageDigest.isEqual(sha256, other.sha256);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint f && sameAs(f);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(sha256);
    }

    @Override
    public String toString() {
        return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(sha256);
    }
}
