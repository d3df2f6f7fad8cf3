package org.ddstuner.remote.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.spec.PBEKeySpec;

import org.eclipse.equinox.security.storage.provider.IPreferencesContainer;
import org.eclipse.equinox.security.storage.provider.PasswordProvider;

/**
 * The master password of DDS Tuner's secure storage: 32 random bytes made on first use in
 * {@code <ddstuner home>/secure-storage.key}, readable by the user only (0600). So agent tokens are never in plain
 * text in a profile or the storage file (a copied or shared profile folder without the key gives nothing away), but
 * anyone who can read the user's files can read both — the protection of an ssh key without passphrase. A platform
 * provider with a higher priority (a keyring), when installed, is used instead.
 */
public final class LocalKeyPasswordProvider extends PasswordProvider {

    static Path keyFile() {
        return AgentTokens.home().resolve("secure-storage.key");
    }

    @Override
    public PBEKeySpec getPassword(IPreferencesContainer container, int passwordType) {
        try {
            return new PBEKeySpec(readOrCreate(keyFile()).toCharArray());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create " + keyFile() + ": " + e.getMessage(), e);
        }
    }

    private static synchronized String readOrCreate(Path file) throws IOException {
        if (!Files.exists(file)) {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            Files.createDirectories(file.toAbsolutePath().getParent());
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(file, Base64.getEncoder().encodeToString(key) + "\n", StandardCharsets.US_ASCII);
            } catch (FileAlreadyExistsException raced) {
                // another instance made it meanwhile: use theirs
            }
        }
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
    }
}
