package org.ddstuner.samples.ui.reader;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.ReceivedSample;

/**
 * The rows of the Reader view's table, newest first: the sample history (bounded like the session's ring)
 * or the latest sample per instance. UI thread only.
 */
final class SampleRows {

    private final int capacity;
    /** Oldest first, so appending is cheap; rows are read from the end. */
    private final ArrayList<ReceivedSample> history = new ArrayList<>();
    private List<InstanceView> instances = List.of();
    private boolean latest;

    SampleRows(int capacity) {
        this.capacity = capacity;
    }

    void apply(ReaderFeed.Update u) {
        if (u.replace()) {
            history.clear();
        }
        history.addAll(u.added());
        if (history.size() > capacity) {
            history.subList(0, history.size() - capacity).clear();
        }
        instances = u.instances();
    }

    void clear() {
        history.clear();
        instances = List.of();
    }

    void setLatest(boolean perInstance) {
        latest = perInstance;
    }

    boolean latest() {
        return latest;
    }

    int size() {
        return latest ? instances.size() : history.size();
    }

    /** Row {@code i}, newest first. */
    ReceivedSample row(int i) {
        return latest ? instances.get(i).latest() : history.get(history.size() - 1 - i);
    }

    /** What identifies row {@code i} across updates: its sample number, or its instance in the latest view. */
    long key(int i) {
        return latest ? row(i).info().instanceHandle() : row(i).seq();
    }

    /** The row with {@link #key} {@code key}, or -1. */
    int indexOf(long key) {
        for (int i = 0; i < size(); i++) {
            if (key(i) == key) {
                return i;
            }
        }
        return -1;
    }

    List<ReceivedSample> all() {
        List<ReceivedSample> out = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            out.add(row(i));
        }
        return out;
    }
}
