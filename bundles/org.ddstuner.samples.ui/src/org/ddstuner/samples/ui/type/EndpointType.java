package org.ddstuner.samples.ui.type;

import java.util.List;

import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.Endpoint;
import org.ddstuner.types.xtypes.LearnedType;

/**
 * What finding one endpoint's type gave: the type, its IDL and the source it came from, or why there is none.
 *
 * @param label    "writer sensor_writer of cyclone_peer" — for lists shown to people
 * @param learned  the type, or null when no source gave it
 * @param idl      the type's library printed as IDL (headed by a comment naming the source unless it came over
 *                 the wire), "" when not found
 * @param source   the source that gave the type, null when none did
 * @param attempts every source tried, in order, the one that gave the type last
 */
public record EndpointType(Endpoint endpoint, String label, LearnedType learned, String idl, TypeSource source,
        List<ResolutionAttempt> attempts) {

    public EndpointType {
        attempts = List.copyOf(attempts);
    }

    public static EndpointType failed(Endpoint e, String label, List<ResolutionAttempt> attempts) {
        return new EndpointType(e, label, null, "", null, attempts);
    }

    public boolean known() {
        return learned != null;
    }

    /**
     * One line per source tried ("✖ over the wire (XTypes TypeLookup): …", "✔ imported IDL: declared in …"): why
     * there is no type, or where it came from and why the sources before it gave none.
     */
    public String attemptsText() {
        return TypeResolution.attempts(attempts);
    }

    /** Why the type is unknown, shared by the endpoints it applies to; "" when known. */
    public String failure() {
        return known() ? "" : attemptsText();
    }
}
