package org.ddstuner.connection.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.Participant;
import org.ddstuner.system.ProcessInfo;
import org.ddstuner.system.SnapshotJson;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.ChildClassPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two DDS Tuner instances on one domain (115): this test's connection and {@link OtherToolPeer} in a child
 * JVM. Each announces where it runs (Cyclone's __Hostname/__ProcessName/__Pid, which libddsc only adds to a
 * participant created without a property QoS) and its USER_DATA marker, which travels on the wire, so the
 * other instance's participant and endpoints are flagged as a tool's and hidden by default.
 */
class OtherToolInstanceTest {

    private static final int DOMAIN = 115;
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final ConnectionManager manager = ConnectionManager.get();

    @AfterEach
    void closeAll() {
        manager.closeAll();
    }

    @Test
    void anotherInstanceIsSeenWithHostProcessAndPidAndFlaggedAsATool() throws Exception {
        Connection c = manager.open(ConnectionProfile.loopback("this tool", DOMAIN));
        Process peer = startPeer();
        try {
            long peerPid = awaitReady(peer);
            ConnectionManagerTest.waitFor("the other instance's participant and reader", TIMEOUT,
                    () -> other(c.model().snapshot(true), peerPid).isPresent()
                            && c.model().snapshot(true).endpoints().stream()
                                    .anyMatch(e -> e.topicName().equals(OtherToolPeer.TOPIC)));
            SystemSnapshot all = c.model().snapshot(true);
            Participant p = other(all, peerPid).orElseThrow();
            assertEquals(Connection.OWN_PARTICIPANT_NAME, p.name());
            assertTrue(p.tool(), "marked as a DDS Tuner participant by its USER_DATA");
            assertFalse(p.own(), "another instance's participant is not this one's own");
            ProcessInfo pi = p.process();
            assertEquals(peerPid, pi.pid(), "__Pid sent over the wire");
            assertEquals("java", pi.processName(), "__ProcessName sent over the wire");
            assertNotNull(pi.host(), "__Hostname sent over the wire");
            assertEquals(localHost(all), pi.host(), "the same machine as ours");
            assertFalse(pi.addresses().contains("localprocess"), "seen over the wire, not in-process: " + pi.addresses());

            Endpoint reader = all.endpoints().stream().filter(e -> e.topicName().equals(OtherToolPeer.TOPIC))
                    .findFirst().orElseThrow();
            assertTrue(reader.tool() && !reader.own(), "its reader is a tool's, not ours: " + reader);

            SystemSnapshot visible = c.model().snapshot(false);
            assertTrue(visible.participants().stream().noneMatch(x -> x.guid().equals(p.guid())),
                    "hidden by default: " + visible.participants());
            assertTrue(visible.endpoints().stream().noneMatch(e -> e.guid().equals(reader.guid())),
                    "its endpoints hidden by default");
            assertTrue(visible.topic(OtherToolPeer.TOPIC).isEmpty(), "a topic only tools use is hidden by default");
            assertTrue(visible.problems().stream().noneMatch(x -> p.guid().toString().equals(x.subject())),
                    "no problem reported about another tool: " + visible.problems());

            Participant mine = all.participant(c.ownParticipant().guid()).orElseThrow();
            assertTrue(mine.own() && mine.tool(), "our own participant carries the marker too");
            assertEquals(ProcessHandle.current().pid(), mine.process().pid(), "our own pid announced");

            String json = SnapshotJson.toJson(all);
            assertTrue(json.contains("\"tool\":true"), "tool flag in the JSON");
        } finally {
            stop(peer);
        }
    }

    /** The host our own participant announced (the same machine). */
    private static String localHost(SystemSnapshot s) {
        return s.participants().stream().filter(Participant::own).findFirst().orElseThrow().process().host();
    }

    private static Optional<Participant> other(SystemSnapshot s, long pid) {
        return s.participants().stream().filter(p -> p.alive() && !p.own() && p.process().pid() == pid
                && Connection.OWN_PARTICIPANT_NAME.equals(p.name())).findFirst();
    }

    private static Process startPeer() throws Exception {
        String cp = ChildClassPath.of(OtherToolPeer.class, Connection.class, org.ddstuner.system.SystemModel.class,
                org.ddstuner.dds.Domain.class, org.ddstuner.demo.DemoSystem.class, org.ddstuner.types.TypeLibrary.class);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", cp, OtherToolPeer.class.getName(),
                String.valueOf(DOMAIN)).redirectErrorStream(true).start();
    }

    static long awaitReady(Process peer) throws Exception {
        List<String> lines = new ArrayList<>();
        CompletableFuture<Long> ready = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    if (line.startsWith("READY ")) {
                        ready.complete(Long.parseLong(line.substring(6).strip()));
                    }
                }
            } catch (Exception e) {
                // the process ended
            }
            ready.completeExceptionally(new AssertionError("the other instance ended without READY: " + lines));
        });
        long pid = ready.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertEquals(peer.pid(), pid);
        return pid;
    }

    static void stop(Process peer) throws InterruptedException {
        try {
            peer.getOutputStream().close();
        } catch (java.io.IOException e) {
            // already gone
        }
        if (!peer.waitFor(10, TimeUnit.SECONDS)) {
            peer.destroyForcibly();
        }
    }

}
