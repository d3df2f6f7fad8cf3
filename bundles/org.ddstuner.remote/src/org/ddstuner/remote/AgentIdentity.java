package org.ddstuner.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The agent's key pair and self-signed certificate, kept in {@code agent.p12} (PKCS#12, mode 0600) with its random
 * store password in {@code agent.p12.pass} (0600) in the agent's folder, and made at the first start.
 *
 * <p>Made by running the {@code keytool -genkeypair} of the running Java (EC P-256, SHA256withECDSA, 10 years) as a
 * child process. Why not a library: the JDK has no public API that builds a certificate ({@code sun.security.x509}
 * is not exported), and BouncyCastle (bcprov + bcpkix + bcutil) would add three signed bundles (~9 MB) to the target
 * platform and the product for something done once per agent; {@code keytool} is part of {@code java.base}, so it
 * is in every JDK and in a jlink'ed runtime. The store password goes to keytool through its environment, never its
 * command line (which {@code ps} shows).
 */
public final class AgentIdentity {

    static final String ALIAS = "ddstuner-agent";
    private static final String PASSWORD_ENV = "DDSTUNER_AGENT_STOREPASS";

    private final KeyStore store;
    private final char[] password;
    private final X509Certificate certificate;

    private AgentIdentity(KeyStore store, char[] password) throws GeneralSecurityException {
        this.store = store;
        this.password = password;
        this.certificate = (X509Certificate) store.getCertificate(ALIAS);
        if (certificate == null) {
            throw new GeneralSecurityException("the key store has no entry " + ALIAS);
        }
    }

    /** Loads the identity from {@code dir}, making it first (folder 0700) when it is not there. */
    public static AgentIdentity loadOrCreate(Path dir) throws IOException {
        Path store = dir.resolve("agent.p12");
        Path pass = dir.resolve("agent.p12.pass");
        if (!Files.exists(store)) {
            create(store, pass);
        }
        char[] password = Files.readString(pass, StandardCharsets.US_ASCII).strip().toCharArray();
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password);
            return new AgentIdentity(ks, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the agent's key store " + store + ": " + e.getMessage(), e);
        }
    }

    private static void create(Path store, Path pass) throws IOException {
        byte[] raw = new byte[24];
        new SecureRandom().nextBytes(raw);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        Files.deleteIfExists(pass); // a left-over of an interrupted first start
        TokenFile.createPrivate(pass, (password + "\n").getBytes(StandardCharsets.US_ASCII));
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        if (!Files.isExecutable(keytool)) {
            throw new IOException("cannot make the agent's certificate: " + keytool + " is missing from this Java");
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        List<String> cmd = new ArrayList<>(List.of(keytool.toString(), "-genkeypair", "-alias", ALIAS,
                "-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA", "-validity", "3650",
                "-dname", "CN=DDS Tuner agent " + host.replaceAll("[,+=\"\\\\<>;#]", "_"), "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass:env", PASSWORD_ENV));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put(PASSWORD_ENV, password);
        Process p = pb.start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("keytool did not finish within 120 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool made the agent's certificate", e);
        }
        if (p.exitValue() != 0 || !Files.exists(store)) {
            throw new IOException("keytool failed (exit " + p.exitValue() + "): " + output.strip());
        }
        Files.setPosixFilePermissions(store, TokenFile.OWNER_ONLY);
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public Fingerprint fingerprint() {
        return Fingerprint.of(certificate);
    }

    /** A TLS 1.3 server context presenting this identity. */
    public SSLContext serverContext() {
        return serverContext(null);
    }

    /** The TLS context with {@code trust} deciding on client certificates ({@code null}: the JDK's default). */
    SSLContext serverContext(javax.net.ssl.TrustManager trust) {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            SSLContext ctx = SSLContext.getInstance(Protocol.TLS);
            ctx.init(kmf.getKeyManagers(), trust == null ? null : new javax.net.ssl.TrustManager[] { trust },
                    new SecureRandom());
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up TLS with the agent's key: " + e.getMessage(), e);
        }
    }
}
