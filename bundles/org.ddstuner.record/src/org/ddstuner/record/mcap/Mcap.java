package org.ddstuner.record.mcap;

/**
 * Constants of the MCAP format (https://mcap.dev/spec, version 0): magic, record opcodes, and the well-known
 * encodings DDS Tuner writes. Every number in a record is little-endian; strings and byte arrays carry a uint32
 * length prefix, a chunk's records a uint64 one.
 */
public final class Mcap {

    /** Starts and ends every MCAP file: {@code 0x89 M C A P 0 \r \n}. */
    static final byte[] MAGIC = { (byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n' };

    static final int HEADER = 0x01;
    static final int FOOTER = 0x02;
    static final int SCHEMA = 0x03;
    static final int CHANNEL = 0x04;
    static final int MESSAGE = 0x05;
    static final int CHUNK = 0x06;
    static final int MESSAGE_INDEX = 0x07;
    static final int CHUNK_INDEX = 0x08;
    static final int ATTACHMENT = 0x09;
    static final int ATTACHMENT_INDEX = 0x0A;
    static final int STATISTICS = 0x0B;
    static final int METADATA = 0x0C;
    static final int METADATA_INDEX = 0x0D;
    static final int SUMMARY_OFFSET = 0x0E;
    static final int DATA_END = 0x0F;

    /** Opcode (1) + record length (8). */
    static final int RECORD_PREFIX = 9;
    /** Footer record: prefix + summary_start (8) + summary_offset_start (8) + summary_crc (4). */
    static final int FOOTER_RECORD = RECORD_PREFIX + 20;

    /** Schema encoding of an OMG IDL text (Foxglove's name); the schema name is the type's {@code a::b::C} name. */
    public static final String SCHEMA_OMGIDL = "omgidl";
    /** Message encoding of serialized DDS samples: CDR with its 4-byte encapsulation header. */
    public static final String MESSAGE_CDR = "cdr";

    private Mcap() {
    }

    static String opcodeName(int op) {
        return switch (op) {
            case HEADER -> "Header";
            case FOOTER -> "Footer";
            case SCHEMA -> "Schema";
            case CHANNEL -> "Channel";
            case MESSAGE -> "Message";
            case CHUNK -> "Chunk";
            case MESSAGE_INDEX -> "Message Index";
            case CHUNK_INDEX -> "Chunk Index";
            case ATTACHMENT -> "Attachment";
            case ATTACHMENT_INDEX -> "Attachment Index";
            case STATISTICS -> "Statistics";
            case METADATA -> "Metadata";
            case METADATA_INDEX -> "Metadata Index";
            case SUMMARY_OFFSET -> "Summary Offset";
            case DATA_END -> "Data End";
            default -> "opcode 0x" + Integer.toHexString(op);
        };
    }
}
