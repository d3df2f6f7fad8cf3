package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates for the remote agent's tests, made with the running JDK's {@code keytool} as an operator would: CAs
 * (key store {@code NAME.p12}, password {@code ca-pass}, certificate {@code NAME.pem}) and EC keys the CA signed, in a
 * PKCS#12 store holding the key, its signed chain and the CA.
 */
final class Keytool {

    private final Path dir;

    /** Keeps the CAs' files in {@code dir}. */
    Keytool(Path dir) {
        this.dir = dir;
    }

    /** Runs keytool with {@code args}; fails the test when it fails. */
    void run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
        assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    }

    /** A new CA {@code name}; its certificate (PEM). */
    Path ca(String name) throws IOException, InterruptedException {
        String ks = dir.resolve(name + ".p12").toString();
        run("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name, "-ext",
                "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass", "ca-pass");
        Path pem = dir.resolve(name + ".pem");
        run("-exportcert", "-rfc", "-alias", "ca", "-keystore", ks, "-storepass", "ca-pass", "-file", pem.toString());
        return pem;
    }

    /**
     * A key for {@code dname} under {@code alias} in a new store {@code keystore} (password {@code pass}), its
     * certificate signed by the CA {@code caName} (made by {@link #ca}) and that CA's certificate imported too.
     */
    void signedKey(Path keystore, String pass, String alias, String dname, String caName)
            throws IOException, InterruptedException {
        String ks = keystore.toString();
        String base = ks.replaceFirst("\\.p12$", "");
        run("-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname, "-validity",
                "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass", pass);
        run("-certreq", "-alias", alias, "-keystore", ks, "-storepass", pass, "-file", base + ".csr");
        run("-gencert", "-alias", "ca", "-keystore", dir.resolve(caName + ".p12").toString(), "-storepass", "ca-pass",
                "-infile", base + ".csr", "-outfile", base + ".crt", "-rfc");
        run("-importcert", "-noprompt", "-alias", "ca", "-keystore", ks, "-storepass", pass, "-file",
                dir.resolve(caName + ".pem").toString());
        run("-importcert", "-alias", alias, "-keystore", ks, "-storepass", pass, "-file", base + ".crt");
        Files.deleteIfExists(Path.of(base + ".csr"));
    }
}
