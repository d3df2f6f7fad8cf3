package org.ddstuner.samples.internal;

import java.util.List;

import org.ddstuner.dds.DescriptorSpec;
import org.ddstuner.dds.Entity;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawReader;
import org.ddstuner.dds.RawSample;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.cyclone.CycloneDescriptor;
import org.ddstuner.types.cyclone.OpsGenerator;
import org.ddstuner.types.xtypes.GeneratedTypeInfo;
import org.ddstuner.types.xtypes.TypeObjectWriter;

/**
 * The one place that calls the binding and type APIs this bundle needs beyond the foundation: native
 * descriptors made from a type model (Cyclone ops + XTypes type objects), untyped descriptors and raw
 * writers. Kept together so the rest of the bundle does not depend on their exact shape.
 */
public final class PendingApi {

    private PendingApi() {
    }

    /** A descriptor made from the model: what libddsc needs for a topic of that type. */
    public record Made(TopicDescriptor descriptor, String typeInfoProblem) {
    }

    /**
     * Generates the Cyclone ops for {@code typeName} and its XTypes TypeInformation/TypeMapping (so foreign
     * peers, e.g. Fast DDS, can resolve it and answer our TypeLookup), then builds the native descriptor.
     * When the type objects cannot be generated the descriptor carries none; the reason is returned.
     *
     * @throws RuntimeException (e.g. IllegalArgumentException) when Cyclone ops cannot be generated
     */
    public static Made descriptorFor(TypeLibrary library, String typeName) {
        CycloneDescriptor c = OpsGenerator.generate(library, typeName);
        byte[] info = new byte[0];
        byte[] mapping = new byte[0];
        String problem = null;
        try {
            GeneratedTypeInfo g = TypeObjectWriter.generate(library, typeName);
            info = g.typeInformation();
            mapping = g.typeMapping();
        } catch (RuntimeException e) {
            problem = "no XTypes type information for " + typeName + ": " + e.getMessage();
        }
        List<DescriptorSpec.Key> keys = c.keys().stream()
                .map(k -> new DescriptorSpec.Key(k.name(), k.opIndex(), k.index())).toList();
        DescriptorSpec spec = new DescriptorSpec(c.typeName(), c.size(), c.align(), c.flags(), c.ops(), keys, info,
                mapping);
        return new Made(TopicDescriptor.fromSpec(spec), problem);
    }

    /** A keyless descriptor under {@code typeName} that reads the raw bytes of a type we do not know. */
    public static TopicDescriptor untyped(String typeName) {
        return TopicDescriptor.untyped(typeName);
    }

    public static RawWriter createWriter(Entity parent, RawTopic topic, Qos qos) {
        return RawWriter.create(parent, topic, qos);
    }

    private static final java.lang.reflect.Method READ = findRead();

    /** RawReader.read(int) if this binding has it (dds_readcdr): looked up, not linked, as it is optional. */
    private static java.lang.reflect.Method findRead() {
        try {
            return RawReader.class.getMethod("read", int.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    public static boolean canRead() {
        return READ != null;
    }

    /** Reads (without taking) up to {@code max} samples not read before. */
    @SuppressWarnings("unchecked")
    public static List<RawSample> read(RawReader reader, int max) {
        if (READ == null) {
            throw new UnsupportedOperationException("this binding's RawReader cannot read without taking");
        }
        try {
            return (List<RawSample>) READ.invoke(reader, max);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
