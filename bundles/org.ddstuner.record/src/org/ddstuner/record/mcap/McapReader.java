package org.ddstuner.record.mcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Reads an MCAP file written with chunks (as {@link McapWriter} and most tools write it). Opening reads the
 * summary through the Footer; when there is none — a recording killed before {@link McapWriter#close()}, a
 * truncated copy — it rebuilds the index by scanning the data section record by record, keeps every complete
 * chunk and says in {@link #notes()} where the file ends and what was lost ({@link #recovered()} is true). A file
 * that is not MCAP, or whose header is cut, is refused with {@link McapFormatException} naming the byte offset.
 * The file is only read, never changed.
 *
 * <p>Messages are read chunk by chunk ({@link #messages}), so memory holds one chunk whatever the file's size.
 */
public final class McapReader implements AutoCloseable {

    public record Schema(int id, String name, String encoding, byte[] data) {
        public String text() {
            return new String(data, StandardCharsets.UTF_8);
        }
    }

    public record Channel(int id, int schemaId, String topic, String messageEncoding, Map<String, String> metadata) {
    }

    public record Message(int channelId, long sequence, long logTime, long publishTime, byte[] data) {
    }

    public record Metadata(String name, Map<String, String> values) {
    }

    /** A chunk as the index (or the scan) knows it. */
    public record ChunkInfo(long offset, long length, long start, long end, String compression) {
    }

    private final Path path;
    private final FileChannel file;
    private final long size;
    private final Map<Integer, Schema> schemas = new TreeMap<>();
    private final Map<Integer, Channel> channels = new TreeMap<>();
    private final List<Metadata> metadata = new ArrayList<>();
    private final List<ChunkInfo> chunks = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private String library = "";
    private String profile = "";
    private boolean recovered;
    private long messageCount = -1;
    private long dataEnd;

    private McapReader(Path path, FileChannel file) throws IOException {
        this.path = path;
        this.file = file;
        this.size = file.size();
    }

    /** Opens and indexes {@code path} (summary, else a scan); see the class comment. */
    public static McapReader open(Path path) throws IOException {
        FileChannel f = FileChannel.open(path, StandardOpenOption.READ);
        McapReader r = new McapReader(path, f);
        try {
            r.index();
            return r;
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
    }

    private void index() throws IOException {
        if (size < Mcap.MAGIC.length) {
            throw new McapFormatException(size, path.getFileName() + " is not an MCAP file: it is only " + size
                    + " bytes long");
        }
        byte[] magic = bytes(0, Mcap.MAGIC.length);
        if (!Arrays.equals(magic, Mcap.MAGIC)) {
            throw new McapFormatException(0, path.getFileName() + " is not an MCAP file: it starts with "
                    + java.util.HexFormat.ofDelimiter(" ").formatHex(magic) + ", MCAP files with 89 4d 43 41 50 30 0d 0a");
        }
        long headerEnd = readHeader();
        if (!readSummary()) {
            scan(headerEnd);
        }
        chunks.sort(Comparator.comparingLong(ChunkInfo::offset));
    }

    private long readHeader() throws IOException {
        long at = Mcap.MAGIC.length;
        if (size < at + Mcap.RECORD_PREFIX) {
            throw new McapFormatException(size, "the file ends inside the MCAP Header record (truncated)");
        }
        ByteBuffer p = read(at, Mcap.RECORD_PREFIX);
        int op = p.get() & 0xff;
        long len = p.getLong();
        if (op != Mcap.HEADER) {
            throw new McapFormatException(at, "the MCAP file has no Header record after its magic ("
                    + Mcap.opcodeName(op) + " instead)");
        }
        if (len < 0 || at + Mcap.RECORD_PREFIX + len > size) {
            throw new McapFormatException(size, "the file ends inside the MCAP Header record (truncated)");
        }
        ByteBuffer b = read(at + Mcap.RECORD_PREFIX, (int) len);
        profile = string(b, at);
        library = string(b, at);
        return at + Mcap.RECORD_PREFIX + len;
    }

    /** Reads the summary through the Footer; false (with a note) when there is no usable one. */
    private boolean readSummary() throws IOException {
        long footerAt = size - Mcap.MAGIC.length - Mcap.FOOTER_RECORD;
        if (footerAt < Mcap.MAGIC.length || !Arrays.equals(bytes(size - Mcap.MAGIC.length, Mcap.MAGIC.length),
                Mcap.MAGIC)) {
            notes.add("no MCAP footer at the end of the file (the recording was not closed: killed, or the file is "
                    + "truncated at byte " + size + "): the index was rebuilt by scanning");
            return false;
        }
        ByteBuffer f = read(footerAt, Mcap.FOOTER_RECORD);
        if ((f.get() & 0xff) != Mcap.FOOTER || f.getLong() != 20) {
            notes.add("the record before the closing magic at byte " + footerAt + " is not a Footer: the index was "
                    + "rebuilt by scanning");
            return false;
        }
        long summaryStart = f.getLong();
        f.getLong(); // summary offsets: not needed, the summary is read whole
        long crc = f.getInt() & 0xffffffffL;
        if (summaryStart == 0) {
            notes.add("the file has no summary section: the index was rebuilt by scanning");
            return false;
        }
        if (summaryStart < Mcap.MAGIC.length || summaryStart > footerAt) {
            throw new McapFormatException(footerAt, "the Footer points at a summary outside the file (byte "
                    + summaryStart + ")");
        }
        if (crc != 0) {
            CRC32 c = new CRC32();
            c.update(read(summaryStart, (int) (footerAt + Mcap.FOOTER_RECORD - 4 - summaryStart)));
            if (c.getValue() != crc) {
                notes.add("the summary's CRC does not match (byte " + summaryStart + "): the index was rebuilt by "
                        + "scanning");
                return false;
            }
        }
        dataEnd = summaryStart;
        List<long[]> metadataIndex = new ArrayList<>();
        ByteBuffer s = read(summaryStart, (int) (footerAt - summaryStart));
        while (s.remaining() >= Mcap.RECORD_PREFIX) {
            long at = summaryStart + s.position();
            int op = s.get() & 0xff;
            long len = s.getLong();
            if (len < 0 || len > s.remaining()) {
                throw new McapFormatException(at, Mcap.opcodeName(op) + " record longer than the summary");
            }
            ByteBuffer r = s.slice(s.position(), (int) len).order(ByteOrder.LITTLE_ENDIAN);
            s.position(s.position() + (int) len);
            switch (op) {
                case Mcap.SCHEMA -> schema(r, at);
                case Mcap.CHANNEL -> channel(r, at);
                case Mcap.STATISTICS -> messageCount = r.getLong();
                case Mcap.CHUNK_INDEX -> {
                    long start = r.getLong();
                    long end = r.getLong();
                    long offset = r.getLong();
                    long length = r.getLong();
                    skip(r, r.getInt(), at); // message index offsets
                    r.getLong(); // message index length
                    chunks.add(new ChunkInfo(offset, length, start, end, string(r, at)));
                }
                case Mcap.METADATA_INDEX -> metadataIndex.add(new long[] { r.getLong(), r.getLong() });
                default -> { } // attachment indexes, summary offsets, private records
            }
        }
        for (long[] m : metadataIndex) {
            ByteBuffer r = read(m[0] + Mcap.RECORD_PREFIX, (int) (m[1] - Mcap.RECORD_PREFIX));
            metadata.add(new Metadata(string(r, m[0]), map(r, m[0])));
        }
        return true;
    }

    /** Walks the data section record by record; stops at the first record the file does not hold whole. */
    private void scan(long from) throws IOException {
        recovered = true;
        long at = from;
        long messages = 0;
        while (true) {
            if (at + Mcap.RECORD_PREFIX > size) {
                if (at < size) {
                    notes.add("the file ends inside a record prefix at byte " + at + " (" + (size - at)
                            + " bytes ignored)");
                }
                break;
            }
            ByteBuffer p = read(at, Mcap.RECORD_PREFIX);
            int op = p.get() & 0xff;
            long len = p.getLong();
            if (op == 0 || (op > Mcap.DATA_END && op < 0x80)) {
                notes.add("no valid MCAP record at byte " + at + " (opcode 0x" + Integer.toHexString(op)
                        + "): reading stops there, " + (size - at) + " bytes ignored");
                break;
            }
            if (len < 0 || at + Mcap.RECORD_PREFIX + len > size) {
                notes.add("the file ends inside a " + Mcap.opcodeName(op) + " record that starts at byte " + at
                        + " (truncated, or killed while writing): its " + (size - at) + " bytes are lost");
                break;
            }
            long body = at + Mcap.RECORD_PREFIX;
            switch (op) {
                case Mcap.SCHEMA -> schema(read(body, (int) len), at);
                case Mcap.CHANNEL -> channel(read(body, (int) len), at);
                case Mcap.METADATA -> {
                    ByteBuffer r = read(body, (int) len);
                    metadata.add(new Metadata(string(r, at), map(r, at)));
                }
                case Mcap.CHUNK -> {
                    ByteBuffer r = read(body, 40);
                    long start = r.getLong();
                    long end = r.getLong();
                    r.getLong();
                    r.getInt();
                    ByteBuffer c = read(body + 28, (int) Math.min(len - 28, 4 + 64));
                    chunks.add(new ChunkInfo(at, Mcap.RECORD_PREFIX + len, start, end, string(c, at)));
                }
                case Mcap.MESSAGE -> messages++;
                default -> { }
            }
            at = body + len;
            if (op == Mcap.DATA_END) {
                break;
            }
        }
        dataEnd = at;
        if (messages > 0) {
            notes.add(messages + " messages outside chunks are not read (this reader reads chunked files)");
        }
    }

    private void schema(ByteBuffer r, long at) throws McapFormatException {
        int id = r.getShort() & 0xffff;
        String name = string(r, at);
        String encoding = string(r, at);
        schemas.putIfAbsent(id, new Schema(id, name, encoding, lengthPrefixed(r, at)));
    }

    private void channel(ByteBuffer r, long at) throws McapFormatException {
        int id = r.getShort() & 0xffff;
        int schema = r.getShort() & 0xffff;
        String topic = string(r, at);
        String enc = string(r, at);
        channels.putIfAbsent(id, new Channel(id, schema, topic, enc, map(r, at)));
    }

    public Path path() {
        return path;
    }

    public String library() {
        return library;
    }

    public String profile() {
        return profile;
    }

    public Map<Integer, Schema> schemas() {
        return Collections.unmodifiableMap(schemas);
    }

    public Map<Integer, Channel> channels() {
        return Collections.unmodifiableMap(channels);
    }

    public List<Metadata> metadata() {
        return Collections.unmodifiableList(metadata);
    }

    public List<ChunkInfo> chunks() {
        return Collections.unmodifiableList(chunks);
    }

    /** True when the index was rebuilt by scanning (no usable summary). */
    public boolean recovered() {
        return recovered;
    }

    /** What opening found wrong or left out, each with its byte offset; empty for a whole file. */
    public List<String> notes() {
        return Collections.unmodifiableList(notes);
    }

    /** The message count of the summary's statistics, or -1 when unknown (scanned files). */
    public long summaryMessageCount() {
        return messageCount;
    }

    /** Where the data section ends (the summary begins, or the scan stopped). */
    public long dataEnd() {
        return dataEnd;
    }

    public long fileSize() {
        return size;
    }

    /** A consumer of messages that may throw. */
    public interface MessageSink {
        /** @return false to stop reading */
        boolean accept(Message m) throws IOException, InterruptedException;
    }

    /**
     * Every message of {@code channelIds} (all when null) in file order, chunk by chunk; within a chunk by log time.
     *
     * @throws McapFormatException for a compressed chunk or one whose records are damaged
     */
    public void messages(Set<Integer> channelIds, MessageSink sink) throws IOException, InterruptedException {
        for (ChunkInfo c : chunks) {
            List<Message> ms = chunkMessages(c, channelIds);
            for (Message m : ms) {
                if (!sink.accept(m)) {
                    return;
                }
            }
        }
    }

    private List<Message> chunkMessages(ChunkInfo c, Set<Integer> channelIds) throws IOException {
        if (!c.compression().isEmpty()) {
            throw new McapFormatException(c.offset(), "chunk compressed with '" + c.compression() + "': this reader "
                    + "reads uncompressed chunks only (convert with `mcap convert --compression none`)");
        }
        ByteBuffer h = read(c.offset(), Mcap.RECORD_PREFIX + 28);
        if ((h.get() & 0xff) != Mcap.CHUNK) {
            throw new McapFormatException(c.offset(), "the index points at no Chunk record");
        }
        long len = h.getLong();
        h.getLong();
        h.getLong();
        long uncompressed = h.getLong();
        long crc = h.getInt() & 0xffffffffL;
        long recordsAt = c.offset() + Mcap.RECORD_PREFIX + 28 + 4 + c.compression().length();
        long recordsLen = read(recordsAt, 8).getLong();
        if (recordsLen != uncompressed || recordsAt + 8 + recordsLen > c.offset() + Mcap.RECORD_PREFIX + len) {
            throw new McapFormatException(c.offset(), "a Chunk record whose sizes do not add up");
        }
        ByteBuffer recs = read(recordsAt + 8, (int) recordsLen);
        if (crc != 0) {
            CRC32 check = new CRC32();
            check.update(recs.duplicate());
            if (check.getValue() != crc) {
                throw new McapFormatException(c.offset(), "the chunk's CRC does not match its records (damaged)");
            }
        }
        List<Message> out = new ArrayList<>();
        long base = recordsAt + 8;
        while (recs.remaining() >= Mcap.RECORD_PREFIX) {
            long at = base + recs.position();
            int op = recs.get() & 0xff;
            long l = recs.getLong();
            if (l < 0 || l > recs.remaining()) {
                throw new McapFormatException(at, "a record longer than its chunk");
            }
            ByteBuffer r = recs.slice(recs.position(), (int) l).order(ByteOrder.LITTLE_ENDIAN);
            recs.position(recs.position() + (int) l);
            switch (op) {
                case Mcap.MESSAGE -> {
                    int ch = r.getShort() & 0xffff;
                    long seq = r.getInt() & 0xffffffffL;
                    long log = r.getLong();
                    long pub = r.getLong();
                    if (channelIds == null || channelIds.contains(ch)) {
                        byte[] d = new byte[r.remaining()];
                        r.get(d);
                        out.add(new Message(ch, seq, log, pub, d));
                    }
                }
                case Mcap.SCHEMA -> schema(r, at);
                case Mcap.CHANNEL -> channel(r, at);
                default -> { }
            }
        }
        out.sort(Comparator.comparingLong(Message::logTime));
        return out;
    }

    /** Counts messages per channel by reading every chunk (for scanned files, whose statistics are unknown). */
    public Map<Integer, Long> countMessages() throws IOException {
        Map<Integer, Long> counts = new LinkedHashMap<>();
        try {
            messages(null, m -> {
                counts.merge(m.channelId(), 1L, Long::sum);
                return true;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return counts;
    }

    private ByteBuffer read(long at, int len) throws IOException {
        if (at + len > size) {
            throw new McapFormatException(size, "the file ends inside a record (needed bytes up to " + (at + len) + ")");
        }
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (file.read(b, at + b.position()) < 0) {
                throw new McapFormatException(at + b.position(), "unexpected end of file");
            }
        }
        return b.flip();
    }

    private byte[] bytes(long at, int len) throws IOException {
        ByteBuffer b = read(at, len);
        byte[] a = new byte[len];
        b.get(a);
        return a;
    }

    private static String string(ByteBuffer b, long at) throws McapFormatException {
        return new String(lengthPrefixed(b, at), StandardCharsets.UTF_8);
    }

    private static byte[] lengthPrefixed(ByteBuffer b, long at) throws McapFormatException {
        if (b.remaining() < 4) {
            throw new McapFormatException(at, "a record too short for its fields");
        }
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new McapFormatException(at, "a string or byte field longer than its record");
        }
        byte[] a = new byte[n];
        b.get(a);
        return a;
    }

    private static void skip(ByteBuffer b, int n, long at) throws McapFormatException {
        if (n < 0 || n > b.remaining()) {
            throw new McapFormatException(at, "a field longer than its record");
        }
        b.position(b.position() + n);
    }

    private static Map<String, String> map(ByteBuffer b, long at) throws McapFormatException {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new McapFormatException(at, "a map longer than its record");
        }
        ByteBuffer m = b.slice(b.position(), n).order(ByteOrder.LITTLE_ENDIAN);
        b.position(b.position() + n);
        Map<String, String> out = new LinkedHashMap<>();
        while (m.hasRemaining()) {
            out.put(string(m, at), string(m, at));
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
