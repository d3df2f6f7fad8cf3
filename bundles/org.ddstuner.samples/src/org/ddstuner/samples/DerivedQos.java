package org.ddstuner.samples;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;

/**
 * A QoS for a reader or writer the tool creates, derived from the discovered peers on the topic by
 * {@link QosDeriver}, editable before the entity is created ({@code withX} returns a copy).
 *
 * @param qos        the endpoint QoS (reliability, durability, deadline, …); presentation, if set, goes to
 *                   the subscriber/publisher. Partition is not in here but in {@code partitions}.
 * @param partitions the partition names for our subscriber/publisher; {@code [""]} is the default partition
 * @param notes      sentences for the person: what was chosen because of which peer, and conflicts
 *                   (peers this QoS cannot match)
 * @param peers      the discovered endpoints the QoS was derived from
 * @param conflicts  true when no single QoS matches every peer (the notes say which ones are left out)
 */
public record DerivedQos(Qos qos, List<String> partitions, List<String> notes, List<Guid> peers, boolean conflicts) {

    public DerivedQos {
        partitions = List.copyOf(partitions.isEmpty() ? List.of("") : partitions);
        notes = List.copyOf(notes);
        peers = List.copyOf(peers);
        if (qos.partition() != null) {
            throw new IllegalArgumentException("partitions go into 'partitions', not into the endpoint QoS");
        }
    }

    /** Cyclone's defaults in the default partition, no peers (e.g. a topic nobody uses yet). */
    public static DerivedQos defaults(Qos qos) {
        return new DerivedQos(qos, List.of(""), List.of(), List.of(), false);
    }

    public DerivedQos withQos(Qos newQos) {
        return new DerivedQos(newQos, partitions, notes, peers, conflicts);
    }

    public DerivedQos withPartitions(List<String> newPartitions) {
        return new DerivedQos(qos, newPartitions, notes, peers, conflicts);
    }

    /** A copy with one more note (e.g. the person's own edit). */
    public DerivedQos withNote(String note) {
        List<String> n = new ArrayList<>(notes);
        n.add(note);
        return new DerivedQos(qos, partitions, n, peers, conflicts);
    }

    /** The QoS for our subscriber or publisher: the partitions and, if set, presentation. */
    public Qos groupQos() {
        Qos g = Qos.EMPTY.with(new Qos.Partition(partitions));
        return qos.presentation() == null ? g : g.with(qos.presentation());
    }

    /** The endpoint QoS without the group policies (presentation lives on the subscriber/publisher). */
    public Qos endpointQos() {
        return qos.with((Qos.Presentation) null);
    }
}
