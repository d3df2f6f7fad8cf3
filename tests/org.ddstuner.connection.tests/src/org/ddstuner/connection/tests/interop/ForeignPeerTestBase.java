package org.ddstuner.connection.tests.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every interop test shares: it runs in the private network namespace, opens a real connection
 * with the loopback-only profile (the one that finds both the Cyclone peer and Fast DDS), and closes
 * whatever it started — peers first, then the connection — even when an assertion failed.
 */
abstract class ForeignPeerTestBase {

    private final Deque<AutoCloseable> toClose = new ArrayDeque<>();

    @BeforeEach
    void requirePrivateNetwork() {
        NetNs.requireIsolated();
    }

    /** Opens a loopback-only connection to {@code domainId}; closed after the test. */
    final Connection connect(int domainId) {
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(ConnectionProfile.loopback(getClass().getSimpleName(), domainId));
        toClose.push(() -> manager.close(c));
        return c;
    }

    /** Closes {@code resource} after the test, before anything registered earlier. */
    final <T extends AutoCloseable> T closeAfterTest(T resource) {
        toClose.push(resource);
        return resource;
    }

    @AfterEach
    final void closeEverything() throws Exception {
        Exception first = null;
        while (!toClose.isEmpty()) {
            try {
                toClose.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** The kernel's host name, what Cyclone announces as __Hostname (no DNS lookup: there is none in the namespace). */
    static String thisHostName() throws IOException {
        return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    }

    static Optional<Participant> participantWithPid(SystemSnapshot s, long pid) {
        return s.participants().stream().filter(p -> p.process().pid() == pid).findFirst();
    }

    static Optional<Endpoint> endpointNamed(SystemSnapshot s, Participant owner, String entityName) {
        return s.endpointsOf(owner.guid()).stream().filter(e -> entityName.equals(e.name())).findFirst();
    }

    static Optional<Endpoint> endpointOn(SystemSnapshot s, Participant owner, String topic, EndpointKind kind) {
        return s.endpointsOf(owner.guid()).stream()
                .filter(e -> e.topicName().equals(topic) && e.kind() == kind).findFirst();
    }

    /** The deadline period as discovered; an absent policy is the spec default, infinite. */
    static java.time.Duration deadlineOf(Endpoint e) {
        return e.qos().deadline() == null ? Qos.INFINITE : e.qos().deadline().period();
    }
}
