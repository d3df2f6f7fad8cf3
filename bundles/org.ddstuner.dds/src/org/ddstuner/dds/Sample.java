package org.ddstuner.dds;

/**
 * One sample taken or read from a reader: the data (for an invalid sample only the key part is
 * meaningful) and its {@link SampleInfo}.
 */
public record Sample<T>(T data, SampleInfo info) { }
