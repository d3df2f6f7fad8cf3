package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;
import org.ddstuner.pother.agent.Agent;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.protocol.QosChange;
import org.ddstuner.pother.protocol.Target;
import org.ddstuner.pother.protocol.TestDefinition;
import org.ddstuner.pother.protocol.TestQos;
import org.ddstuner.pother.runs.AgentReportSource;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.EndpointQos;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The QoS of a test definition (history, transport priority, latency budget: {@link TestQos#toQos}) reaches the
 * readers and writers the agents create, read back from the built-in publication and subscription topics by a
 * participant of the test (loopback-only domain 191), also after a QoS change while the test runs; and the
 * launcher's {@link EndpointQos} reaches the endpoints of a run on agents (domain 197).
 */
class QosOnTheEndpointsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The endpoints the built-in topics announced, as they come. */
    private static final class Seen {
        final BuiltinReader<EndpointData> reader;
        final List<EndpointData> all = new ArrayList<>();

        Seen(BuiltinReader<EndpointData> reader) {
            this.reader = reader;
        }

        EndpointData await(String what, Predicate<EndpointData> p) throws InterruptedException {
            long end = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < end) {
                for (Sample<EndpointData> s : reader.take(100)) {
                    if (s.info().validData()) {
                        all.add(s.data());
                    }
                }
                for (EndpointData e : all) {
                    if (p.test(e)) {
                        return e;
                    }
                }
                Thread.sleep(20);
            }
            throw new AssertionError(what + " never announced; seen: " + all.stream().map(e -> e.topicName() + " "
                    + e.qos()).toList());
        }
    }

    @Test
    void historyTransportPriorityAndLatencyBudgetReachTheEndpoints() throws Exception {
        try (Domain domain = Domain.create(191, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "", System.out::println);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain);
                Participant spy = domain.createParticipant(Qos.EMPTY)) {
            assertTrue(c.awaitAgents(WAIT, 1, 2));
            Seen pubs = new Seen(BuiltinReader.publications(spy));
            Seen subs = new Seen(BuiltinReader.subscriptions(spy));
            String topic = "Pother_qe_Data";
            TestQos q = TestQos.throughput().withHistoryDepth(8).withTransportPriority(7).withLatencyBudgetNanos(2_000_000);
            TestDefinition receiver = TestDefinition.receiver(Target.app(2), "qe_rx", "qe").withQos(q);
            TestDefinition transmitter = TestDefinition.transmitter(Target.app(1), "qe", 128).withRate(100, 1).withQos(q);
            c.send(receiver);
            c.send(transmitter);

            EndpointData w = pubs.await("the transmitter's writer", e -> e.topicName().equals(topic));
            assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, 8), w.qos().history(), "writer " + w.qos());
            assertEquals(new Qos.TransportPriority(7), w.qos().transportPriority(), "writer " + w.qos());
            assertEquals(new Qos.LatencyBudget(Duration.ofMillis(2)), w.qos().latencyBudget(), "writer " + w.qos());
            assertEquals(Qos.ReliabilityKind.RELIABLE, w.qos().reliability().kind());
            EndpointData r = subs.await("the receiver's reader", e -> e.topicName().equals(topic));
            assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, 8), r.qos().history(), "reader " + r.qos());
            assertEquals(new Qos.LatencyBudget(Duration.ofMillis(2)), r.qos().latencyBudget(), "reader " + r.qos());

            // changed while running: the agent rebuilds the transmitter with the new values
            c.send(new QosChange(Target.app(1), "qe", "transport_priority", "9"));
            EndpointData w9 = pubs.await("a writer with transport priority 9", e -> e.topicName().equals(topic)
                    && e.qos().transportPriority() != null && e.qos().transportPriority().value() == 9);
            assertEquals(new Qos.LatencyBudget(Duration.ofMillis(2)), w9.qos().latencyBudget(), "the rest stays");
            c.send(new QosChange(Target.app(2), "qe_rx", "latency_budget", "5ms"));
            c.send(new QosChange(Target.app(2), "qe_rx", "history", "keep_all"));
            EndpointData r5 = subs.await("a reader with latency budget 5 ms", e -> e.topicName().equals(topic)
                    && e.qos().latencyBudget() != null && e.qos().latencyBudget().duration().equals(Duration.ofMillis(5))
                    && e.qos().history() != null && e.qos().history().kind() == Qos.HistoryKind.KEEP_ALL);
            assertNotNull(r5);
            c.remove(transmitter);
            c.remove(receiver);
        }
    }

    @Test
    void theLaunchersQosReachesTheEndpointsOfARun() throws Exception {
        try (Domain domain = Domain.create(197, CycloneConfig.loopbackOnly());
                Agent tx = Agent.start(domain, 1, "", System.out::println);
                Agent rx = Agent.start(domain, 2, "", System.out::println);
                PotherController c = PotherController.open(domain);
                Participant spy = domain.createParticipant(Qos.EMPTY)) {
            Seen pubs = new Seen(BuiltinReader.publications(spy));
            Seen subs = new Seen(BuiltinReader.subscriptions(spy));
            EndpointQos asked = new EndpointQos(16, 5, 250_000);
            RunDefinition d = RunDefinition.throughput(256, Duration.ofSeconds(2)).withRate(500, 1)
                    .withPeriod(Duration.ofMillis(250)).withEndpointQos(asked);
            assertTrue(d.label().endsWith(", keep last 16, priority 5, budget 250 µs"), d.label());
            assertEquals(new TestQos(TestQos.RELIABLE, 16, 5, 250_000), d.testQos());
            BenchmarkRun run = BenchmarkRun.unsaved(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
            ScenarioRunner r = ScenarioRunner.start(AgentReportSource.of(c, RunDefinition.Transport.UDP, List.of(1, 2)), run,
                    List.of(d));
            Predicate<EndpointData> data = e -> e.topicName().startsWith("Pother_bench_") && e.topicName().endsWith("_Data");
            EndpointData w = pubs.await("the run's writer", data);
            EndpointData rd = subs.await("the run's reader", data);
            assertTrue(r.await(Duration.ofSeconds(60)), "the run ended");
            assertEquals(BenchmarkRun.State.FINISHED, run.state(), run.endMessage() + " " + run.messages());
            for (EndpointData e : List.of(w, rd)) {
                assertEquals(new Qos.History(Qos.HistoryKind.KEEP_LAST, 16), e.qos().history(), e.topicName() + " " + e.qos());
                assertEquals(new Qos.LatencyBudget(Duration.ofNanos(250_000)), e.qos().latencyBudget(), e.qos().toString());
            }
            assertEquals(new Qos.TransportPriority(5), w.qos().transportPriority(), w.qos().toString());
            assertTrue(run.throughput().stream().mapToLong(p -> p.report().samples()).sum() > 0, "samples arrived");
        }
    }
}
