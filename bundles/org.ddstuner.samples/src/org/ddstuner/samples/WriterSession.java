package org.ddstuner.samples;

import java.nio.ByteOrder;
import java.time.Instant;
import java.util.List;
import java.util.function.LongFunction;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Publisher;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.CdrException;
import org.ddstuner.types.cdr.XcdrVersion;

/**
 * The tool's own writer on a topic: a publisher in the derived partitions, a topic with the
 * {@link ResolvedType}'s descriptor and a raw writer on the connection's own participant. Values are
 * encoded with the type's codec in the representation the writer QoS offers: XCDR1 for {@code @final}
 * types, as Cyclone does, XCDR2 for other types unless a reader accepts only XCDR1 (then an
 * {@code @appendable} type is written through its XCDR1 view; {@link QosDeriver#forWriter} decides, and
 * {@link UnsupportedRepresentationException} says what libddsc cannot).
 *
 * <p>Refuses to open until the connection's {@link InjectionGuard} is confirmed. Thread-safe.
 */
public final class WriterSession implements AutoCloseable {

    private final ResolvedType type;
    private final DerivedQos qos;
    private final XcdrVersion version;
    private final CdrCodec codec;
    private final DdsType ddsType;
    private final Publisher publisher;
    private final RawTopic topic;
    /** Replaced when a QoS change re-creates the writer ({@link #replaceWriter}). */
    private volatile RawWriter writer;
    private volatile boolean closed;

    private WriterSession(ResolvedType type, DerivedQos qos, XcdrVersion version, org.ddstuner.dds.Participant own) {
        this.type = type;
        this.qos = qos;
        this.version = version;
        this.codec = type.codec().orElseThrow();
        this.ddsType = type.type().orElseThrow();
        Publisher pub = null;
        RawTopic t = null;
        try {
            pub = own.createPublisher(qos.groupQos());
            TopicDescriptor d = XcdrSupport.forWriter(type, version == XcdrVersion.XCDR1);
            t = RawTopic.create(own, type.topicName(), d, XcdrSupport.topicQos(type, d));
            Qos q = qos.endpointQos().with(new Qos.DataRepresentation(List.of(
                    version == XcdrVersion.XCDR1 ? Qos.XCDR1 : Qos.XCDR2)));
            this.writer = RawWriter.create(pub, t, q);
        } catch (RuntimeException e) {
            if (t != null) {
                t.close();
            }
            if (pub != null) {
                pub.close();
            }
            throw e;
        }
        this.publisher = pub;
        this.topic = t;
    }

    /**
     * Creates the entities.
     *
     * @throws IllegalStateException    when injection into this connection is not confirmed
     * @throws IllegalArgumentException for a RAW type (nothing to encode with), or a QoS asking for XCDR1
     *                                  for a type that needs XCDR2
     */
    public static WriterSession open(Connection connection, ResolvedType type, DerivedQos qos) {
        if (!InjectionGuard.of(connection).isConfirmed()) {
            throw new IllegalStateException("Writing into " + connection.label() + " is not confirmed: ask the person "
                    + "first (InjectionGuard)");
        }
        if (type.isRaw()) {
            throw new IllegalArgumentException("topic " + type.topicName() + " has no known type: import its IDL to "
                    + "write samples");
        }
        XcdrVersion version = versionFor(type, qos.qos());
        type.acquire();
        try {
            return new WriterSession(type, qos, version, connection.ownParticipant());
        } catch (RuntimeException e) {
            type.release();
            throw e;
        }
    }

    /**
     * The XCDR version to write: the QoS's first representation, else what the type allows (XCDR1 for final
     * types, XCDR2 otherwise). XCDR1 of an {@code @appendable} type goes through its XCDR1 view
     * ({@link ResolvedType#xcdr1Descriptor()}).
     */
    static XcdrVersion versionFor(ResolvedType type, Qos q) {
        boolean needs2 = type.needsXcdr2();
        if (q.dataRepresentation() == null || q.dataRepresentation().ids().isEmpty()) {
            return needs2 ? XcdrVersion.XCDR2 : XcdrVersion.XCDR1;
        }
        short first = q.dataRepresentation().ids().get(0);
        if (first == Qos.XCDR1 && needs2) {
            XcdrSupport.forWriter(type, true); // throws when even the XCDR1 view cannot (mutable, optional)
        }
        if (first != Qos.XCDR1 && first != Qos.XCDR2) {
            throw new IllegalArgumentException("data representation " + first + " cannot be written (XCDR1 or XCDR2)");
        }
        return first == Qos.XCDR1 ? XcdrVersion.XCDR1 : XcdrVersion.XCDR2;
    }

    public ResolvedType type() {
        return type;
    }

    public DerivedQos qos() {
        return qos;
    }

    /** The representation samples are encoded in. */
    public XcdrVersion representation() {
        return version;
    }

    /**
     * Serialized data as it goes on the wire (encapsulation header included).
     *
     * @throws CdrException when the value does not fit the type (with the member path)
     */
    public byte[] encode(Object value) {
        return codec.encode(ddsType, value, version, ByteOrder.LITTLE_ENDIAN);
    }

    /** Writes a value (source timestamp: now). */
    public void write(Object value) {
        writer.write(encode(value));
    }

    /** Writes a value with an explicit source timestamp. */
    public void write(Object value, Instant sourceTimestamp) {
        writer.write(encode(value), sourceTimestamp.getEpochSecond() * 1_000_000_000L + sourceTimestamp.getNano());
    }

    /** Disposes the instance of the value's key (only the key members matter). */
    public void dispose(Object value) {
        writer.dispose(encode(value));
    }

    /** Unregisters the instance of the value's key. */
    public void unregister(Object value) {
        writer.unregister(encode(value));
    }

    /** Readers our writer is matched with now. */
    public int matchedReaders() {
        return writer.publicationMatched().currentCount();
    }

    /**
     * Writes {@code count} samples (0: until stopped), {@code ratePerSecond} per second (0: as fast as
     * possible), value {@code i} made by {@code values} (e.g. a template with a counter), on a background
     * thread. Each value is encoded as it is written; the first failure stops the job and is kept in
     * {@link RepeatJob#failure()}.
     */
    public RepeatJob repeat(LongFunction<Object> values, long count, double ratePerSecond) {
        return RepeatJob.start(this, values, count, ratePerSecond);
    }

    /** {@link #repeat(LongFunction, long, double)} of one value. */
    public RepeatJob repeat(Object value, long count, double ratePerSecond) {
        byte[] bytes = encode(value); // fail now, not on the job's thread
        return RepeatJob.start(this, i -> bytes, count, ratePerSecond);
    }

    /** Used by {@link RepeatJob}: pre-encoded bytes pass through. */
    void writeEncodedOrValue(Object v) {
        writer.write(v instanceof byte[] b ? b : encode(v));
    }

    public boolean isClosed() {
        return closed;
    }

    /** The writer of this session now (for QoS tuning: dds_set_qos, its GUID); another one after {@link #replaceWriter}. */
    public RawWriter endpoint() {
        return writer;
    }

    /**
     * Creates a writer with {@code qos} under the same publisher and topic and writes with it from now on (a
     * QoS change that needs re-creating: peers see a new GUID); then deletes the old writer. A repeat job running
     * meanwhile may fail on the old writer (stop it first).
     */
    public RawWriter replaceWriter(Qos qos) {
        RawWriter fresh = RawWriter.create(publisher, topic, qos);
        RawWriter old = writer;
        writer = fresh;
        old.close();
        return fresh;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            writer.close();
            topic.close();
            publisher.close();
        } catch (RuntimeException e) {
            // already deleted with the participant
        } finally {
            type.release();
        }
    }

    @Override
    public String toString() {
        return "WriterSession[" + type.topicName() + ", " + type.typeName() + ", " + version + (closed ? ", closed" : "")
                + "]";
    }
}
