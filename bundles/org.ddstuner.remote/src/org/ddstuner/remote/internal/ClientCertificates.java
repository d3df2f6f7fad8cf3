package org.ddstuner.remote.internal;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

import org.ddstuner.remote.Fingerprint;

/**
 * The agent's second way to log a client in ({@code --client-ca}): a client certificate signed by one of these CAs
 * stands for the token.
 *
 * <p>Why the check is made after the handshake and not by the TLS layer: with "want" client auth the JDK aborts the
 * handshake when its trust manager rejects a certificate, and the client would see only a TLS alert. Here the
 * handshake accepts any certificate (TLS still proves the client holds its key), and the login then refuses an
 * unsigned one with a {@code refused} frame that says why, audited like a wrong token, or lets the token decide.
 */
public final class ClientCertificates {

    /** What a client presented: nothing, a certificate of ours, or one the CAs did not sign ({@code reason}). */
    public record Verdict(boolean presented, boolean trusted, String subject, Fingerprint fingerprint,
            String reason) {

        static final Verdict NONE = new Verdict(false, false, null, null, "no client certificate");
    }

    private final X509TrustManager pkix;
    private final Path file;

    private ClientCertificates(X509TrustManager pkix, Path file) {
        this.pkix = pkix;
        this.file = file;
    }

    /**
     * Reads the CA certificates of {@code file} (PEM or DER, one or more).
     *
     * @throws IOException unreadable, or no certificate in it
     */
    public static ClientCertificates of(Path file) throws IOException {
        return new ClientCertificates(CaFiles.pkix(file, "client CA"), file);
    }

    public Path file() {
        return file;
    }

    /** Checks the certificate the client presented in {@code session}'s handshake against the CAs. */
    public Verdict verify(SSLSession session) {
        Certificate[] peer;
        try {
            peer = session.getPeerCertificates();
        } catch (SSLPeerUnverifiedException e) {
            return Verdict.NONE;
        }
        if (peer == null || peer.length == 0 || !(peer[0] instanceof X509Certificate)) {
            return Verdict.NONE;
        }
        X509Certificate[] chain = new X509Certificate[peer.length];
        for (int i = 0; i < peer.length; i++) {
            chain[i] = (X509Certificate) peer[i];
        }
        String subject = chain[0].getSubjectX500Principal().getName();
        Fingerprint fp = Fingerprint.of(chain[0]);
        try {
            pkix.checkClientTrusted(chain, chain[0].getPublicKey().getAlgorithm());
            return new Verdict(true, true, subject, fp, null);
        } catch (CertificateException | RuntimeException e) {
            return new Verdict(true, false, subject, fp, e.getMessage());
        }
    }

    /**
     * The trust manager of the agent's TLS context: takes any client certificate during the handshake (see the class
     * comment) and names no CA, so a client offers its certificate even when another CA signed it and learns why it
     * was refused.
     */
    public static X509ExtendedTrustManager handshakeTrust() {
        return new X509ExtendedTrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
                // checked at login by verify()
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
                // checked at login by verify()
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
                // checked at login by verify()
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                throw new CertificateException("the agent trusts no servers");
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                    throws CertificateException {
                throw new CertificateException("the agent trusts no servers");
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                    throws CertificateException {
                throw new CertificateException("the agent trusts no servers");
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        };
    }
}
