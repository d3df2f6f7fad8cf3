package org.ddstuner.remote.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Trusting a CA instead of pinning ({@link ClientOptions#caFile()}): an agent whose key store ({@code agent.p12}) holds
 * a certificate the CA signed (made here with the JDK's keytool, as an operator would) is accepted without pinning
 * anything; one signed by another CA, or the agent's usual self-signed certificate, fails the handshake before the
 * token is sent.
 */
class RemoteCaTrustTest {

    @TempDir
    Path dir;

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
        assertEquals(0, p.exitValue(), String.join(" ", args) + ": " + out);
    }

    /** A CA (key store {@code name.p12}, certificate {@code name.pem}). */
    private Path ca(String name) throws Exception {
        Path ks = dir.resolve(name + ".p12");
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-ext", "bc:c", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass",
                "ca-pass");
        Path pem = dir.resolve(name + ".pem");
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ks.toString(), "-storepass", "ca-pass", "-file",
                pem.toString());
        return pem;
    }

    /** An agent folder whose agent.p12 holds a key and a certificate that CA {@code ca} signed. */
    private Path agentSignedBy(String ca, Path caPem) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("agent-" + ca));
        Path ks = folder.resolve("agent.p12");
        String pass = "agent-pass";
        keytool("-genkeypair", "-alias", "ddstuner-agent", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=DDS Tuner agent lab", "-validity", "30", "-storetype", "PKCS12", "-keystore", ks.toString(),
                "-storepass", pass);
        Path csr = folder.resolve("agent.csr");
        keytool("-certreq", "-alias", "ddstuner-agent", "-keystore", ks.toString(), "-storepass", pass, "-file",
                csr.toString());
        Path signed = folder.resolve("agent.pem");
        keytool("-gencert", "-alias", "ca", "-keystore", dir.resolve(ca + ".p12").toString(), "-storepass", "ca-pass",
                "-infile", csr.toString(), "-outfile", signed.toString(), "-rfc", "-validity", "30");
        keytool("-importcert", "-noprompt", "-alias", "ca", "-keystore", ks.toString(), "-storepass", pass, "-file",
                caPem.toString());
        keytool("-importcert", "-alias", "ddstuner-agent", "-keystore", ks.toString(), "-storepass", pass, "-file",
                signed.toString());
        Files.writeString(folder.resolve("agent.p12.pass"), pass + "\n");
        return folder;
    }

    @Test
    void anAgentTheCaSignedIsTrustedWithoutPinningAndOthersAreRefused() throws Exception {
        Path caPem = ca("lab-ca");
        Path otherPem = ca("other-ca");
        Path agentDir = agentSignedBy("lab-ca", caPem);
        SystemModel model = new SystemModel();
        model.start();
        ModelJournal journal = ModelJournal.attach(model);
        try (RemoteServer server = RemoteServer.start(journal, ServerOptions.defaults(agentDir));
                RemoteServer selfSigned = RemoteServer.start(journal, ServerOptions.defaults(dir.resolve("plain")))) {
            InetSocketAddress a = server.address();
            Path known = dir.resolve("known-agents");
            ClientOptions o = ClientOptions.of(a.getHostString(), a.getPort(), TokenFile.read(agentDir.resolve("token")))
                    .withKnownAgents(known).withCaFile(caPem);
            try (RemoteClient c = RemoteClient.connect(o)) {
                assertEquals(RemoteClient.State.CONNECTED, c.status().state());
                assertTrue(server.fingerprint().sameAs(c.fingerprint()));
                assertFalse(c.pinnedNow());
            }
            assertFalse(Files.exists(known), "trusting a CA pins nothing");

            RemoteRefusedException other = assertThrows(RemoteRefusedException.class,
                    () -> RemoteClient.connect(o.withCaFile(otherPem)));
            assertEquals(Protocol.TLS_FAILED, other.code());
            assertTrue(other.getMessage().contains("which no CA in " + otherPem), other.getMessage());

            InetSocketAddress b = selfSigned.address();
            RemoteRefusedException plain = assertThrows(RemoteRefusedException.class, () -> RemoteClient.connect(
                    ClientOptions.of(b.getHostString(), b.getPort(), TokenFile.read(dir.resolve("plain/token")))
                            .withKnownAgents(known).withCaFile(caPem)));
            assertEquals(Protocol.TLS_FAILED, plain.code());
            assertEquals(0, server.stats().refusedLogins() + selfSigned.stats().refusedLogins(),
                    "no token was sent to an untrusted agent");
        } finally {
            journal.close();
            model.close();
        }
    }
}
