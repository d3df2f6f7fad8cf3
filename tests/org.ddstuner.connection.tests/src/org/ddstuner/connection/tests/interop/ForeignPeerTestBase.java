package org.ddstuner.connection.tests.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.ddstuner.dds.Qos;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.EndpointKind;
import org.ddstuner.system.Participant;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.testsupport.live.LiveConnectionTest;

/**
 * What every interop test shares: {@link LiveConnectionTest} (private network namespace, a real connection
 * with the loopback-only profile — the one that finds both the Cyclone peer and Fast DDS — and whatever it
 * started closed, peers first, then the connection) plus look-ups in what the peers announced.
 */
abstract class ForeignPeerTestBase extends LiveConnectionTest {

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
