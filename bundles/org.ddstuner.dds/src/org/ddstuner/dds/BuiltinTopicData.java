package org.ddstuner.dds;

/**
 * A DCPSTopic sample (only with libddsc built with topic discovery and peers that send it). The key is
 * Cyclone's 16-byte topic key (a hash of name and type, not a GUID).
 */
public record BuiltinTopicData(Guid key, String topicName, String typeName, Qos qos) { }
