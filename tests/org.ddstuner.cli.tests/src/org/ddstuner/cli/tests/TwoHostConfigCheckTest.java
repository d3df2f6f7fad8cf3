package org.ddstuner.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.cli.tests.CliTest.Result;
import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.remote.HostInterfacesOperation;
import org.ddstuner.config.scenario.HostInterfaces;
import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.ddstuner.testsupport.TwoHosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Issue 16: a node's file checked against that node's live interfaces through its remote agent. Namespace A gets an
 * interface of its own ({@code ddstnode0} at 10.88.0.7/24, one end of a veth pair kept in A) and runs {@code ddstuner serve}; from B (this JVM,
 * which lacks that interface) {@code config check FILE --node-remote A:PORT} finds it through A's agent (operation
 * {@code host-interfaces}), while the plain check says this host lacks it, and a name A lacks is reported for A.
 */
class TwoHostConfigCheckTest {

    private static final Pattern READY = Pattern.compile("READY serving domain 124 on 10\\.77\\.0\\.1:(\\d+), .*");

    @TempDir
    Path dir;

    private static String config(String nicAttributes) {
        return """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain Id="any">
                    <General>
                      <Interfaces><NetworkInterface %s/></Interfaces>
                      <AllowMulticast>false</AllowMulticast>
                    </General>
                  </Domain>
                </CycloneDDS>
                """.formatted(nicAttributes);
    }

    private static void inA(TwoHosts hosts, String... command) throws Exception {
        Process p = hosts.a().processBuilder(List.of(command)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }

    @Test
    void aNodesInterfaceIsFoundThroughItsAgentFromAnotherHost() throws Exception {
        try (TwoHosts hosts = TwoHosts.startHereAsB()) {
            // a veth pair with both ends in A (this kernel has no dummy driver): ddstnode0 exists only there
            inA(hosts, "ip", "link", "add", "ddstnode0", "type", "veth", "peer", "name", "ddstnode0p");
            inA(hosts, "ip", "addr", "add", "10.88.0.7/24", "dev", "ddstnode0");
            inA(hosts, "ip", "link", "set", "ddstnode0p", "up");
            inA(hosts, "ip", "link", "set", "ddstnode0", "up");
            try (CliProcess agent = CliProcess.startIn(hosts.a(), "serve", "--listen", TwoHosts.A_ADDRESS + ":0",
                    "--token-file", dir.resolve("token").toString(), "--identity-dir", dir.resolve("agent").toString(),
                    "--domain", "124")) {
                String line;
                do {
                    line = agent.out.readLine();
                } while (line != null && !line.startsWith("READY"));
                assertNotNull(line, "the agent in A did not get ready: " + agent.stderr());
                Matcher m = READY.matcher(line);
                assertTrue(m.matches(), line);
                String at = TwoHosts.A_ADDRESS + ":" + m.group(1);
                String[] remote = { "--node-remote", at, "--token-file", dir.resolve("token").toString(),
                        "--known-agents", dir.resolve("known-agents").toString() };

                Path byName = dir.resolve("node-a-name.xml");
                Files.writeString(byName, config("name=\"ddstnode0\""));
                Path byNetwork = dir.resolve("node-a-net.xml");
                Files.writeString(byNetwork, config("address=\"10.88.0.0\""));
                Path wrong = dir.resolve("node-a-wrong.xml");
                Files.writeString(wrong, config("name=\"ddstnode9\""));

                // here (B) the interface is missing: valid for Cyclone, but not this host's
                Result here = CliTest.run("config", "check", byName.toString());
                assertEquals(0, here.code(), here.out() + here.err());
                assertTrue(here.out().contains("this host has no interface named ddstnode0") && here.out().contains(
                        "(this host)"), here.out());

                for (Path f : List.of(byName, byNetwork)) {
                    Result r = CliTest.run(concat(new String[] { "config", "check", f.toString() }, remote));
                    assertEquals(0, r.code(), r.out() + r.err());
                    assertFalse(r.out().contains("has no interface"), "A has it: " + r.out());
                    assertTrue(r.err().contains("valid for Cyclone"), r.err());
                }
                Result json = CliTest.run(concat(new String[] { "config", "check", wrong.toString(), "--json" }, remote));
                assertEquals(0, json.code(), json.out() + json.err());
                JsonNode problem = StrictJson.parse(json.out()).get("problems").get(0);
                assertEquals("interface_missing", problem.get("kind").asText(), json.out());
                assertTrue(problem.get("message").asText().startsWith("node " + at + " has no interface named ddstnode9")
                        && problem.get("message").asText().contains("ddstnode0 10.88.0.7"), problem.toString());

                // the operation's answer itself: name, address with prefix, MTU, up, multicast
                ClientOptions co = ClientOptions.of(TwoHosts.A_ADDRESS, Integer.parseInt(m.group(1)),
                        TokenFile.read(dir.resolve("token"))).withKnownAgents(dir.resolve("known-agents"));
                try (RemoteClient client = RemoteClient.connect(co)) {
                    NodeInterfaces a = HostInterfacesOperation.fetch(client, "node A", Duration.ofSeconds(20));
                    HostInterfaces.Nic nic = a.nics().stream().filter(n -> n.name().equals("ddstnode0")).findFirst()
                            .orElseThrow(() -> new AssertionError("no ddstnode0 in " + a.nics()));
                    assertEquals("10.88.0.7", nic.addresses().get(0), nic.toString());
                    assertEquals(24, nic.prefixLengths().get(0), nic.toString());
                    assertTrue(nic.up() && nic.mtu() > 0, nic.toString());
                    HostInterfaces.Nic veth = a.nics().stream().filter(n -> n.name().equals("veth-a")).findFirst()
                            .orElseThrow(() -> new AssertionError("no veth-a in " + a.nics()));
                    assertTrue(veth.multicast() && veth.addresses().contains(TwoHosts.A_ADDRESS), veth.toString());
                    assertTrue(a.nics().stream().noneMatch(n -> n.name().equals("veth-b")), "B's end is not A's");
                }

                // a bad agent address is exit 3 with the reason, not a silent local check
                Result unreachable = CliTest.run("config", "check", byName.toString(), "--node-remote",
                        TwoHosts.A_ADDRESS + ":1", "--token-file", dir.resolve("token").toString(), "--known-agents",
                        dir.resolve("known-agents").toString());
                assertEquals(3, unreachable.code(), unreachable.out() + unreachable.err());
                assertTrue(unreachable.err().contains("--node-remote"), unreachable.err());
            }
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
