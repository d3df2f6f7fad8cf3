package org.ddstuner.samples.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.SampleInfo.InstanceState;
import org.ddstuner.samples.InstanceView;
import org.ddstuner.samples.ReceivedSample;

/**
 * The bounded store of a reader session: the last {@code capacity} samples by sequence number, and the
 * latest sample per instance (at most {@code capacity} instances, least recently updated evicted first).
 * One thread appends (the drain thread), any thread reads; a plain lock is enough at the rates seen
 * (appends are O(1), readers copy at most what they asked for).
 */
public final class SampleRing {

    private final ReceivedSample[] ring;
    /** Access order: the least recently updated first. Entries are updated in place (no object per sample). */
    private final Map<Long, Instance> instances;
    /** The instance of the previous append: a topic of few instances skips the map (and a boxed key) per sample. */
    private Instance lastInstance;
    /** The seq the next appended sample gets. */
    private long next;
    private long dropped;
    /** Samples before this seq were removed by {@link #clear()}. */
    private long clearedBefore;

    public SampleRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("ring capacity must be at least 1: " + capacity);
        }
        this.ring = new ReceivedSample[capacity];
        // access order: put on a known instance moves its entry to the end without a new entry per sample
        this.instances = new LinkedHashMap<>(16, 0.75f, true);
    }

    public int capacity() {
        return ring.length;
    }

    /** The sequence number the next sample will get (= samples appended so far). */
    public synchronized long nextSeq() {
        return next;
    }

    /** Adds samples in order (one lock for the batch); the first's {@code seq} must be {@link #nextSeq()}. */
    public synchronized void appendAll(List<ReceivedSample> samples) {
        for (ReceivedSample s : samples) {
            append(s);
        }
    }

    /** Adds a sample; its {@code seq} must be {@link #nextSeq()}. */
    public synchronized void append(ReceivedSample s) {
        if (s.seq() != next) {
            throw new IllegalArgumentException("sample seq " + s.seq() + " appended where " + next + " was expected");
        }
        if (next >= ring.length) {
            dropped++;
        }
        ring[(int) (next % ring.length)] = s;
        next++;
        long ih = s.info().instanceHandle();
        Instance inst = lastInstance;
        if (inst == null || inst.handle != ih) {
            inst = instances.get(ih); // moves it to the end (access order)
            if (inst == null) {
                inst = new Instance(ih);
                instances.put(ih, inst);
                if (instances.size() > ring.length) {
                    Long eldest = instances.keySet().iterator().next();
                    instances.remove(eldest);
                }
            }
            lastInstance = inst; // the most recently updated: at the end of the map already
        }
        if (s.validData()) {
            inst.latest = s;
        }
        inst.state = s.info().instanceState();
        inst.samples++;
        inst.lastSeq = s.seq();
    }

    /** Samples overwritten because the ring was full. */
    public synchronized long dropped() {
        return dropped;
    }

    public synchronized int size() {
        return (int) (next - firstSeq());
    }

    /** The oldest seq still held (= {@link #nextSeq()} when empty). */
    public synchronized long firstSeq() {
        return Math.max(Math.max(0, next - ring.length), clearedBefore);
    }

    /** Up to {@code max} samples with {@code seq >= fromSeq}, oldest first. */
    public synchronized List<ReceivedSample> from(long fromSeq, int max) {
        long start = Math.max(fromSeq, firstSeq());
        long end = Math.min(next, start + Math.max(0, max));
        List<ReceivedSample> out = new ArrayList<>((int) Math.max(0, end - start));
        for (long s = start; s < end; s++) {
            out.add(ring[(int) (s % ring.length)]);
        }
        return out;
    }

    /** How many samples from {@code fromSeq} on were overwritten before being read. */
    public synchronized long missedSince(long fromSeq) {
        return Math.max(0, next - ring.length - Math.max(0, fromSeq));
    }

    /** Instances, least recently updated first. */
    public synchronized List<InstanceView> instances() {
        List<InstanceView> out = new ArrayList<>(instances.size());
        for (Instance i : instances.values()) {
            out.add(new InstanceView(i.handle, i.latest, i.state, i.samples, i.lastSeq));
        }
        return out;
    }

    public synchronized int instanceCount() {
        return instances.size();
    }

    /** Forgets every sample and instance; sequence numbers keep counting, so consumers' cursors stay valid. */
    public synchronized void clear() {
        java.util.Arrays.fill(ring, null);
        instances.clear();
        lastInstance = null;
        clearedBefore = next;
    }

    /** The per-instance state, changed in place under the ring's lock. */
    private static final class Instance {
        final long handle;
        ReceivedSample latest;
        InstanceState state;
        long samples;
        long lastSeq;

        Instance(long handle) {
            this.handle = handle;
        }
    }
}
