package org.ddstuner.dds;

/** TEMP stub of the binding engineer's RawWriter (dropped at merge). */
public final class RawWriter extends Entity {

    private RawWriter(int handle, Entity parent) {
        super(handle, parent);
    }

    public static RawWriter create(Entity parent, RawTopic topic, Qos qos) {
        throw new UnsupportedOperationException("TEMP stub: RawWriter is not merged yet");
    }

    public void write(byte[] serialized) {
        throw new UnsupportedOperationException("TEMP stub");
    }

    public void write(byte[] serialized, long sourceTimestampNanos) {
        throw new UnsupportedOperationException("TEMP stub");
    }

    public void dispose(byte[] serialized) {
        throw new UnsupportedOperationException("TEMP stub");
    }

    public void unregister(byte[] serialized) {
        throw new UnsupportedOperationException("TEMP stub");
    }

    public MatchedStatus publicationMatched() {
        throw new UnsupportedOperationException("TEMP stub");
    }
}
