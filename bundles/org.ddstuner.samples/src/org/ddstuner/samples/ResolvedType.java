package org.ddstuner.samples;

import java.util.List;
import java.util.Optional;

import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.samples.internal.Descriptors;
import org.ddstuner.samples.internal.TypeTraits;
import org.ddstuner.types.DdsType;
import org.ddstuner.types.StructType;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;

/**
 * The type found for a topic by {@link TypeResolver}: its name, where it came from, the type model
 * (empty for {@link TypeSource#RAW}), the native {@link TopicDescriptor} our topics are created with, and
 * every source tried on the way with the reason it failed.
 *
 * <p>Owns the descriptor. Sessions opened on it keep it alive: {@link #close()} frees it once the last
 * session using it has closed, so a view may close its type at any time.
 */
public final class ResolvedType implements AutoCloseable {

    private final String topicName;
    private final String typeName;
    private final TypeSource source;
    private final TypeLibrary library;
    private final TopicDescriptor descriptor;
    private final List<ResolutionAttempt> attempts;
    private final CdrCodec codec;
    /** {@link #xcdr1Descriptor()}, made when first needed; freed with {@link #descriptor}. */
    private TopicDescriptor xcdr1View;
    private int users;
    private boolean closed;

    ResolvedType(String topicName, String typeName, TypeSource source, TypeLibrary library, TopicDescriptor descriptor,
            List<ResolutionAttempt> attempts) {
        this.topicName = topicName;
        this.typeName = typeName;
        this.source = source;
        this.library = library;
        this.descriptor = descriptor;
        this.attempts = List.copyOf(attempts);
        this.codec = source == TypeSource.RAW ? null : new CdrCodec(library);
    }

    /**
     * A type found elsewhere, e.g. by a remote agent ({@code type-info}): its library, with a topic descriptor made
     * here so the views that edit and show values (the Writer view's editor) work as on a type resolved locally.
     *
     * @throws RuntimeException the library cannot be made into a descriptor (an unsupported construct)
     */
    public static ResolvedType of(String topicName, String typeName, TypeSource source, TypeLibrary library,
            List<ResolutionAttempt> attempts) {
        return new ResolvedType(topicName, typeName, source, library, Descriptors.fromModel(library, typeName)
                .descriptor(), attempts);
    }

    public String topicName() {
        return topicName;
    }

    /** The scoped type name used on the topic, e.g. {@code tuner::SensorReading}. */
    public String typeName() {
        return typeName;
    }

    public TypeSource source() {
        return source;
    }

    /** True when there is no type model: samples are bytes only. */
    public boolean isRaw() {
        return source == TypeSource.RAW;
    }

    /** The types (the topic type and everything it uses); empty for RAW. */
    public TypeLibrary library() {
        return library;
    }

    /** The topic type as a reference into {@link #library()}, or empty for RAW. */
    public Optional<DdsType> type() {
        return isRaw() ? Optional.empty() : Optional.of(new TypeRef(typeName));
    }

    /** The topic type as a struct (following typedefs), or empty for RAW or a non-struct topic type. */
    public Optional<StructType> struct() {
        if (isRaw()) {
            return Optional.empty();
        }
        try {
            return Optional.of(library.struct(typeName));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The codec for the type; empty for RAW. */
    public Optional<CdrCodec> codec() {
        return Optional.ofNullable(codec);
    }

    /** The native descriptor our topics for this type are created with. */
    public TopicDescriptor descriptor() {
        return descriptor;
    }

    /** Every source tried, in order, the successful one last. */
    public List<ResolutionAttempt> attempts() {
        return attempts;
    }

    /** Whether encoding needs XCDR2 (appendable/mutable types, optional members), as libddsc decides it. */
    public boolean needsXcdr2() {
        return !isRaw() && TypeTraits.needsXcdr2(library, new TypeRef(typeName));
    }

    /**
     * Why the type cannot be read or written in XCDR1 even through its {@link #xcdr1Descriptor() XCDR1 view}
     * (a {@code @mutable} type or an {@code @optional} member, named), or empty when it can (or is RAW).
     */
    public Optional<String> xcdr1Blocker() {
        return isRaw() ? Optional.empty() : TypeTraits.xcdr1Blocker(library, new TypeRef(typeName));
    }

    /**
     * The descriptor for XCDR1 readers and writers of an {@code @appendable} type: libddsc 0.10.x refuses XCDR1
     * for ops with {@code DLC}, so these ops treat appendable as final (the XCDR1 layout of both), while the
     * type information stays the real type's. Equal to {@link #descriptor()} for a type that needs no XCDR2.
     * {@code @mutable} types and {@code @optional} members stay as they are: libddsc 0.10.x refuses XCDR1 for
     * them anyway ({@link #xcdr1Blocker()}), 11.x takes them.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized TopicDescriptor xcdr1Descriptor() {
        if (isRaw() || !needsXcdr2()) {
            return descriptor;
        }
        if (closed) {
            throw new IllegalStateException("type " + typeName + " of topic " + topicName + " used after close()");
        }
        if (xcdr1View == null) {
            xcdr1View = Descriptors.xcdr1View(library, typeName, descriptor);
        }
        return xcdr1View;
    }

    /** Whether the type has key members (RAW: unknown, reported as false). */
    public boolean keyed() {
        return struct().map(s -> TypeTraits.keyed(library, s)).orElse(false);
    }

    /** A session starts using the descriptor. */
    synchronized void acquire() {
        if (closed) {
            throw new IllegalStateException("type " + typeName + " of topic " + topicName + " used after close()");
        }
        users++;
    }

    /** A session is done with the descriptor. */
    void release() {
        boolean free;
        synchronized (this) {
            users--;
            free = closed && users == 0;
        }
        if (free) {
            free();
        }
    }

    public synchronized boolean isClosed() {
        return closed;
    }

    /** Frees the descriptor now, or when the last session using it closes. */
    @Override
    public void close() {
        boolean free;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            free = users == 0;
        }
        if (free) {
            free();
        }
    }

    private void free() {
        TopicDescriptor view;
        synchronized (this) {
            view = xcdr1View;
            xcdr1View = null;
        }
        if (view != null) {
            view.close();
        }
        descriptor.close();
    }

    @Override
    public String toString() {
        return "ResolvedType[" + topicName + ": " + typeName + " from " + source + "]";
    }
}
