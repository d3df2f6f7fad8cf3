package org.ddstuner.remote.ops;

import java.util.List;

import org.ddstuner.remote.Operation;

/** The operations of this package, as {@code ddstuner serve} registers them (one line each in ServeCli). */
public final class Operations {

    private Operations() {
    }

    /** Type information (read-only) and sample writes (capability write). */
    public static List<Operation> samples() {
        return List.of(new TypeInfoOperation(), new WriteSampleOperation());
    }
}
