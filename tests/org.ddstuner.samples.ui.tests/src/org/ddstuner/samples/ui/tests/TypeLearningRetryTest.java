package org.ddstuner.samples.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.common.ImportedIdlFiles;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.samples.ui.type.EndpointType;
import org.ddstuner.samples.ui.type.TopicTypes;
import org.ddstuner.samples.ui.type.TypeLearning;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.testsupport.NetNs;
import org.ddstuner.testsupport.Peers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Type view remembers an endpoint's type, and a failure only when asking again cannot change it: a ROS 2 node
 * whose ~/get_type_description service gave nothing (here: turned off, tests/peers/ros2_talker.py
 * --no-type-description; in real life: not discovered yet, or slow to answer) is asked again on the next look, while
 * a type found in the bundled ROS 2 messages is not looked up twice. Domain 141.
 */
class TypeLearningRetryTest {

    private static final int DOMAIN = 141;
    private static final List<AutoCloseable> toClose = new ArrayList<>();
    private static LiveConnection connection;

    @BeforeAll
    static void startNodeAndConnect() {
        TypeResolution.importedTypes().clear(); // an earlier test's IDL for rmw_dds_common Gid_ would answer first
        ImportedIdlFiles.clear();
        NetNs.requireIsolated();
        Peers.requireAvailable();
        toClose.add(Peers.startRos2Talker(DOMAIN, "--unbundled", "--no-type-description", "--period-ms", "100"));
        connection = Ui.connectLoopback("ROS 2 node without type descriptions", DOMAIN, toClose);
        Ui.waitUntil("the node's /gid and /chatter writers", () -> writers("rt/gid").size() == 1
                && writers("rt/chatter").size() == 1, () -> connection.connection().model().snapshot().topics()
                        .toString());
    }

    @AfterAll
    static void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    @Test
    void aFailedRosServiceAskIsAskedAgainAndAFoundTypeIsRemembered() {
        TypeLearning learning = new TypeLearning();

        EndpointType gid = learnOne(learning, "rt/gid");
        assertFalse(gid.known(), gid.attemptsText());
        ResolutionAttempt service = gid.attempts().stream().filter(a -> a.source() == TypeSource.ROS_SERVICE)
                .findFirst().orElseThrow(() -> new AssertionError(gid.attemptsText()));
        assertFalse(service.succeeded());
        assertTrue(service.mayChange(), service.toString());
        assertTrue(service.detail().startsWith("no ROS 2 node in the participant of the writers of 'rt/gid' serves "
                + "~/get_type_description"), service.detail());
        assertNotSame(gid, learnOne(learning, "rt/gid"), "the failure was remembered, so the node is never asked again");

        EndpointType chatter = learnOne(learning, "rt/chatter");
        assertEquals(TypeSource.ROS_MSG, chatter.source(), chatter.attemptsText());
        assertSame(chatter, learnOne(learning, "rt/chatter"), "a found type is looked up once per endpoint");

        learning.forget(); // "learn again" / new IDL imported: everything is looked up again
        assertNotSame(chatter, learnOne(learning, "rt/chatter"));
    }

    private static EndpointType learnOne(TypeLearning learning, String topic) {
        SystemSnapshot snap = connection.connection().model().snapshot();
        List<Endpoint> writers = writers(topic);
        assertEquals(1, writers.size(), topic + ": " + writers);
        TopicTypes types = learning.learn(connection.connection(), snap, topic, writers, () -> false);
        List<EndpointType> all = new ArrayList<>(types.failures());
        types.groups().forEach(g -> all.addAll(g.endpoints()));
        assertEquals(1, all.size(), topic + ": " + types);
        return all.getFirst();
    }

    private static List<Endpoint> writers(String topic) {
        return TypeLearning.endpointsOf(connection.connection().model().snapshot(), topic).stream()
                .filter(e -> !e.isReader()).toList();
    }
}
