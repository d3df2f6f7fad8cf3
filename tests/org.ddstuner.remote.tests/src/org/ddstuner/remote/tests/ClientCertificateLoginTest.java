package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.ModelJournal;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteRefusedException;
import org.ddstuner.remote.RemoteServer;
import org.ddstuner.remote.ServerOptions;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.system.SystemModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client certificates as the second way to log in (issue 15): an agent started with {@code clientCa} takes a client
 * whose certificate (made here with the JDK's keytool, as an operator would) that CA signed, without a token, over a
 * real TLS 1.3 connection on loopback; a certificate another CA signed, without a token, is refused with
 * {@code bad-certificate} and a reason, and audited; the token still works for such a client; an agent without
 * {@code clientCa} ignores certificates.
 */
class ClientCertificateLoginTest {

    @TempDir
    Path dir;

    static void keytool(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
        assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    }

    /** A CA's key store {@code name.p12} and its certificate {@code name.pem}. */
    static Path ca(Path dir, String name) throws Exception {
        String ks = dir.resolve(name + ".p12").toString();
        keytool(dir, "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-ext", "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks, "-storepass", "ca-pass");
        Path pem = dir.resolve(name + ".pem");
        keytool(dir, "-exportcert", "-rfc", "-alias", "ca", "-keystore", ks, "-storepass", "ca-pass", "-file",
                pem.toString());
        return pem;
    }

    /** A client's PKCS#12 file (password {@code pass}) with a key and a certificate for {@code cn} that {@code ca} signed. */
    static Path client(Path dir, String cn, String ca, String pass) throws Exception {
        Path ks = dir.resolve(cn + ".p12");
        keytool(dir, "-genkeypair", "-alias", "client", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + cn, "-validity", "30", "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass", pass);
        keytool(dir, "-certreq", "-alias", "client", "-keystore", ks.toString(), "-storepass", pass, "-file",
                dir.resolve(cn + ".csr").toString());
        keytool(dir, "-gencert", "-alias", "ca", "-keystore", dir.resolve(ca + ".p12").toString(), "-storepass",
                "ca-pass", "-infile", dir.resolve(cn + ".csr").toString(), "-outfile",
                dir.resolve(cn + ".crt").toString(), "-ext", "eku=clientAuth", "-rfc");
        keytool(dir, "-importcert", "-noprompt", "-alias", "ca", "-keystore", ks.toString(), "-storepass", pass,
                "-file", dir.resolve(ca + ".pem").toString());
        keytool(dir, "-importcert", "-alias", "client", "-keystore", ks.toString(), "-storepass", pass, "-file",
                dir.resolve(cn + ".crt").toString());
        return ks;
    }

    @Test
    void aCertificateTheCaSignedStandsForTheTokenAndOthersAreRefused() throws Exception {
        Path caPem = ca(dir, "client-ca");
        ca(dir, "rogue-ca");
        Path alice = client(dir, "alice", "client-ca", "alice-pass");
        Path mallory = client(dir, "mallory", "rogue-ca", "mallory-pass");
        Path agentDir = dir.resolve("agent");
        SystemModel model = new SystemModel();
        model.start();
        ModelJournal journal = ModelJournal.attach(model);
        try (RemoteServer server = RemoteServer.start(journal, ServerOptions.defaults(agentDir).withClientCa(caPem));
                RemoteServer tokensOnly = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("plain")))) {
            InetSocketAddress a = server.address();
            ClientOptions noToken = ClientOptions.of(a.getHostString(), a.getPort(), null)
                    .withKnownAgents(dir.resolve("known-agents"));

            try (RemoteClient c = RemoteClient.connect(noToken.withClientCert(alice, "alice-pass"))) {
                assertEquals(RemoteClient.State.CONNECTED, c.status().state());
            }
            assertEquals(1, server.stats().logins());

            RemoteRefusedException rogue = assertThrows(RemoteRefusedException.class,
                    () -> RemoteClient.connect(noToken.withClientCert(mallory, "mallory-pass")));
            assertEquals(Protocol.BAD_CERTIFICATE, rogue.code());
            assertTrue(rogue.reason().contains("CN=mallory") && rogue.reason().contains("not signed by a CA this agent "
                    + "accepts"), rogue.reason());

            RemoteRefusedException none = assertThrows(RemoteRefusedException.class,
                    () -> RemoteClient.connect(noToken));
            assertEquals(Protocol.NO_TOKEN, none.code());
            assertTrue(none.reason().contains("no client certificate"), none.reason());
            assertEquals(2, server.stats().refusedLogins());

            // a client the CA does not vouch for may still prove itself by the token
            try (RemoteClient c = RemoteClient.connect(noToken.withToken(TokenFile.read(agentDir.resolve("token")))
                    .withClientCert(mallory, "mallory-pass"))) {
                assertEquals(RemoteClient.State.CONNECTED, c.status().state());
            }

            RemoteRefusedException badPass = assertThrows(RemoteRefusedException.class,
                    () -> RemoteClient.connect(noToken.withClientCert(alice, "wrong")));
            assertEquals(Protocol.BAD_CERTIFICATE, badPass.code());
            assertTrue(badPass.reason().contains("cannot read the client certificate"), badPass.reason());

            InetSocketAddress b = tokensOnly.address();
            RemoteRefusedException ignored = assertThrows(RemoteRefusedException.class, () -> RemoteClient.connect(
                    ClientOptions.of(b.getHostString(), b.getPort(), null).withKnownAgents(dir.resolve("known-agents"))
                            .withClientCert(alice, "alice-pass")));
            assertEquals(Protocol.NO_TOKEN, ignored.code(), "an agent without client CAs takes tokens only");
        } finally {
            journal.close();
            model.close();
        }
        String audit = Files.readString(agentDir.resolve("audit.log"));
        assertTrue(audit.contains("login") && audit.contains("by certificate CN=alice"), audit);
        assertTrue(audit.contains(Protocol.BAD_CERTIFICATE) && audit.contains("CN=mallory"), audit);
        assertTrue(audit.contains("by token"), audit);
    }
}
