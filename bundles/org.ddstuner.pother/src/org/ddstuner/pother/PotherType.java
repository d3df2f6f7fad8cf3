package org.ddstuner.pother;

import java.time.Duration;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.StructType;

/**
 * The one sample type of the Pother engine and its limits:
 * <pre>
 * module pother { @final struct Sample {
 *   uint32 seq; @key uint32 sender; int64 send_time; int64 source_time; int64 arrival_time;
 *   sequence&lt;octet&gt; payload; }; };
 * </pre>
 * A sample of "size N" serializes to exactly N bytes of CDR (36 fixed bytes + N − 36 payload bytes),
 * the way ddsperf's KeyedSeq "size N" does (12 fixed + N − 12), so both put the same bytes on the wire.
 */
public final class PotherType {

    public static final String TYPE_NAME = "pother::Sample";
    /** Serialized bytes of everything but the payload's content (4+4+8+8+8 + 4 for the length). */
    public static final int FIXED_BYTES = 36;
    /** Largest sample size the engine accepts (1 MiB). */
    public static final int MAX_SIZE = 1 << 20;

    public static final int SEQ = 0;
    public static final int SENDER = 1;
    public static final int SEND_TIME = 2;
    public static final int SOURCE_TIME = 3;
    public static final int ARRIVAL_TIME = 4;
    public static final int PAYLOAD = 5;

    private PotherType() {
    }

    /** A fresh StructType (each participant's topics may use their own instance). */
    public static StructType create() {
        return StructType.builder(TYPE_NAME)
                .member("seq", MemberKind.UINT32)
                .key("sender", MemberKind.UINT32)
                .member("send_time", MemberKind.INT64)
                .member("source_time", MemberKind.INT64)
                .member("arrival_time", MemberKind.INT64)
                .octetSequence("payload")
                .build();
    }

    /** Checks a sample size and returns the payload bytes it needs. */
    static int payloadFor(int size) {
        if (size < FIXED_BYTES || size > MAX_SIZE) {
            throw new IllegalArgumentException("sample size must be between " + FIXED_BYTES + " and " + MAX_SIZE
                    + " bytes (the fixed part of " + TYPE_NAME + " is " + FIXED_BYTES + " bytes), not " + size);
        }
        return size - FIXED_BYTES;
    }

    /** A DDS topic name made from a definition name: Pother_NAME_SUFFIX. */
    static String topicName(String name, String suffix) {
        return "Pother_" + name + "_" + suffix;
    }

    static String checkName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("a Pother definition name is 1-64 letters, digits or '_', not " + name);
        }
        return name;
    }

    /** ddsperf's ping/pong QoS: reliable (10 s max blocking), keep-last 1. */
    public static Qos latencyQos() {
        return Qos.EMPTY.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofSeconds(10))).withKeepLast(1);
    }

    /** ddsperf's data QoS: reliable (10 s max blocking), keep-all, at most 10000 samples. */
    public static Qos throughputQos() {
        return Qos.EMPTY.with(new Qos.Reliability(Qos.ReliabilityKind.RELIABLE, Duration.ofSeconds(10))).withKeepAll()
                .with(new Qos.ResourceLimits(10000, -1, -1));
    }
}
