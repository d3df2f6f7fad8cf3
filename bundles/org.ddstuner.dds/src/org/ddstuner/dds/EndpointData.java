package org.ddstuner.dds;

/**
 * A DCPSPublication or DCPSSubscription sample. For invalid samples (endpoint gone) only {@code key}
 * is meaningful; the names are empty and {@code qos} is {@link Qos#EMPTY}.
 *
 * @param typeInformation XTypes TypeInformation, XCDR2 serialized, or {@code null} if the endpoint sent none
 */
public record EndpointData(Guid key, Guid participantKey, long participantInstanceHandle, String topicName,
        String typeName, Qos qos, byte[] typeInformation) {

    public EndpointData {
        typeInformation = typeInformation == null ? null : typeInformation.clone();
    }

    @Override
    public byte[] typeInformation() {
        return typeInformation == null ? null : typeInformation.clone();
    }
}
