package org.ddstuner.demo;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.RawTopic;
import org.ddstuner.dds.RawWriter;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.types.EnumType;
import org.ddstuner.types.Enumerator;
import org.ddstuner.types.TypeRef;
import org.ddstuner.types.cdr.CdrCodec;
import org.ddstuner.types.cdr.XcdrVersion;

/**
 * The demo's {@value DemoSystem#TRACKS} topic: three tracks ({@code demo::Track}) moving on circles, written
 * as serialized samples through a {@link RawWriter} of a descriptor made from the IDL alone
 * ({@link DemoTypes#trackSpec()}), the values encoded by {@link CdrCodec}. Track 1 is an aircraft
 * ("AIR-1"), 2 a vessel ("SHIP-2", no speed for 5 of every 10 s), 3 a vehicle ("CAR-3"); each carries its
 * previous positions, at most {@value #HISTORY}.
 */
final class TrackFeed implements AutoCloseable {

    static final int HISTORY = 16;
    /** Writes per second (every other tick of the demo's 10 Hz timer). */
    static final int RATE_HZ = 5;
    private static final String[] LABELS = {"AIR-1", "SHIP-2", "CAR-3"};
    private static final String[] KINDS = {"AIRCRAFT", "VESSEL", "VEHICLE"};
    private static final TypeRef TRACK = new TypeRef(DemoTypes.TRACK);

    private final TopicDescriptor descriptor = TopicDescriptor.fromSpec(DemoTypes.trackSpec());
    private final CdrCodec codec = new CdrCodec(DemoTypes.library());
    private final EnumType kinds = (EnumType) DemoTypes.library().get(DemoTypes.TRACK_KIND);
    private final Map<Integer, ArrayDeque<Map<String, Object>>> history = new HashMap<>();
    private RawWriter writer;

    /** A {@value DemoSystem#TRACKS} topic of {@code participant} with this feed's descriptor. */
    RawTopic topic(Participant participant) {
        return RawTopic.create(participant, DemoSystem.TRACKS, descriptor, null);
    }

    void startWriting(Participant participant, Qos qos) {
        writer = RawWriter.create(participant, topic(participant), qos);
    }

    /** Writes every track's state at step {@code k} (one step per 1/{@value #RATE_HZ} s). */
    void write(long k) {
        for (int id = 1; id <= LABELS.length; id++) {
            Map<String, Object> t = track(id, k);
            writer.write(codec.encode(TRACK, t, XcdrVersion.XCDR2, ByteOrder.LITTLE_ENDIAN));
            @SuppressWarnings("unchecked")
            Map<String, Object> position = (Map<String, Object>) t.get("position");
            ArrayDeque<Map<String, Object>> h = history.computeIfAbsent(id, x -> new ArrayDeque<>());
            h.addLast(position);
            if (h.size() > HISTORY) {
                h.removeFirst();
            }
        }
    }

    /** Track {@code id} at step {@code k}: a circle of radius 1000·id m, one turn in 30 s. */
    private Map<String, Object> track(int id, long k) {
        double angle = 2 * Math.PI * (k / (30.0 * RATE_HZ) + id / 3.0);
        double radius = 1000.0 * id;
        double z = id == 1 ? 3000 + 200 * Math.sin(k / 25.0) : 0.0;
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("track_id", id);
        t.put("kind", kind(KINDS[id - 1]));
        t.put("position", position(radius * Math.cos(angle), radius * Math.sin(angle), z));
        t.put("history", new ArrayList<Object>(history.getOrDefault(id, new ArrayDeque<>())));
        t.put("label", LABELS[id - 1]);
        boolean speedKnown = id != 2 || (k / (5 * RATE_HZ)) % 2 == 0;
        t.put("speed", speedKnown ? radius * 2 * Math.PI / 30.0 : null);
        return t;
    }

    private static Map<String, Object> position(double x, double y, double z) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("x", x);
        p.put("y", y);
        p.put("z", z);
        return p;
    }

    private Enumerator kind(String name) {
        return kinds.byName(name).orElseThrow(() -> new IllegalStateException(DemoTypes.TRACK_KIND + " has no " + name));
    }

    /** Frees the descriptor: only after the topics made from it are deleted. */
    @Override
    public void close() {
        descriptor.close();
    }
}
