package org.ddstuner.qos;

/**
 * What became of one policy of a {@link QosTuner#apply} request.
 *
 * @param how       how it was (or would have been) applied: LIVE, RECREATE or IMMUTABLE
 * @param status    APPLIED, UNCHANGED (already the value), REFUSED (not changeable this way, or not a policy of this
 *                  kind of entity), FAILED (the library said no)
 * @param before    the value discovery announced before (or dds_get_qos when not announced yet)
 * @param after     the value discovery announces afterwards ({@code null} when not confirmed)
 * @param confirmed discovery announces the requested value
 * @param reason    a sentence for people (the capability's reason, or the library's error)
 */
public record PolicyOutcome(String policy, Changeability how, Status status, Object before, Object requested,
        Object after, boolean confirmed, String reason) {

    public enum Status { APPLIED, UNCHANGED, REFUSED, FAILED }

    /** "ownership_strength: 0 → 7 (live, confirmed)". */
    public String text() {
        return policy + ": " + PolicyValues.text(before) + " → " + PolicyValues.text(after != null ? after : requested)
                + " (" + how.text() + ", " + status.name().toLowerCase(java.util.Locale.ROOT)
                + (status == Status.APPLIED ? confirmed ? ", confirmed from discovery" : ", NOT confirmed from discovery" : "")
                + ")";
    }
}
