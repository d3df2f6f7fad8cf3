package org.ddstuner.remote.tests;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.internal.Frames;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A hand-made client for the refusal tests: TLS of a chosen version trusting any certificate, and raw frames — bytes
 * the real client would never send.
 */
final class RawClient implements AutoCloseable {

    final SSLSocket socket;
    final Frames frames;
    private final DataOutputStream out;

    private RawClient(SSLSocket socket) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(socket.getOutputStream());
        this.frames = new Frames(socket.getInputStream(), socket.getOutputStream(), 64 << 20);
    }

    static RawClient connect(InetSocketAddress agent, String tlsVersion) throws Exception {
        SSLContext ctx = SSLContext.getInstance(tlsVersion);
        ctx.init(null, new TrustManager[] { new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        } }, null);
        SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket();
        s.setEnabledProtocols(new String[] { tlsVersion });
        s.connect(agent, 5_000);
        s.setSoTimeout(15_000);
        s.startHandshake();
        return new RawClient(s);
    }

    static RawClient tls13(InetSocketAddress agent) throws Exception {
        return connect(agent, Protocol.TLS);
    }

    /** Sends a hello with {@code token} (null: none) and returns the agent's answer. */
    ObjectNode hello(String token) throws IOException {
        ObjectNode h = Frames.frame(Protocol.HELLO);
        h.put("protocol", Protocol.VERSION);
        h.put("client", "raw test client");
        if (token != null) {
            h.put("token", token);
        }
        frames.write(h);
        return frames.read();
    }

    void writeRaw(int length, byte[] body) throws IOException {
        out.writeInt(length);
        out.write(body);
        out.flush();
    }

    void writeRaw(String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        writeRaw(b.length, b);
    }

    /** Closes with a TCP reset, as the kernel does for a killed process with unread data. */
    void kill() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    static Socket plain(InetSocketAddress agent) throws IOException {
        Socket s = new Socket();
        s.connect(agent, 5_000);
        s.setSoTimeout(15_000);
        return s;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
