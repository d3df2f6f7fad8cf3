package org.ddstuner.qos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import org.ddstuner.dds.BuiltinReader;
import org.ddstuner.dds.EndpointData;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.ParticipantData;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.Sample;

/**
 * "Confirm from discovery": what a participant's discovery (DCPSParticipant, DCPSPublication,
 * DCPSSubscription) says an entity's QoS is now, and waiting until it says what was asked. The observer may be
 * any participant of the domain (the tool's connection participant sees its own endpoints too; the capability
 * probe uses a second participant). Keeps the latest announcement per GUID; the built-in readers are its own.
 */
public final class DiscoveryConfirm implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(20);

    private final BuiltinReader<EndpointData> publications;
    private final BuiltinReader<EndpointData> subscriptions;
    private final BuiltinReader<ParticipantData> participants;
    private final Map<Guid, EndpointData> writers = new ConcurrentHashMap<>();
    private final Map<Guid, EndpointData> readers = new ConcurrentHashMap<>();
    private final Map<Guid, ParticipantData> parts = new ConcurrentHashMap<>();

    public DiscoveryConfirm(Participant observer) {
        this.publications = BuiltinReader.publications(observer);
        this.subscriptions = BuiltinReader.subscriptions(observer);
        this.participants = BuiltinReader.participants(observer);
    }

    /** Takes what discovery delivered since the last call into the latest-per-GUID maps. */
    public synchronized void drain() {
        endpoints(publications, writers);
        endpoints(subscriptions, readers);
        for (Sample<ParticipantData> s : participants.take(256)) {
            if (s.info().validData()) {
                parts.put(s.data().key(), s.data());
            } else {
                parts.remove(s.data().key());
            }
        }
    }

    private static void endpoints(BuiltinReader<EndpointData> r, Map<Guid, EndpointData> into) {
        List<Sample<EndpointData>> batch;
        while (!(batch = r.take(256)).isEmpty()) {
            for (Sample<EndpointData> s : batch) {
                if (s.info().validData()) {
                    into.put(s.data().key(), s.data());
                } else {
                    into.remove(s.data().key());
                }
            }
        }
    }

    /** The latest announcement of a reader or writer, if discovery has one. */
    public Optional<EndpointData> endpoint(Guid guid) {
        drain();
        EndpointData d = writers.get(guid);
        return Optional.ofNullable(d != null ? d : readers.get(guid));
    }

    /** Whether {@code guid} was announced as a writer (false: a reader or unknown). */
    public boolean isWriter(Guid guid) {
        drain();
        return writers.containsKey(guid);
    }

    /** Every announced writer ({@code writers = true}) or reader on {@code topic}. */
    public List<EndpointData> endpoints(String topic, boolean ofWriters) {
        drain();
        List<EndpointData> out = new ArrayList<>();
        for (EndpointData d : (ofWriters ? writers : readers).values()) {
            if (d.topicName().equals(topic)) {
                out.add(d);
            }
        }
        return out;
    }

    public Optional<ParticipantData> participant(Guid guid) {
        drain();
        return Optional.ofNullable(parts.get(guid));
    }

    /** Waits until the endpoint's announced QoS satisfies {@code test}; empty on timeout. */
    public Optional<EndpointData> awaitEndpoint(Guid guid, Predicate<Qos> test, Duration timeout) {
        return await(() -> endpoint(guid).filter(d -> test.test(d.qos())), timeout);
    }

    /** Waits until the participant's announced QoS satisfies {@code test}; empty on timeout. */
    public Optional<ParticipantData> awaitParticipant(Guid guid, Predicate<Qos> test, Duration timeout) {
        return await(() -> participant(guid).filter(d -> test.test(d.qos())), timeout);
    }

    private static <T> Optional<T> await(java.util.function.Supplier<Optional<T>> probe, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> v = probe.get();
            if (v.isPresent() || System.nanoTime() - end > 0) {
                return v;
            }
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    @Override
    public void close() {
        publications.close();
        subscriptions.close();
        participants.close();
    }
}
