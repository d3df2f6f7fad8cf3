package org.ddstuner.types.cyclone;

import java.util.List;

/** TEMP stub of the ops engineer's CycloneDescriptor (dropped at merge). */
public record CycloneDescriptor(String typeName, int size, int align, int flags, int[] ops, List<Key> keys) {

    public record Key(String name, int opIndex, int index) {
    }
}
