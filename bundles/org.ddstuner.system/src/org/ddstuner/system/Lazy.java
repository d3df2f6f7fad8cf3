package org.ddstuner.system;

import java.util.function.Supplier;

/** A value computed on first use, at most once, safely from any thread. */
final class Lazy<T> implements Supplier<T> {

    private Supplier<T> compute;
    private volatile T value;

    Lazy(Supplier<T> compute) {
        this.compute = compute;
    }

    @Override
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = compute.get();
                    value = v;
                    compute = null; // let what it captured go
                }
            }
        }
        return v;
    }
}
