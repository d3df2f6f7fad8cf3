package org.ddstuner.pother.runs;

import org.ddstuner.pother.BestFraction;
import org.ddstuner.pother.LatencyColumn;
import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.StatSummary;
import org.ddstuner.pother.ThroughputReport;

/** The points of a {@link BenchmarkRun}; {@code time} is seconds since the run started. */
public final class Points {

    private Points() {
    }

    /** One latency report: round-trip percentiles in microseconds, plus the whole report for the table. */
    public record Latency(double time, String agent, int step, LatencyReport report) {

        private LatencyReport.Column trip() {
            return report.column(LatencyColumn.TRIP);
        }

        public double p50Micros() {
            return trip() == null ? Double.NaN : trip().p50() / 1e3;
        }

        public double p90Micros() {
            return trip() == null ? Double.NaN : trip().p90() / 1e3;
        }

        public double p99Micros() {
            return trip() == null ? Double.NaN : trip().p99() / 1e3;
        }

        public double maxMicros() {
            return trip() == null ? Double.NaN : all().max() / 1e3;
        }

        /** Round trips measured in this period. */
        public long count() {
            return trip() == null ? 0 : all().count();
        }

        private StatSummary all() {
            return trip().rows().get(BestFraction.ALL);
        }
    }

    /** One throughput report. */
    public record Throughput(double time, String agent, int step, ThroughputReport report) {

        public double samplesPerSecond() {
            return report.samplesPerSecond();
        }

        /** Megabytes (10⁶ bytes) of serialized samples per second. */
        public double megabytesPerSecond() {
            return report.periodNanos() <= 0 ? 0 : report.bytes() * 1e3 / report.periodNanos();
        }

        /** What the sequence numbers say was sent (received + newly lost, per second); NaN if not known. */
        public double theoreticalSamplesPerSecond() {
            return report.theoreticalSamplesPerSecond();
        }

        /** What the transmitter was asked for (0 = unknown or as fast as possible). */
        public double requestedSamplesPerSecond() {
            return report.requestedSamplesPerSecond();
        }

        public long lost() {
            return report.lostTotal();
        }

        public long outOfOrder() {
            return report.outOfOrderTotal();
        }
    }

    /** One discovery measurement (see {@link DiscoveryResult}). */
    public record Discovery(double time, String agent, int step, DiscoveryResult result) { }

    /** CPU and RSS of one agent. */
    public record Resources(double time, String agent, AgentResources resources) { }

    /** A scenario step that began at {@code time}. */
    public record Step(int index, RunDefinition definition, double time) {

        public String label() {
            return definition.label();
        }
    }

    /** A message (error or note) from an agent or the runner. */
    public record Message(double time, String agent, String text) { }
}
