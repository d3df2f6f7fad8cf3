package org.ddstuner.record;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.ddstuner.record.mcap.McapReader;

/**
 * The walk through a recording that a replay makes, local ({@link Replayer}) or through an agent
 * ({@link RemoteReplayer}): the messages in the {@link Replayer.Options}' time window, each with the wall-clock time it
 * is due at (relative to the first one replayed, divided by the speed), loop after loop. Messages of channels without
 * a target are counted (key-only ones apart); the caller's {@link Sink} writes the others.
 */
final class Playback {

    /** Writes one message to its channel's target. */
    interface Sink<T> {
        /**
         * @param due {@link System#nanoTime()} at which it is due, or -1 at speed 0 (as fast as possible)
         * @return false to stop the replay
         */
        boolean write(T target, McapReader.Message m, long due) throws IOException, InterruptedException;

        /** The end of one pass through the recording (e.g. to send what was batched). */
        default void endOfLoop() throws IOException, InterruptedException {
        }
    }

    /** What the walk counted: messages with no target, key-only ones (disposes, unregisters), passes made. */
    record Counts(long skipped, long keyOnly, int loops) {
    }

    private Playback() {
    }

    static <T> Counts play(McapReader reader, Replayer.Options options, Map<Integer, T> byChannel,
            Set<Integer> keyOnlyChannels, BooleanSupplier stop, Sink<T> sink)
            throws IOException, InterruptedException {
        long first = Long.MAX_VALUE;
        for (McapReader.ChunkInfo c : reader.chunks()) {
            first = Math.min(first, c.start());
        }
        long base = first;
        long[] skipped = { 0 };
        long[] keyOnly = { 0 };
        int loops = 0;
        do {
            long wallStart = System.nanoTime();
            long[] windowStart = { -1 };
            reader.messages(null, m -> {
                if (stop.getAsBoolean()) {
                    return false;
                }
                long rel = m.logTime() - base;
                if (rel < options.fromNs() || rel > options.toNs()) {
                    return rel <= options.toNs();
                }
                T target = byChannel.get(m.channelId());
                if (target == null) {
                    if (keyOnlyChannels.contains(m.channelId())) {
                        keyOnly[0]++;
                    } else if (options.topics().isEmpty()
                            || options.topics().contains(reader.channels().get(m.channelId()).topic())) {
                        skipped[0]++;
                    }
                    return true;
                }
                if (windowStart[0] < 0) {
                    windowStart[0] = rel;
                }
                long due = options.speed() == 0 ? -1 : wallStart + (long) ((rel - windowStart[0]) / options.speed());
                return sink.write(target, m, due);
            });
            sink.endOfLoop();
            loops++;
        } while (options.loop() && !stop.getAsBoolean());
        return new Counts(skipped[0], keyOnly[0], loops);
    }
}
