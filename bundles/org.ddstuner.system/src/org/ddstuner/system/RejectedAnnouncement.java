package org.ddstuner.system;

import java.util.Objects;

/**
 * Discovery data the DDS library received and dropped, as told by its log. Cyclone's messages name the
 * sender's vendor but no GUID, so the model links them to participants by vendor and time.
 *
 * @param vendor        the sender's vendor ("vendor 1.15" in the log is 0x010f, eProsima)
 * @param kind          the endpoint that was announced, {@code null} for a participant or topic announcement
 * @param dataName      what the log calls it, e.g. "PublicationBuiltinTopicData"
 * @param parameterId   the parameter Cyclone found invalid (e.g. 0x75), {@code -1} when the log did not say
 * @param parameterName its name as Cyclone prints it (e.g. "TYPE_INFORMATION"), {@code null} when unknown
 * @param receiver      who dropped it, e.g. "Cyclone DDS 0.10.2"
 */
public record RejectedAnnouncement(Vendor vendor, EndpointKind kind, String dataName, int parameterId,
        String parameterName, String receiver) {

    /** DDSI-RTPS / XTypes PID_TYPE_INFORMATION. */
    public static final int PID_TYPE_INFORMATION = 0x75;

    public RejectedAnnouncement {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(dataName, "dataName");
        Objects.requireNonNull(receiver, "receiver");
    }

    /** "writer", "reader", "participant" or "topic". */
    public String what() {
        if (kind != null) {
            return kind.text();
        }
        return dataName.startsWith("Participant") ? "participant" : dataName.startsWith("Topic") ? "topic"
                : "discovery";
    }

    public boolean isTypeInformation() {
        return parameterId == PID_TYPE_INFORMATION;
    }

    /** Why, without subject: "its XTypes type information (parameter 0x0075) is not accepted". */
    public String reason() {
        if (isTypeInformation()) {
            return "its XTypes type information (parameter 0x0075) is not accepted";
        }
        if (parameterId >= 0) {
            return String.format("its parameter 0x%04x%s is not accepted", parameterId,
                    parameterName != null ? " (" + parameterName + ")" : "");
        }
        return "its QoS or parameters could not be decoded";
    }

    /** What a person can do, or {@code null} when there is no known remedy. */
    public String fix() {
        if (isTypeInformation() && receiver.startsWith("Cyclone DDS 0.10")) {
            return "Fix: disable type information on the " + vendor.name()
                    + " side (e.g. TypeSupport::auto_fill_type_information(false)), or use Cyclone DDS 0.11 or newer.";
        }
        if (isTypeInformation()) {
            return "Fix: disable type information on the " + vendor.name() + " side.";
        }
        return null;
    }

    /** One sentence about this single announcement. */
    public String description() {
        return receiver + " rejected a " + what() + " announcement (" + dataName + ") from a " + vendor.name()
                + " participant: " + reason() + ", so it is invisible here";
    }
}
