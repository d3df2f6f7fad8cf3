package org.ddstuner.pother.agent;

import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.RelayDefinition;
import org.ddstuner.pother.TransceiverDefinition;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.TransponderDefinition;
import org.ddstuner.pother.protocol.TestDefinition;

/**
 * Turns a received definition into the engine's definition, or says in plain words what is wrong with it
 * (an {@link IllegalArgumentException} whose message goes into the error report). Runs before any entity
 * is created, so a bad definition leaves nothing behind.
 */
final class Checks {

    private static final String NAME = "[A-Za-z0-9_]{1,64}";

    private Checks() {
    }

    /** Checks every value of {@code d} for its role. */
    static void validate(TestDefinition d) {
        switch (d.role()) {
            case TRANSCEIVER -> transceiver(d);
            case TRANSPONDER -> transponder(d);
            case TRANSMITTER -> transmitter(d, 0);
            case RECEIVER -> receiver(d);
            case RELAY -> relay(d, 0);
        }
    }

    private static void common(TestDefinition d) {
        if (!d.name().matches(NAME)) {
            throw new IllegalArgumentException("a test name is 1-64 letters, digits or '_', not '" + d.name() + "'");
        }
        if (d.reportPeriodMillis() < 0) {
            throw new IllegalArgumentException("report period must be positive (ms), not " + d.reportPeriodMillis());
        }
        if (d.sampleCount() < 0) {
            throw new IllegalArgumentException("sample count must be 0 (until stopped) or positive, not " + d.sampleCount());
        }
        if (d.partnerTimeoutMillis() < 0) {
            throw new IllegalArgumentException("partner timeout must not be negative, not " + d.partnerTimeoutMillis() + " ms");
        }
        d.qos().toQos();
    }

    private static void partner(TestDefinition d, String partnerRole) {
        if (d.partner().isEmpty()) {
            throw new IllegalArgumentException("a " + d.role().wireName() + " needs the name of its " + partnerRole
                    + " (partner)");
        }
        if (!d.partner().matches(NAME)) {
            throw new IllegalArgumentException("partner name is 1-64 letters, digits or '_', not '" + d.partner() + "'");
        }
    }

    static TransceiverDefinition transceiver(TestDefinition d) {
        common(d);
        partner(d, "transponder");
        return new TransceiverDefinition(d.partner(), d.size(), d.rate(), d.qos().toQos(),
                TransceiverDefinition.DEFAULT_STATS_CAPACITY);
    }

    static TransponderDefinition transponder(TestDefinition d) {
        common(d);
        return new TransponderDefinition(d.name(), d.qos().toQos());
    }

    static TransmitterDefinition transmitter(TestDefinition d, int senderId) {
        common(d);
        return new TransmitterDefinition(d.name(), d.size(), d.rate(), d.burst(), senderId, d.qos().toQos(),
                d.writeBatching());
    }

    static ReceiverDefinition receiver(TestDefinition d) {
        common(d);
        partner(d, "transmitter");
        ReceiverDefinition r = ReceiverDefinition.of(d.partner()).expecting(d.expectedRate());
        return new ReceiverDefinition(r.name(), d.qos().toQos(), r.takeBatch(), r.expectedSamplesPerSecond(), r.trigger());
    }

    static RelayDefinition relay(TestDefinition d, int senderId) {
        common(d);
        partner(d, "upstream transmitter or relay");
        if (d.partner().equals(d.name())) {
            throw new IllegalArgumentException("a relay cannot read its own topic: partner and name are both '" + d.name() + "'");
        }
        if (!(d.rate() >= 0) || Double.isInfinite(d.rate())) {
            throw new IllegalArgumentException("rate must be 0 (forward as samples come) or a positive number of samples/s, not "
                    + d.rate());
        }
        return new RelayDefinition(d.name(), d.partner(), senderId, d.rate(), d.qos().toQos(), d.writeBatching(), 1000);
    }
}
