package org.ddstuner.pother.protocol;

/**
 * One test as a controller defines it and an agent receives it, for any {@link Role}. Fields a role does
 * not use are ignored (and not sent: each role has its own topic type, see {@code idl/pother.idl}).
 *
 * <ul>
 * <li>{@code name}: the test's name, 1–64 letters, digits or '_'; a transmitter's and a transponder's
 * name also names their data topics ({@code Pother_NAME_Data}, {@code Pother_NAME_Ping/Echo});</li>
 * <li>{@code partner}: for a receiver the transmitter's name, for a transceiver the transponder's name;</li>
 * <li>{@code size}: serialized sample size in bytes (36 … 1 MiB); {@code rate}: samples/s for a
 * transceiver (0 = next ping when the echo is back), bursts/s for a transmitter (0 = flat out);
 * {@code burst}: samples per burst; {@code sampleCount}: stop after this many (0 = until stopped);</li>
 * <li>{@code reportPeriodMillis}: how often the agent reports (default 1000);
 * {@code partnerTimeoutMillis}: how long a transceiver waits for its transponder before it gives up
 * with an error report;</li>
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
        return new TestDefinition(Role.TRANSCEIVER, name, target, TestState.RUNNING, partner, size, 0, 1, 0,
                TestQos.latency(), DEFAULT_REPORT_PERIOD_MILLIS, DEFAULT_PARTNER_TIMEOUT_MILLIS, false, false, 0);
    }

    /** A transponder echoing on the topics of {@code name}. */
    public static TestDefinition transponder(Target target, String name) {
        return new TestDefinition(Role.TRANSPONDER, name, target, TestState.RUNNING, "", 0, 0, 1, 0, TestQos.latency(),
                DEFAULT_REPORT_PERIOD_MILLIS, DEFAULT_PARTNER_TIMEOUT_MILLIS, false, false, 0);
    }

    /** A transmitter sending {@code size}-byte samples flat out, write batching on. */
    public static TestDefinition transmitter(Target target, String name, int size) {
        return new TestDefinition(Role.TRANSMITTER, name, target, TestState.RUNNING, "", size, 0, 1, 0,
                TestQos.throughput(), DEFAULT_REPORT_PERIOD_MILLIS, DEFAULT_PARTNER_TIMEOUT_MILLIS, false, true, 0);
    }

    /** A receiver of transmitter {@code partner}. */
    public static TestDefinition receiver(Target target, String name, String partner) {
        return new TestDefinition(Role.RECEIVER, name, target, TestState.RUNNING, partner, 0, 0, 1, 0,
                TestQos.throughput(), DEFAULT_REPORT_PERIOD_MILLIS, DEFAULT_PARTNER_TIMEOUT_MILLIS, false, false, 0);
    }

    public TestDefinition withState(TestState s) {
        return new TestDefinition(role, name, target, s, partner, size, rate, burst, sampleCount, qos, reportPeriodMillis,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withTarget(Target t) {
        return new TestDefinition(role, name, t, state, partner, size, rate, burst, sampleCount, qos, reportPeriodMillis,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withSize(int bytes) {
        return new TestDefinition(role, name, target, state, partner, bytes, rate, burst, sampleCount, qos,
                reportPeriodMillis, partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    /** Rate and burst (burst matters to transmitters only). */
    public TestDefinition withRate(double r, int samplesPerBurst) {
        return new TestDefinition(role, name, target, state, partner, size, r, samplesPerBurst, sampleCount, qos,
                reportPeriodMillis, partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withSampleCount(long n) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, n, qos, reportPeriodMillis,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withQos(TestQos q) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, q, reportPeriodMillis,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withReportPeriodMillis(int ms) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos, ms,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withPartner(String p) {
        return new TestDefinition(role, name, target, state, p, size, rate, burst, sampleCount, qos, reportPeriodMillis,
                partnerTimeoutMillis, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withPartnerTimeoutMillis(int ms) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos,
                reportPeriodMillis, ms, ownParticipant, writeBatching, expectedRate);
    }

    public TestDefinition withOwnParticipant(boolean own) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos,
                reportPeriodMillis, partnerTimeoutMillis, own, writeBatching, expectedRate);
    }

    public TestDefinition withWriteBatching(boolean on) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos,
                reportPeriodMillis, partnerTimeoutMillis, ownParticipant, on, expectedRate);
    }

    public TestDefinition withExpectedRate(double samplesPerSecond) {
        return new TestDefinition(role, name, target, state, partner, size, rate, burst, sampleCount, qos,
                reportPeriodMillis, partnerTimeoutMillis, ownParticipant, writeBatching, samplesPerSecond);
    }

    /** Same test apart from its state (a start/stop, not a change that rebuilds it). */
    public boolean sameTestAs(TestDefinition o) {
        return withState(TestState.RUNNING).withTarget(Target.app(0))
                .equals(o.withState(TestState.RUNNING).withTarget(Target.app(0)));
    }
}
