package org.ddstuner.dds;

import java.util.List;

/** TEMP stub of the binding engineer's DescriptorSpec (dropped at merge). */
public record DescriptorSpec(String typeName, int size, int align, int flags, int[] ops, List<Key> keys,
        byte[] typeInformation, byte[] typeMapping) {

    public record Key(String name, int opIndex, int index) {
    }
}
