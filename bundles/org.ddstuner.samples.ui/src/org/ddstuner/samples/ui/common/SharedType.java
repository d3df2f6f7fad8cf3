package org.ddstuner.samples.ui.common;

import org.ddstuner.samples.ResolvedType;

/**
 * A {@link ResolvedType} shared by the views of one topic (a Reader view and the Writer view it opened with
 * "Inject…"): each view {@link #retain()}s it and {@link #release()}s it when it closes; the type (and its
 * native descriptor) is closed when the last view lets go. UI thread only.
 */
public final class SharedType {

    private final ResolvedType type;
    private int users;

    private SharedType(ResolvedType type) {
        this.type = type;
    }

    /** Wraps a freshly resolved type; the caller holds the first reference. */
    public static SharedType of(ResolvedType type) {
        SharedType s = new SharedType(type);
        s.users = 1;
        return s;
    }

    public ResolvedType type() {
        return type;
    }

    /** One more view uses the type. */
    public SharedType retain() {
        if (users <= 0) {
            throw new IllegalStateException(type + " was released by every view");
        }
        users++;
        return this;
    }

    /** A view is done with the type. */
    public void release() {
        if (--users == 0) {
            type.close();
        }
    }
}
