package org.ddstuner.system;

import java.time.Instant;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.Qos;

/**
 * A DDS domain participant as seen through discovery (immutable; the model replaces it on change).
 *
 * @param guid       participant GUID
 * @param name       entity name QoS, or {@code null} when the participant sent none
 * @param vendor     from the GUID prefix
 * @param process    host/pid/process from the vendor's properties
 * @param qos        the participant QoS as discovered ({@link Qos#EMPTY} for a placeholder)
 * @param known      false for a placeholder: endpoints were seen but not their participant
 * @param own        true when the participant belongs to this tool (this DDS Tuner instance)
 * @param tool       true when it is a DDS Tuner participant, of this instance or of another one watching the
 *                   same domain (its USER_DATA carries {@link ToolMarker}); hidden by default like own ones
 * @param firstSeen  when the model first heard of it
 * @param goneSince  when it was lost, or {@code null} while alive
 */
public record Participant(Guid guid, String name, Vendor vendor, ProcessInfo process, Qos qos, boolean known,
        boolean own, boolean tool, Instant firstSeen, Instant goneSince) {

    public static final String UNKNOWN_PARTICIPANT = "unknown participant";

    static Participant discovered(Guid guid, Qos qos, boolean own, Instant firstSeen) {
        String name = qos.entityName() != null ? qos.entityName().name() : null;
        return new Participant(guid, name, Vendor.of(guid.vendorId()), ProcessInfo.fromQos(qos), qos, true, own,
                ToolMarker.isTool(qos), firstSeen, null);
    }

    /** Stand-in for a participant known only through its endpoints. */
    static Participant placeholder(Guid guid, boolean own, Instant firstSeen) {
        return new Participant(guid, null, Vendor.of(guid.vendorId()), ProcessInfo.UNKNOWN, Qos.EMPTY, false, own,
                false, firstSeen, null);
    }

    /** Own or another DDS Tuner's: what snapshots hide unless asked to show the tools' entities. */
    public boolean hidden() {
        return own || tool;
    }

    public boolean alive() {
        return goneSince == null;
    }

    /** The name to show: entity name, or "unknown participant" for a placeholder, or the GUID. */
    public String displayName() {
        if (name != null && !name.isBlank()) {
            return name;
        }
        return known ? guid.toString() : UNKNOWN_PARTICIPANT;
    }

    Participant gone(Instant when) {
        return new Participant(guid, name, vendor, process, qos, known, own, tool, firstSeen, when);
    }

    Participant withOwn(boolean isOwn) {
        return new Participant(guid, name, vendor, process, qos, known, isOwn, tool, firstSeen, goneSince);
    }
}
