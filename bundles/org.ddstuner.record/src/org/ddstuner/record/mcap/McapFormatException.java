package org.ddstuner.record.mcap;

import java.io.IOException;

/** A file that is not MCAP, or MCAP this reader cannot read: the message names the byte offset. */
public final class McapFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long offset;

    public McapFormatException(long offset, String what) {
        super(what + " (at byte offset " + offset + ")");
        this.offset = offset;
    }

    /** Where in the file the problem is. */
    public long offset() {
        return offset;
    }
}
