package org.ddstuner.record.mcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Writes an MCAP file as a stream: magic and Header first, Schema and Channel records in the data section as
 * they are added, messages into a chunk that is written out (Chunk + one Message Index per channel) once it holds
 * {@code chunkSize} bytes or is {@code chunkAge} old, and at {@link #close()} Data End, the summary (schemas,
 * channels, statistics, chunk and metadata indexes), the summary offsets, the Footer and the closing magic.
 *
 * <p>Memory stays bounded whatever the length of a recording: one chunk's bytes and message index, plus one
 * ~100-byte chunk index entry per written chunk (kept for the summary: 1 MiB chunks at 5 MB/s are ~2 MB an hour).
 * Chunks are uncompressed ({@code compression = ""}): see the bundle's README for why. A process killed while
 * writing leaves every chunk written before, which {@link McapReader} finds again by scanning.
 *
 * <p>Not thread-safe except {@link #bytesWritten()}: one thread writes.
 */
public final class McapWriter implements AutoCloseable {

    /** When a chunk is written out. */
    public record Options(int chunkSize, long chunkAgeNanos) {
        public static final Options DEFAULT = new Options(1 << 20, 1_000_000_000L);
    }

    private record ChunkIndex(long start, long end, long offset, long length, Map<Integer, Long> indexOffsets,
            long indexLength, long size) {
    }

    private record MetadataIndex(long offset, long length, String name) {
    }

    private final FileChannel file;
    private final Options options;
    private final CRC32 dataCrc = new CRC32();
    private final RecordBuffer out = new RecordBuffer(64 * 1024);
    private final RecordBuffer chunk;
    private final CRC32 chunkCrc = new CRC32();
    private final Map<Integer, byte[]> schemaRecords = new LinkedHashMap<>();
    private final Map<Integer, byte[]> channelRecords = new LinkedHashMap<>();
    private final Map<Integer, Long> channelCounts = new TreeMap<>();
    private final Map<Integer, Integer> channelSequence = new TreeMap<>();
    /** Current chunk: per channel, (log time, offset in chunk) pairs. */
    private final Map<Integer, LongPairs> chunkIndex = new TreeMap<>();
    private final List<ChunkIndex> chunks = new ArrayList<>();
    private final List<MetadataIndex> metadata = new ArrayList<>();
    private long chunkStart = Long.MAX_VALUE;
    private long chunkEnd;
    private long chunkOpenedAt;
    private long messageCount;
    private long firstTime = Long.MAX_VALUE;
    private long lastTime;
    private long position;
    private volatile long written;
    private boolean closed;

    private McapWriter(FileChannel file, Options options, String library) throws IOException {
        this.file = file;
        this.options = options;
        this.chunk = new RecordBuffer(options.chunkSize() + 64 * 1024);
        out.raw(Mcap.MAGIC);
        int at = out.beginRecord(Mcap.HEADER);
        out.string("").string(library); // profile: none (DDS, not ros1/ros2)
        out.endRecord(at);
        emit(true);
    }

    /** Creates {@code path} (it must not exist: a recording never overwrites a file). */
    public static McapWriter create(Path path, String library, Options options) throws IOException {
        FileChannel f = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            return new McapWriter(f, options, library);
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
    }

    /** Adds a schema (written at once); returns its id (1, 2, …). */
    public int addSchema(String name, String encoding, byte[] data) throws IOException {
        int id = schemaRecords.size() + 1;
        RecordBuffer b = new RecordBuffer(data.length + name.length() + 64);
        int at = b.beginRecord(Mcap.SCHEMA);
        b.u16(id).string(name).string(encoding).bytes(data);
        b.endRecord(at);
        byte[] rec = java.util.Arrays.copyOf(b.array(), b.size());
        schemaRecords.put(id, rec);
        out.raw(rec);
        emit(true);
        return id;
    }

    /** Adds a channel (written at once); {@code schemaId} 0 means "no schema"; returns its id (1, 2, …). */
    public int addChannel(int schemaId, String topic, String messageEncoding, Map<String, String> meta)
            throws IOException {
        int id = channelRecords.size() + 1;
        RecordBuffer b = new RecordBuffer(256);
        int at = b.beginRecord(Mcap.CHANNEL);
        b.u16(id).u16(schemaId).string(topic).string(messageEncoding).map(meta);
        b.endRecord(at);
        byte[] rec = java.util.Arrays.copyOf(b.array(), b.size());
        channelRecords.put(id, rec);
        channelCounts.put(id, 0L);
        channelSequence.put(id, 0);
        out.raw(rec);
        emit(true);
        return id;
    }

    /** A Metadata record (name + string map) in the data section, indexed in the summary. */
    public void addMetadata(String name, Map<String, String> values) throws IOException {
        flushChunk();
        long offset = position;
        int at = out.beginRecord(Mcap.METADATA);
        out.string(name).map(values);
        out.endRecord(at);
        metadata.add(new MetadataIndex(offset, out.size(), name));
        emit(true);
    }

    /**
     * Adds a message to the current chunk; writes the chunk out when it is full or old.
     *
     * @param logTime     nanoseconds since the epoch (DDS Tuner: when the sample was received)
     * @param publishTime nanoseconds since the epoch (DDS Tuner: the sample's source timestamp)
     */
    public void write(int channelId, long logTime, long publishTime, byte[] data) throws IOException {
        Integer seq = channelSequence.get(channelId);
        if (seq == null) {
            throw new IllegalArgumentException("no channel " + channelId);
        }
        channelSequence.put(channelId, seq + 1);
        if (chunk.size() == 0) {
            chunkOpenedAt = System.nanoTime();
        }
        chunkIndex.computeIfAbsent(channelId, k -> new LongPairs()).add(logTime, chunk.size());
        int at = chunk.beginRecord(Mcap.MESSAGE);
        chunk.u16(channelId).u32(seq & 0xffffffffL).u64(logTime).u64(publishTime).raw(data);
        chunk.endRecord(at);
        chunkStart = Math.min(chunkStart, logTime);
        chunkEnd = Math.max(chunkEnd, logTime);
        firstTime = Math.min(firstTime, logTime);
        lastTime = Math.max(lastTime, logTime);
        messageCount++;
        channelCounts.merge(channelId, 1L, Long::sum);
        if (chunk.size() >= options.chunkSize() || System.nanoTime() - chunkOpenedAt >= options.chunkAgeNanos()) {
            flushChunk();
        }
    }

    /** Writes the current chunk out if it is older than the options' chunk age (call it now and then). */
    public void flushIfOld() throws IOException {
        if (chunk.size() > 0 && System.nanoTime() - chunkOpenedAt >= options.chunkAgeNanos()) {
            flushChunk();
        }
    }

    /** Writes the current chunk (if any) and its message indexes to the file. */
    public void flushChunk() throws IOException {
        if (chunk.size() == 0) {
            return;
        }
        chunkCrc.reset();
        chunkCrc.update(chunk.array(), 0, chunk.size());
        long offset = position;
        int at = out.beginRecord(Mcap.CHUNK);
        out.u64(chunkStart).u64(chunkEnd).u64(chunk.size()).u32(chunkCrc.getValue()).string("")
                .u64(chunk.size()).raw(chunk.array(), 0, chunk.size());
        out.endRecord(at);
        long chunkLength = out.size();
        Map<Integer, Long> indexOffsets = new TreeMap<>();
        for (Map.Entry<Integer, LongPairs> e : chunkIndex.entrySet()) {
            indexOffsets.put(e.getKey(), offset + out.size());
            int mi = out.beginRecord(Mcap.MESSAGE_INDEX);
            out.u16(e.getKey());
            LongPairs p = e.getValue();
            out.u32(16L * p.size());
            for (int i = 0; i < p.size(); i++) {
                out.u64(p.first(i)).u64(p.second(i));
            }
            out.endRecord(mi);
        }
        chunks.add(new ChunkIndex(chunkStart, chunkEnd, offset, chunkLength, indexOffsets, out.size() - chunkLength,
                chunk.size()));
        emit(true);
        chunk.reset();
        chunkIndex.clear();
        chunkStart = Long.MAX_VALUE;
        chunkEnd = 0;
    }

    /** Bytes in the file so far (any thread). */
    public long bytesWritten() {
        return written;
    }

    public long messageCount() {
        return messageCount;
    }

    /** Writes {@link #out} to the file; {@code data} adds it to the data section's CRC. */
    private void emit(boolean data) throws IOException {
        if (data) {
            dataCrc.update(out.array(), 0, out.size());
        }
        ByteBuffer bb = ByteBuffer.wrap(out.array(), 0, out.size());
        while (bb.hasRemaining()) {
            file.write(bb);
        }
        position += out.size();
        written = position;
        out.reset();
    }

    /** Ends the data section and writes the summary and footer; closes the file. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            flushChunk();
            int at = out.beginRecord(Mcap.DATA_END);
            out.u32(dataCrc.getValue());
            out.endRecord(at);
            emit(false);
            writeSummary();
        } finally {
            file.close();
        }
    }

    private void writeSummary() throws IOException {
        long summaryStart = position;
        List<long[]> groups = new ArrayList<>(); // opcode, start, length
        group(groups, Mcap.SCHEMA, () -> schemaRecords.values().forEach(out::raw));
        group(groups, Mcap.CHANNEL, () -> channelRecords.values().forEach(out::raw));
        group(groups, Mcap.STATISTICS, () -> {
            int at = out.beginRecord(Mcap.STATISTICS);
            out.u64(messageCount).u16(schemaRecords.size()).u32(channelRecords.size()).u32(0).u32(metadata.size())
                    .u32(chunks.size()).u64(messageCount == 0 ? 0 : firstTime).u64(lastTime);
            out.u32(10L * channelCounts.size());
            channelCounts.forEach((k, v) -> out.u16(k).u64(v));
            out.endRecord(at);
        });
        group(groups, Mcap.CHUNK_INDEX, () -> {
            for (ChunkIndex c : chunks) {
                int at = out.beginRecord(Mcap.CHUNK_INDEX);
                out.u64(c.start()).u64(c.end()).u64(c.offset()).u64(c.length());
                out.u32(10L * c.indexOffsets().size());
                c.indexOffsets().forEach((k, v) -> out.u16(k).u64(v));
                out.u64(c.indexLength()).string("").u64(c.size()).u64(c.size());
                out.endRecord(at);
            }
        });
        group(groups, Mcap.METADATA_INDEX, () -> {
            for (MetadataIndex m : metadata) {
                int at = out.beginRecord(Mcap.METADATA_INDEX);
                out.u64(m.offset()).u64(m.length()).string(m.name());
                out.endRecord(at);
            }
        });
        long summaryOffsetStart = position + out.size();
        for (long[] g : groups) {
            int at = out.beginRecord(Mcap.SUMMARY_OFFSET);
            out.u8((int) g[0]).u64(g[1]).u64(g[2]);
            out.endRecord(at);
        }
        out.u8(Mcap.FOOTER).u64(20).u64(summaryStart).u64(summaryOffsetStart);
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.size()); // the whole summary through the footer's offsets
        out.u32(crc.getValue());
        out.raw(Mcap.MAGIC);
        emit(false);
    }

    private void group(List<long[]> groups, int opcode, Runnable body) {
        int before = out.size();
        body.run();
        if (out.size() > before) {
            groups.add(new long[] { opcode, position + before, out.size() - before });
        }
    }

    /** Two growable long arrays side by side (a message index without boxing). */
    private static final class LongPairs {
        private long[] a = new long[64];
        private int n;

        void add(long x, long y) {
            if (2 * n + 2 > a.length) {
                a = java.util.Arrays.copyOf(a, a.length * 2);
            }
            a[2 * n] = x;
            a[2 * n + 1] = y;
            n++;
        }

        int size() {
            return n;
        }

        long first(int i) {
            return a[2 * i];
        }

        long second(int i) {
            return a[2 * i + 1];
        }
    }
}
