package org.ddstuner.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * The agent's client token: 256 random bits (base64url, 43 characters) in a file only its owner can read. The agent
 * creates it at its first start, for the person to hand to clients; clients read it from their copy.
 */
public final class TokenFile {

    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final SecureRandom RANDOM = new SecureRandom();

    private TokenFile() {
    }

    /** Reads the token, or creates the file (mode 0600, parents 0700) with a new one when it does not exist. */
    public static String loadOrCreate(Path file) throws IOException {
        if (!Files.exists(file)) {
            byte[] raw = new byte[32];
            RANDOM.nextBytes(raw);
            String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
            createPrivate(file, (token + "\n").getBytes(StandardCharsets.US_ASCII));
            return token;
        }
        return read(file);
    }

    /**
     * Reads a token file (the first line, trimmed).
     *
     * @throws IOException when it is readable by others than its owner (as ssh does with keys) or empty
     */
    public static String read(Path file) throws IOException {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (perms.stream().anyMatch(p -> !OWNER_ONLY.contains(p) && p != PosixFilePermission.OWNER_EXECUTE)) {
            throw new IOException("token file " + file + " is accessible by others (" + PosixFilePermissions.toString(
                    perms) + "): chmod 600 it, the token is a password");
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        int nl = text.indexOf('\n');
        String token = (nl < 0 ? text : text.substring(0, nl)).strip();
        if (token.isEmpty()) {
            throw new IOException("token file " + file + " is empty");
        }
        return token;
    }

    /** Writes a new file readable by its owner only, failing if it exists; parent folders are made 0700. */
    static void createPrivate(Path file, byte[] content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            throw new IOException(file + " appeared while it was being created: not overwriting it", e);
        }
        Files.setPosixFilePermissions(file, OWNER_ONLY); // the umask may have taken bits off, never added: be exact
        Files.write(file, content);
    }

    /**
     * Compares a presented token with the expected one in time independent of where they differ: both are hashed to
     * 32 bytes first, so even their lengths are not compared directly.
     */
    public static boolean matches(String presented, String expected) {
        if (presented == null || expected == null) {
            return false;
        }
        return MessageDigest.isEqual(sha256(presented), sha256(expected));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
