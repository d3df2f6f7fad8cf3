package org.ddstuner.pother.protocol;

import java.util.function.Consumer;

/**
 * One test as a controller defines it and an agent receives it, for any {@link Role}. Fields a role does
 * not use are ignored (and not sent: each role has its own topic type, see {@code idl/pother.idl}).
 *
 * <ul>
 * <li>{@code name}: the test's name, 1–64 letters, digits or '_'; a transmitter's and a transponder's
 * name also names their data topics ({@code Pother_NAME_Data}, {@code Pother_NAME_Ping/Echo});</li>
 * <li>{@code partner}: for a receiver the transmitter's (or relay's) name, for a transceiver the transponder's
 * name, for a relay the transmitter (or relay) it reads; a relay writes on {@code Pother_NAME_Data};</li>
 * <li>{@code size}: serialized sample size in bytes (36 … 1 MiB); {@code rate}: samples/s for a
 * transceiver (0 = next ping when the echo is back), bursts/s for a transmitter (0 = flat out), samples/s
 * a relay forwards at most (0 = as they come);
 * {@code burst}: samples per burst; {@code sampleCount}: stop after this many (0 = until stopped);</li>
 * <li>{@code reportPeriodMillis}: how often the agent reports (default 1000);
 * {@code partnerTimeoutMillis}: how long a transceiver waits for its transponder (a relay or receiver for a
 * writer of its partner) before it gives up with an error report;</li>
 * <li>{@code ownParticipant}: the test gets a participant of its own, created with it (so the discovery
 * report times participant discovery too); {@code expectedRate}: what a receiver's transmitter was
 * asked for (samples/s, 0 = unknown).</li>
 * </ul>
 * Values are not checked here (an agent must be able to receive, and answer, a bad definition); only
 * nulls are refused.
 */
public record TestDefinition(Role role, String name, Target target, TestState state, String partner, int size,
        double rate, int burst, long sampleCount, TestQos qos, int reportPeriodMillis, int partnerTimeoutMillis,
        boolean ownParticipant, boolean writeBatching, double expectedRate) {

    public static final int DEFAULT_REPORT_PERIOD_MILLIS = 1000;
    public static final int DEFAULT_PARTNER_TIMEOUT_MILLIS = 10_000;

    public TestDefinition {
        if (role == null || name == null || target == null || state == null || qos == null) {
            throw new IllegalArgumentException("a test definition needs a role, name, target, state and QoS");
        }
        if (partner == null) {
            partner = "";
        }
    }

    /** A transceiver pinging transponder {@code partner} with {@code size}-byte samples, as fast as echoes return. */
    public static TestDefinition transceiver(Target target, String name, String partner, int size) {
        return running(Role.TRANSCEIVER, target, name, partner, size, TestQos.latency(), false);
    }

    /** A transponder echoing on the topics of {@code name}. */
    public static TestDefinition transponder(Target target, String name) {
        return running(Role.TRANSPONDER, target, name, "", 0, TestQos.latency(), false);
    }

    /** A transmitter sending {@code size}-byte samples flat out, write batching on. */
    public static TestDefinition transmitter(Target target, String name, int size) {
        return running(Role.TRANSMITTER, target, name, "", size, TestQos.throughput(), true);
    }

    /** A receiver of transmitter {@code partner}. */
    public static TestDefinition receiver(Target target, String name, String partner) {
        return running(Role.RECEIVER, target, name, partner, 0, TestQos.throughput(), false);
    }

    /** A relay reading the data of {@code upstream} (a transmitter or relay) and writing it again as {@code name}. */
    public static TestDefinition relay(Target target, String name, String upstream) {
        return running(Role.RELAY, target, name, upstream, 0, TestQos.throughput(), true);
    }

    /** A running test with the defaults: rate 0, bursts of 1, no sample count, default periods, shared participant. */
    private static TestDefinition running(Role role, Target target, String name, String partner, int size, TestQos qos,
            boolean writeBatching) {
        return new TestDefinition(role, name, target, TestState.RUNNING, partner, size, 0, 1, 0, qos,
                DEFAULT_REPORT_PERIOD_MILLIS, DEFAULT_PARTNER_TIMEOUT_MILLIS, false, writeBatching, 0);
    }

    public TestDefinition withState(TestState s) {
        return with(b -> b.state = s);
    }

    public TestDefinition withTarget(Target t) {
        return with(b -> b.target = t);
    }

    public TestDefinition withSize(int bytes) {
        return with(b -> b.size = bytes);
    }

    /** Rate and burst (burst matters to transmitters only). */
    public TestDefinition withRate(double r, int samplesPerBurst) {
        return with(b -> {
            b.rate = r;
            b.burst = samplesPerBurst;
        });
    }

    public TestDefinition withSampleCount(long n) {
        return with(b -> b.sampleCount = n);
    }

    public TestDefinition withQos(TestQos q) {
        return with(b -> b.qos = q);
    }

    public TestDefinition withReportPeriodMillis(int ms) {
        return with(b -> b.reportPeriodMillis = ms);
    }

    public TestDefinition withPartner(String p) {
        return with(b -> b.partner = p);
    }

    public TestDefinition withPartnerTimeoutMillis(int ms) {
        return with(b -> b.partnerTimeoutMillis = ms);
    }

    public TestDefinition withOwnParticipant(boolean own) {
        return with(b -> b.ownParticipant = own);
    }

    public TestDefinition withWriteBatching(boolean on) {
        return with(b -> b.writeBatching = on);
    }

    public TestDefinition withExpectedRate(double samplesPerSecond) {
        return with(b -> b.expectedRate = samplesPerSecond);
    }

    /** A copy with what {@code change} sets on a mutable copy of the components: the one way every {@code withX} works. */
    public TestDefinition with(Consumer<Builder> change) {
        Builder b = new Builder(this);
        change.accept(b);
        return b.build();
    }

    /** The components of a definition, to change before {@link #build()} (see {@link #with}). */
    public static final class Builder {
        public Role role;
        public String name;
        public Target target;
        public TestState state;
        public String partner;
        public int size;
        public double rate;
        public int burst;
        public long sampleCount;
        public TestQos qos;
        public int reportPeriodMillis;
        public int partnerTimeoutMillis;
        public boolean ownParticipant;
        public boolean writeBatching;
        public double expectedRate;

        Builder(TestDefinition d) {
            role = d.role;
            name = d.name;
            target = d.target;
            state = d.state;
            partner = d.partner;
            size = d.size;
            rate = d.rate;
            burst = d.burst;
            sampleCount = d.sampleCount;
            qos = d.qos;
            reportPeriodMillis = d.reportPeriodMillis;
            partnerTimeoutMillis = d.partnerTimeoutMillis;
            ownParticipant = d.ownParticipant;
            writeBatching = d.writeBatching;
            expectedRate = d.expectedRate;
        }

        public TestDefinition build() {
            return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos,
                    reportPeriodMillis, partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
        }
    }

    /** Same test apart from its state (a start/stop, not a change that rebuilds it). */
    public boolean sameTestAs(TestDefinition o) {
        return withState(TestState.RUNNING).withTarget(Target.app(0))
                .equals(o.withState(TestState.RUNNING).withTarget(Target.app(0)));
    }
}
