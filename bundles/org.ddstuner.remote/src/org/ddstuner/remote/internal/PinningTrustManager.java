package org.ddstuner.remote.internal;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

import org.ddstuner.remote.Fingerprint;

/**
 * Trusts the agent's certificate by its fingerprint alone (agents are self-signed): the expected one, or — when none
 * is pinned yet — any, remembering what it saw so the caller can pin it after the handshake. A different one fails
 * the handshake before anything (the token above all) is sent. Never used for client certificates.
 */
public final class PinningTrustManager extends X509ExtendedTrustManager {

    private final Fingerprint expected;
    private volatile Fingerprint seen;

    public PinningTrustManager(Fingerprint expected) {
        this.expected = expected;
    }

    /** The fingerprint the agent presented in the last handshake. */
    public Fingerprint seen() {
        return seen;
    }

    public boolean mismatch() {
        return expected != null && seen != null && !expected.sameAs(seen);
    }

    private void check(X509Certificate[] chain) throws CertificateException {
        if (chain == null || chain.length == 0) {
            throw new CertificateException("the agent sent no certificate");
        }
        chain[0].checkValidity();
        Fingerprint f = Fingerprint.of(chain[0]);
        seen = f;
        if (expected != null && !expected.sameAs(f)) {
            throw new CertificateException("the agent's certificate is " + f + ", not the pinned " + expected);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("client certificates are not accepted here");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
