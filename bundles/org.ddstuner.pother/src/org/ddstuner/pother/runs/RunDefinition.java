package org.ddstuner.pother.runs;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.dds.Qos;
import org.ddstuner.pother.PotherType;
import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.TransceiverDefinition;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.TransponderDefinition;
import org.ddstuner.pother.protocol.TestQos;

/**
 * What one benchmark run measures: a latency pair (transceiver/transponder) or a throughput pair
 * (transmitter/receiver), its sample size in bytes, rate (samples/s for latency, bursts/s for
 * throughput; 0 = as fast as possible), burst, reliability, how long it runs, how often it reports,
 * the Cyclone transport, and an optional background throughput load (size, samples/s) running while a
 * latency pair measures ("latency under load"). {@code label} names it in lists and legends.
 */
public record RunDefinition(Kind kind, String name, int size, double rate, int burst, boolean reliable,
        Duration duration, Duration period, Transport transport, int loadSize, double loadRate, String label,
        int senders, EndpointQos endpointQos) {

    /**
     * What runs: a latency pair, a throughput pair (one transmitter, every further agent a receiver), a
     * 3-stage relay pipeline (source transmitter → relay → sink receiver, one agent each) or a fan-in
     * ({@code senders} transmitters, one agent each, → one receiver), or the discovery benchmark (fresh writers
     * against a waiting reader: created → first match and → first sample there, samples missed before it).
     */
    public enum Kind { LATENCY, THROUGHPUT, RELAY, FAN_IN, DISCOVERY }

    /** Samples/s of the discovery benchmark's transmitter unless the launcher says otherwise. */
    public static final double DISCOVERY_RATE = 1000;

    /** Most transmitters of a fan-in. */
    public static final int MAX_SENDERS = 32;

    /** Shortest report period. */
    public static final Duration MIN_PERIOD = Duration.ofMillis(50);

    /** Longest report period: what a test definition's int milliseconds hold (~24.8 days). */
    public static final Duration MAX_PERIOD = Duration.ofMillis(Integer.MAX_VALUE);

    /**
     * Longest run: a year and a day. A soak test fits; what is longer is a typo, and its deadlines (twice the
     * duration, in nanoseconds) would overflow past 146 years.
     */
    public static final Duration MAX_DURATION = Duration.ofDays(366);

    /** How Cyclone carries the samples between the two participants. */
    public enum Transport { UDP, TCP, SHM }

    public RunDefinition {
        if (kind == null || transport == null) {
            throw new IllegalArgumentException("a run needs a kind and a transport");
        }
        if (size < PotherType.FIXED_BYTES || size > PotherType.MAX_SIZE) {
            throw new IllegalArgumentException("sample size must be between " + PotherType.FIXED_BYTES + " and "
                    + PotherType.MAX_SIZE + " bytes, not " + size);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be 0 (as fast as possible) or positive, not " + rate);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1, not " + burst);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("a run needs a positive duration, not " + duration);
        }
        if (duration.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("a run lasts at most " + MAX_DURATION.toDays() + " days, not "
                    + duration);
        }
        if (period == null || period.compareTo(MIN_PERIOD) < 0 || period.compareTo(MAX_PERIOD) > 0) {
            throw new IllegalArgumentException("the report period must be between 50 ms and " + MAX_PERIOD.toDays()
                    + " days (agents count it in int milliseconds), not " + period);
        }
        if (loadSize != 0 && (loadSize < PotherType.FIXED_BYTES || loadSize > PotherType.MAX_SIZE)) {
            throw new IllegalArgumentException("background load size must be 0 (none) or a valid sample size, not " + loadSize);
        }
        if (!(loadRate >= 0) || Double.isInfinite(loadRate)) {
            throw new IllegalArgumentException("background load rate must be 0 or positive, not " + loadRate);
        }
        if (kind == Kind.FAN_IN ? senders < 1 || senders > MAX_SENDERS : senders != 0) {
            throw new IllegalArgumentException(kind == Kind.FAN_IN ? "a fan-in needs 1 to " + MAX_SENDERS
                    + " transmitters, not " + senders : "only a fan-in has several transmitters (senders = 0), not " + senders);
        }
        if (loadSize != 0 && kind != Kind.LATENCY) {
            throw new IllegalArgumentException("background load is for latency runs only");
        }
        name = name == null || name.isBlank() ? "run" : name;
        endpointQos = endpointQos == null ? EndpointQos.DEFAULTS : endpointQos;
        label = label == null || label.isBlank() ? defaultLabel(kind, size, rate, reliable, transport, senders)
                + endpointQos.describe() : label;
    }

    /** Round trips of {@code size} bytes, as fast as the echo returns, reliable, 1 s reports. */
    public static RunDefinition latency(int size, Duration duration) {
        return new RunDefinition(Kind.LATENCY, "bench", size, 0, 1, true, duration, Duration.ofSeconds(1),
                Transport.UDP, 0, 0, null, 0, EndpointQos.DEFAULTS);
    }

    /** Samples of {@code size} bytes as fast as possible, reliable, 1 s reports. */
    public static RunDefinition throughput(int size, Duration duration) {
        return new RunDefinition(Kind.THROUGHPUT, "bench", size, 0, 1, true, duration, Duration.ofSeconds(1),
                Transport.UDP, 0, 0, null, 0, EndpointQos.DEFAULTS);
    }

    /** Source → relay → sink, {@code size}-byte samples as fast as possible, reliable, 1 s reports. */
    public static RunDefinition relay(int size, Duration duration) {
        return new RunDefinition(Kind.RELAY, "bench", size, 0, 1, true, duration, Duration.ofSeconds(1),
                Transport.UDP, 0, 0, null, 0, EndpointQos.DEFAULTS);
    }

    /** {@code senders} transmitters → one receiver, {@code size}-byte samples as fast as possible, reliable. */
    public static RunDefinition fanIn(int senders, int size, Duration duration) {
        return new RunDefinition(Kind.FAN_IN, "bench", size, 0, 1, true, duration, Duration.ofSeconds(1),
                Transport.UDP, 0, 0, null, senders, EndpointQos.DEFAULTS);
    }

    /**
     * Fresh transmitters, sending {@code size}-byte samples at {@value #DISCOVERY_RATE}/s from their creation,
     * discovering a waiting receiver, reliable, again and again for {@code duration}, 1 s reports.
     */
    public static RunDefinition discovery(int size, Duration duration) {
        return new RunDefinition(Kind.DISCOVERY, "bench", size, DISCOVERY_RATE, 1, true, duration, Duration.ofSeconds(1),
                Transport.UDP, 0, 0, null, 0, EndpointQos.DEFAULTS);
    }

    /** Agents the run needs: 2 for a pair, 3 for a relay pipeline, the transmitters + 1 for a fan-in. */
    public int agentsNeeded() {
        return switch (kind) {
            case LATENCY, THROUGHPUT, DISCOVERY -> 2;
            case RELAY -> 3;
            case FAN_IN -> senders + 1;
        };
    }

    public RunDefinition withRate(double r, int b) {
        return new RunDefinition(kind, name, size, r, b, reliable, duration, period, transport, loadSize, loadRate, null,
                senders, endpointQos);
    }

    public RunDefinition withReliable(boolean on) {
        return new RunDefinition(kind, name, size, rate, burst, on, duration, period, transport, loadSize, loadRate, null,
                senders, endpointQos);
    }

    public RunDefinition withPeriod(Duration p) {
        return new RunDefinition(kind, name, size, rate, burst, reliable, duration, p, transport, loadSize, loadRate, label,
                senders, endpointQos);
    }

    public RunDefinition withTransport(Transport t) {
        return new RunDefinition(kind, name, size, rate, burst, reliable, duration, period, t, loadSize, loadRate, null,
                senders, endpointQos);
    }

    public RunDefinition withLoad(int size, double samplesPerSecond) {
        return new RunDefinition(kind, name, this.size, rate, burst, reliable, duration, period, transport, size,
                samplesPerSecond, null, senders, endpointQos);
    }

    /** History, transport priority and latency budget of every reader and writer of the run. */
    public RunDefinition withEndpointQos(EndpointQos q) {
        return new RunDefinition(kind, name, size, rate, burst, reliable, duration, period, transport, loadSize, loadRate, null,
                senders, q);
    }

    public RunDefinition withLabel(String l) {
        return new RunDefinition(kind, name, size, rate, burst, reliable, duration, period, transport, loadSize, loadRate, l,
                senders, endpointQos);
    }

    public boolean hasLoad() {
        return loadSize > 0;
    }

    private static String defaultLabel(Kind kind, int size, double rate, boolean reliable, Transport t, int senders) {
        String what = switch (kind) {
            case LATENCY -> "RTT ";
            case THROUGHPUT -> "throughput ";
            case RELAY -> "relay pipeline ";
            case FAN_IN -> "fan-in " + senders + "→1 ";
            case DISCOVERY -> "discovery ";
        };
        return what + size + " B"
                + (rate > 0 ? " @" + (long) rate + "/s" : "") + (reliable ? "" : " best-effort")
                + (t == Transport.UDP ? "" : " " + t.name().toLowerCase());
    }

    /**
     * The writer/reader QoS of the run's tests as it travels to agents: the kind's defaults (keep last 1 for round
     * trips, keep all for data, pipelines included) with the reliability and {@link #endpointQos} asked for.
     */
    public TestQos testQos() {
        TestQos base = kind == Kind.LATENCY ? TestQos.latency() : TestQos.throughput();
        return endpointQos.applyTo(base.withReliability(reliable ? TestQos.RELIABLE : TestQos.BEST_EFFORT));
    }

    /** The writer/reader QoS of the pair: {@link #testQos()} as DDS QoS. */
    public Qos qos() {
        return testQos().toQos();
    }

    public TransceiverDefinition transceiver() {
        return new TransceiverDefinition(name, size, rate, qos(), TransceiverDefinition.DEFAULT_STATS_CAPACITY);
    }

    public TransponderDefinition transponder() {
        return new TransponderDefinition(name, qos());
    }

    public TransmitterDefinition transmitter() {
        return new TransmitterDefinition(name, size, rate, burst, 0, qos(), true);
    }

    public ReceiverDefinition receiver() {
        ReceiverDefinition r = ReceiverDefinition.of(name).expecting(rate * burst);
        return new ReceiverDefinition(r.name(), qos(), r.takeBatch(), r.expectedSamplesPerSecond(), r.trigger());
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind.name());
        m.put("name", name);
        m.put("size", size);
        m.put("rate", rate);
        m.put("burst", burst);
        m.put("reliable", reliable);
        m.put("durationMs", duration.toMillis());
        m.put("periodMs", period.toMillis());
        m.put("transport", transport.name());
        m.put("loadSize", loadSize);
        m.put("loadRate", loadRate);
        m.put("label", label);
        m.put("senders", senders);
        if (!endpointQos.isDefault()) {
            m.put("endpointQos", endpointQos.toJson());
        }
        return m;
    }

    static RunDefinition fromJson(Map<String, Object> m) {
        return new RunDefinition(Kind.valueOf(RunJson.str(m, "kind")), RunJson.str(m, "name"),
                (int) RunJson.num(m, "size"), RunJson.num(m, "rate"), (int) RunJson.num(m, "burst"),
                RunJson.bool(m, "reliable"), Duration.ofMillis((long) RunJson.num(m, "durationMs")),
                Duration.ofMillis((long) RunJson.num(m, "periodMs")), Transport.valueOf(RunJson.str(m, "transport")),
                (int) RunJson.num(m, "loadSize"), RunJson.num(m, "loadRate"), RunJson.str(m, "label"),
                m.containsKey("senders") ? (int) RunJson.num(m, "senders") : 0, // runs saved before fan-ins had none
                EndpointQos.fromJson(m.containsKey("endpointQos") ? RunJson.obj(m, "endpointQos") : null));
    }
}
