package org.ddstuner.pother.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.PotherType;
import org.ddstuner.pother.ReceiverDefinition;
import org.ddstuner.pother.TransceiverDefinition;
import org.ddstuner.pother.TransmitterDefinition;
import org.ddstuner.pother.TransponderDefinition;
import org.junit.jupiter.api.Test;

class DefinitionTest {

    @Test
    void negativeRateIsRefusedWithAClearMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TransmitterDefinition.flatOut("t", 1024).withRate(-5, 1));
        assertTrue(e.getMessage().contains("rate") && e.getMessage().contains("-5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TransceiverDefinition.pingPong("t", 64).withRate(-1));
        assertThrows(IllegalArgumentException.class, () -> TransceiverDefinition.pingPong("t", 64).withRate(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> ReceiverDefinition.of("t").expecting(-1));
    }

    @Test
    void sizeOverTheLimitIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TransmitterDefinition.flatOut("t", PotherType.MAX_SIZE + 1));
        assertTrue(e.getMessage().contains(String.valueOf(PotherType.MAX_SIZE)), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TransceiverDefinition.pingPong("t", PotherType.FIXED_BYTES - 1));
        assertEquals(PotherType.MAX_SIZE, TransmitterDefinition.flatOut("t", PotherType.MAX_SIZE).size());
    }

    @Test
    void otherBadValues() {
        assertThrows(IllegalArgumentException.class, () -> TransmitterDefinition.flatOut("t", 100).withRate(10, 0));
        assertThrows(IllegalArgumentException.class, () -> TransponderDefinition.of("no spaces"));
        assertThrows(IllegalArgumentException.class, () -> TransponderDefinition.of(null));
        assertThrows(IllegalArgumentException.class, () -> new TransponderDefinition("ok", null));
        assertThrows(IllegalArgumentException.class, () -> new ReceiverDefinition("ok", PotherType.throughputQos(), 0, 0,
                ReceiverDefinition.Trigger.WAITSET));
        assertThrows(IllegalArgumentException.class, () -> ReceiverDefinition.of("ok").triggeredBy(null));
    }

    @Test
    void fractionsKeepTheRightCounts() {
        assertEquals(999, BestFraction.P99_9.kept(1000));
        assertEquals(10, BestFraction.P99_9.kept(10));
        assertEquals(90, BestFraction.P90.kept(100));
        assertEquals(0, BestFraction.ALL.kept(0));
    }
}
