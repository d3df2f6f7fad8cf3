package org.ddstuner.qos;

import java.util.List;

import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Guid;

/**
 * The result of {@link QosTuner#apply}: the entity now in force (a new one when a policy needed re-creating:
 * peers then see {@code newGuid} instead of {@code oldGuid}) and one outcome per requested policy.
 */
public record TuningOutcome(Entity entity, boolean recreated, Guid oldGuid, Guid newGuid, List<PolicyOutcome> policies) {

    public TuningOutcome {
        policies = List.copyOf(policies);
    }

    /** Every requested policy is applied (or already had the value) and discovery shows it. */
    public boolean confirmed() {
        return policies.stream().allMatch(p -> p.status() == PolicyOutcome.Status.UNCHANGED
                || p.status() == PolicyOutcome.Status.APPLIED && p.confirmed());
    }

    /** What to tell the person about the GUID, or empty when the entity stayed. */
    public String guidNotice() {
        return recreated ? "The entity was re-created: peers see a new GUID " + newGuid + " (was " + oldGuid
                + ") and match it again." : "";
    }
}
