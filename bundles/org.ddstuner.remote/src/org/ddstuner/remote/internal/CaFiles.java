package org.ddstuner.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * A file of CA certificates (PEM or DER, one or more) as the JDK's PKIX trust manager over those CAs only, never the
 * system's: what the client trusts agents by ({@code --ca-file}, {@link CaTrustManager}) and what the agent trusts
 * client certificates by ({@code --client-ca}, {@link ClientCertificates}).
 */
final class CaFiles {

    private CaFiles() {
    }

    /**
     * @param what the file's role in messages ("CA", "client CA")
     * @throws IOException unreadable, not certificates, or none in it
     */
    static X509TrustManager pkix(Path file, String what) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty()) {
                throw new IOException(file + " holds no certificate");
            }
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            int i = 0;
            for (Certificate c : certs) {
                ks.setCertificateEntry("ca-" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(ks);
            for (TrustManager tm : tmf.getTrustManagers()) {
                if (tm instanceof X509TrustManager x) {
                    return x;
                }
            }
            throw new IOException("no X.509 trust manager for " + file);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the " + what + " certificates in " + file + ": " + e.getMessage(), e);
        }
    }
}
