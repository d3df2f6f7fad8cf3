package org.ddstuner.samples.ui.type;

import org.ddstuner.system.Endpoint;
import org.ddstuner.types.xtypes.LearnedType;

/**
 * What learning one endpoint's type gave: the type and its IDL, or why there is none.
 *
 * @param label   "writer sensor_writer of cyclone_peer" — for lists shown to people
 * @param learned the type, or null when it could not be learned
 * @param idl     the learned library printed as IDL, "" when not learned
 * @param failure why the type is unknown, a sentence that stands alone (shared by all endpoints it applies
 *                to); "" when learned
 */
public record EndpointType(Endpoint endpoint, String label, LearnedType learned, String idl, String failure) {

    public static EndpointType learned(Endpoint e, String label, LearnedType t, String idl) {
        return new EndpointType(e, label, t, idl, "");
    }

    public static EndpointType failed(Endpoint e, String label, String why) {
        return new EndpointType(e, label, null, "", why);
    }

    public boolean known() {
        return learned != null;
    }
}
