package org.ddstuner.remote;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

import org.ddstuner.remote.internal.PinningTrustManager;

/**
 * Learns an agent's certificate fingerprint with a TLS 1.3 handshake alone — nothing is sent after it, no token
 * above all — so the desktop can show it to the person before trusting it (first use, as ssh does) or show both
 * fingerprints when the pinned one changed.
 */
public final class CertificateProbe {

    private CertificateProbe() {
    }

    /**
     * @throws IOException the agent cannot be reached or the handshake failed (a plain TCP port, TLS 1.2 only…)
     */
    public static Fingerprint fingerprint(ClientOptions options) throws IOException {
        PinningTrustManager tm = new PinningTrustManager(null);
        SSLContext ctx;
        try {
            ctx = SSLContext.getInstance(Protocol.TLS);
            ctx.init(null, new TrustManager[] { tm }, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java cannot do " + Protocol.TLS + ": " + e.getMessage(), e);
        }
        try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket()) {
            s.setEnabledProtocols(new String[] { Protocol.TLS });
            int timeout = (int) options.connectTimeout().toMillis();
            s.connect(new InetSocketAddress(options.host(), options.port()), timeout);
            s.setSoTimeout(timeout);
            try {
                s.startHandshake();
            } catch (SSLException e) {
                throw new IOException("TLS 1.3 handshake with " + options.agent() + " failed: " + e.getMessage(), e);
            }
            if (tm.seen() == null) {
                throw new IOException("the agent at " + options.agent() + " presented no certificate");
            }
            return tm.seen();
        }
    }
}
