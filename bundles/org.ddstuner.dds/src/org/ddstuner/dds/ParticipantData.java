package org.ddstuner.dds;

/** A DCPSParticipant sample: the participant's GUID and its QoS (user data, entity name, properties such as {@code __Hostname}, {@code __Pid}). */
public record ParticipantData(Guid key, Qos qos) { }
