package org.ddstuner.remote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

import org.ddstuner.dds.SampleInfo;
import org.ddstuner.remote.internal.Frames;
import org.ddstuner.remote.internal.QosJson;
import org.ddstuner.samples.DerivedQos;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.types.idl.IdlPrinter;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A subscription with {@code "raw":true} (PROTOCOL.md, "Samples"): each sample as received, not decoded — the CDR
 * bytes with their encapsulation header (base64), the writer, the sample kind and both times in nanoseconds since
 * the epoch — so that a client can record them as a local recording would ({@code record --remote}). The
 * {@code subscribed} frame then also carries the type's IDL and the agent reader's QoS and partitions.
 */
final class RawSamples {

    /** About this much sample text goes into one frame (the client accepts 16 MiB, the agent's frames 4 MiB). */
    static final int FRAME_CHARS = 1 << 20;
    /** A sample longer than this (as text) cannot be sent in a frame: it is counted as dropped ({@code size}). */
    static final int MAX_SAMPLE_CHARS = 3 << 20;

    private static final Comparator<ReceivedSample> BY_SOURCE_TIME = Comparator.comparing(
            (ReceivedSample x) -> x.info().sourceTimestamp(), Comparator.nullsFirst(Comparator.naturalOrder()));

    private RawSamples() {
    }

    /** What a recorder needs besides the samples: the schema and the QoS of a writer it has not discovered. */
    static void describe(ObjectNode subscribed, ResolvedType type, DerivedQos readerQos) {
        subscribed.put("raw", true);
        if (!type.isRaw()) {
            subscribed.put("idl", IdlPrinter.print(type.library()));
        }
        subscribed.set("readerQos", QosJson.encode(readerQos.qos()));
        ArrayNode p = subscribed.putArray("partitions");
        readerQos.partitions().forEach(p::add);
    }

    /** A take returns samples instance by instance: the source timestamps give back the writers' order. */
    static List<ReceivedSample> inWriterOrder(List<ReceivedSample> batch) {
        List<ReceivedSample> out = new ArrayList<>(batch);
        out.sort(BY_SOURCE_TIME);
        return out;
    }

    /** One raw sample: {@code seq, receivedNs, sourceNs (0: none), writer (GUID or null), kind, cdr}. */
    static String json(ReceivedSample s) {
        SampleInfo info = s.info();
        String kind = info.validData() ? "data"
                : info.instanceState() == SampleInfo.InstanceState.NOT_ALIVE_DISPOSED ? "dispose" : "unregister";
        String cdr = Base64.getEncoder().encodeToString(s.data());
        ObjectNode o = Frames.object();
        o.put("seq", s.seq());
        o.put("receivedNs", nanos(s.receivedAt()));
        o.put("sourceNs", info.sourceTimestamp() == null ? 0 : nanos(info.sourceTimestamp()));
        o.put("writer", s.writer() == null ? null : s.writer().toString());
        o.put("kind", kind);
        o.put("cdr", cdr);
        return o.toString();
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
}
