package org.ddstuner.system;

/**
 * Receives batched model changes on the model's single notifier thread (never on a DDS thread).
 * Implementations must not block for long; a UI hands the delta to its display thread.
 */
@FunctionalInterface
public interface ModelListener {

    void modelChanged(ModelDelta delta);
}
