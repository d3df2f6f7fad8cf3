package org.ddstuner.system;

import java.time.Instant;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;
import org.ddstuner.system.match.SpecDefaults;

/**
 * A reader or writer as seen through discovery (immutable; the model replaces it on change).
 *
 * @param partitions          as declared in the partition QoS; the default partition is {@code [""]}
 * @param dataRepresentations accepted (reader) or offered-first (writer) ids, spec default filled in
 * @param own                 it belongs to this DDS Tuner instance
 * @param tool                its participant is a DDS Tuner participant (this instance's or another's, see
 *                            {@link Participant#tool()})
 * @param goneSince           when it (or its participant) was lost, {@code null} while alive
 */
public record Endpoint(Guid guid, EndpointKind kind, Guid participantGuid, String topicName, String typeName,
        boolean hasTypeInformation, List<String> partitions, List<Short> dataRepresentations, Qos qos, boolean own,
        boolean tool, Instant firstSeen, Instant goneSince) {

    public Endpoint {
        partitions = List.copyOf(partitions);
        dataRepresentations = List.copyOf(dataRepresentations);
    }

    static Endpoint discovered(Guid guid, EndpointKind kind, Guid participantGuid, String topicName, String typeName,
            boolean hasTypeInformation, Qos qos, boolean own, boolean tool, Instant firstSeen) {
        Qos q = qos != null ? qos : Qos.EMPTY;
        return new Endpoint(guid, kind, participantGuid, topicName, typeName, hasTypeInformation,
                SpecDefaults.partitions(q), SpecDefaults.dataRepresentation(q), q, own, tool, firstSeen, null);
    }

    /** Own or another DDS Tuner's: what snapshots hide unless asked to show the tools' entities. */
    public boolean hidden() {
        return own || tool;
    }

    public boolean alive() {
        return goneSince == null;
    }

    public boolean isReader() {
        return kind == EndpointKind.READER;
    }

    /** Entity name QoS if set, else {@code null}. */
    public String name() {
        return qos.entityName() != null ? qos.entityName().name() : null;
    }

    /** The vendor of the DDS implementation that announced it (from its GUID prefix). */
    public Vendor vendor() {
        return Vendor.of(participantGuid.vendorId());
    }

    /**
     * QoS values shown for this endpoint that its vendor never sent (Cyclone's defaults stand in for
     * them), each with a sentence for a person; empty for Cyclone DDS endpoints. For the Details view.
     */
    public List<QosCaveat> qosCaveats() {
        return QosCaveat.of(vendor(), kind, qos);
    }

    /** Representation names, e.g. ["XCDR1", "XCDR2"]. */
    public List<String> dataRepresentationNames() {
        return dataRepresentations.stream().map(SpecDefaults::dataRepresentationName).toList();
    }

    Endpoint gone(Instant when) {
        return new Endpoint(guid, kind, participantGuid, topicName, typeName, hasTypeInformation, partitions,
                dataRepresentations, qos, own, tool, firstSeen, when);
    }

    Endpoint withOwn(boolean isOwn) {
        return new Endpoint(guid, kind, participantGuid, topicName, typeName, hasTypeInformation, partitions,
                dataRepresentations, qos, isOwn, tool, firstSeen, goneSince);
    }

    Endpoint withTool(boolean isTool) {
        return new Endpoint(guid, kind, participantGuid, topicName, typeName, hasTypeInformation, partitions,
                dataRepresentations, qos, own, isTool, firstSeen, goneSince);
    }
}
