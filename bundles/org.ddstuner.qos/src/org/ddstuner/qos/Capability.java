package org.ddstuner.qos;

import java.util.Objects;

/**
 * One cell of the capability table: how {@code policy} (its DDS name as {@code ls --json} prints it) of a
 * {@code kind} entity can change.
 *
 * @param own       for the tool's own entities: LIVE, RECREATE (readers, writers) or IMMUTABLE
 * @param remote    for entities of another process (through the agent): LIVE, NEXT_START or IMMUTABLE
 * @param setQos    the name of dds_set_qos's return code on the probe's scratch entity ("DDS_RETCODE_OK")
 * @param reason    a sentence saying why, from the probe (and where the library's sources know better, from them)
 * @param announced for an accepted change of a reader, writer or participant: whether a second participant's
 *                  discovery saw the new value; {@code null} when not checked (other kinds, refused changes)
 * @param factsAgree whether the probe agrees with what Cyclone's sources say ({@link TuningFacts}); the reason
 *                  says how they differ when not
 */
public record Capability(TunedKind kind, String policy, Changeability own, Changeability remote, String setQos,
        String reason, Boolean announced, boolean factsAgree) {

    public Capability {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(own, "own");
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(setQos, "setQos");
        Objects.requireNonNull(reason, "reason");
    }

    /** One line of the pinned table: {@code writer ownership_strength live live DDS_RETCODE_OK announced}. */
    public String tableLine() {
        return kind.jsonName() + " " + policy + " " + own.jsonName() + " " + remote.jsonName() + " " + setQos
                + (announced == null ? "" : announced ? " announced" : " not-announced");
    }
}
