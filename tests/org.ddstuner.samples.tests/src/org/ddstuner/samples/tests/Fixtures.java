package org.ddstuner.samples.tests;

import java.time.Instant;
import java.util.List;

import org.ddstuner.dds.Guid;
import org.ddstuner.dds.SampleInfo;
import org.ddstuner.samples.ReceivedSample;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.idl.IdlParser;

/** Types and samples shared by the tests that need no DDS. */
final class Fixtures {

    static final String IDL = """
            module demo {
              enum Kind { TEMPERATURE, PRESSURE, HUMIDITY };
              struct Vec { double x; double y; double z; };
              union Shape switch (long) { case 1: double radius; case 2: string label; };
              @mutable struct Reading {
                @key long sensor_id;
                Kind kind;
                double value;
                Vec position;
                sequence<float, 4> history;
                string<8> unit;
                short grid[2];
                Shape shape;
                @optional string note;
                unsigned long long big;
                char code;
              };
            };
            """;

    static final Guid WRITER = Guid.parse("01100000:11111111:22222222:00000102");

    private Fixtures() {
    }

    static TypeLibrary library() {
        try {
            return IdlParser.parseText(IDL);
        } catch (IdlParseException e) {
            throw new AssertionError(e);
        }
    }

    static SampleInfo info(boolean valid, SampleInfo.InstanceState state, long instance, Instant source) {
        return new SampleInfo(valid, SampleInfo.SampleState.NOT_READ, SampleInfo.ViewState.NEW, state, source,
                instance, 7, 0, 0, 0, 0, 0);
    }

    static ReceivedSample sample(long seq, long instance, Object value) {
        Instant src = Instant.parse("2026-01-02T03:04:05.000001Z");
        return new ReceivedSample(seq, src.plusNanos(250_000), info(true, SampleInfo.InstanceState.ALIVE, instance, src),
                WRITER, new byte[] {0, 1, 0, 0}, value, null, List.of());
    }
}
