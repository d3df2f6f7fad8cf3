package org.ddstuner.remote.internal;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

import org.ddstuner.remote.Fingerprint;

/**
 * Trusts an agent whose certificate chains to a CA the person gave ({@code --ca-file}, PEM or DER, one or more
 * certificates) instead of pinning its fingerprint: the JDK's PKIX validation (signatures, validity, CA constraints)
 * against those CAs only, never the system's. The host name is not checked against the certificate: agents are
 * reached through ssh tunnels and by addresses as often as by names, so the CA vouches for "an agent of ours", not for
 * a name. Remembers the fingerprint it saw, to show it.
 */
public final class CaTrustManager extends X509ExtendedTrustManager {

    private final X509TrustManager pkix;
    private final Path file;
    private volatile Fingerprint seen;

    private CaTrustManager(X509TrustManager pkix, Path file) {
        this.pkix = pkix;
        this.file = file;
    }

    /**
     * Reads the CA certificates of {@code file}.
     *
     * @throws IOException unreadable, or no certificate in it
     */
    public static CaTrustManager of(Path file) throws IOException {
        return new CaTrustManager(CaFiles.pkix(file, "CA"), file);
    }

    public Path file() {
        return file;
    }

    /** The fingerprint of the certificate the agent presented in the last handshake. */
    public Fingerprint seen() {
        return seen;
    }

    private void check(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("the agent sent no certificate");
        }
        seen = Fingerprint.of(chain[0]);
        pkix.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        check(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }
}
