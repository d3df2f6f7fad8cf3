package org.ddstuner.pother.runs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import org.ddstuner.pother.LatencyReport;
import org.ddstuner.pother.ThroughputReport;

/**
 * {@link ReportSink} calls as JSON text and back, for a run measured elsewhere (a remote agent runs it, the desktop
 * charts it). Each call is one object in the run file's own record format ({@link RunStore}: the same codecs, NaN as
 * null, doubles bit-identical) with {@code t}, seconds since the run began where it was measured: the receiving
 * {@link BenchmarkRun} records a report caught up late at the time it was measured, not on arrival.
 */
public final class ReportEvents {

    private ReportEvents() {
    }

    /**
     * A sink that hands every call to {@code out} as one JSON object text, with the time it was made ({@code t}:
     * {@code seconds} says since when).
     */
    public static ReportSink encoder(Consumer<String> out, DoubleSupplier seconds) {
        return new ReportSink() {
            private Map<String, Object> line(String type, String agent) {
                Map<String, Object> m = ReportEvents.line(type, agent);
                m.put("t", seconds.getAsDouble());
                return m;
            }

            @Override
            public void step(int index, RunDefinition definition) {
                Map<String, Object> m = line("step", null);
                m.put("index", index);
                m.put("definition", definition.toJson());
                out.accept(RunJson.write(m));
            }

            @Override
            public void latency(String agent, LatencyReport report, AgentResources resources) {
                Map<String, Object> m = line("latency", agent);
                m.put("report", RunCodec.latency(report));
                put(m, resources);
                out.accept(RunJson.write(m));
            }

            @Override
            public void throughput(String agent, ThroughputReport report, AgentResources resources) {
                Map<String, Object> m = line("throughput", agent);
                m.put("report", RunCodec.throughput(report));
                put(m, resources);
                out.accept(RunJson.write(m));
            }

            @Override
            public void resources(String agent, AgentResources resources) {
                if (resources != null) {
                    Map<String, Object> m = line("resources", agent);
                    put(m, resources);
                    out.accept(RunJson.write(m));
                }
            }

            @Override
            public void message(String agent, String text) {
                Map<String, Object> m = line("message", agent);
                m.put("text", text);
                out.accept(RunJson.write(m));
            }

            @Override
            public void discovery(String agent, DiscoveryResult result) {
                Map<String, Object> m = line("discovery", agent);
                m.put("result", result.toJson());
                out.accept(RunJson.write(m));
            }
        };
    }

    /**
     * Makes the call {@code json} (what {@link #encoder} wrote) on {@code sink}, as measured at {@code startNanos} (this
     * JVM's {@link System#nanoTime()} when the encoder's clock was 0) plus its time ({@link ReportSink#measuredAt}).
     *
     * @throws IllegalArgumentException not such a text, naming what is wrong
     */
    public static void replay(String json, ReportSink sink, long startNanos) {
        Map<String, Object> m = RunJson.parseObject(json);
        double t = RunJson.num(m, "t");
        if (Double.isNaN(t)) {
            call(m, sink);
        } else {
            sink.measuredAt(startNanos + (long) (t * 1e9), () -> call(m, sink));
        }
    }

    private static void call(Map<String, Object> m, ReportSink sink) {
        String type = RunJson.str(m, "type");
        String agent = RunJson.str(m, "agent");
        AgentResources res = m.containsKey("resources") ? AgentResources.fromJson(RunJson.obj(m, "resources")) : null;
        switch (type == null ? "" : type) {
            case "step" -> sink.step((int) RunJson.num(m, "index"), RunDefinition.fromJson(RunJson.obj(m, "definition")));
            case "latency" -> sink.latency(agent, RunCodec.latency(RunJson.obj(m, "report")), res);
            case "throughput" -> sink.throughput(agent, RunCodec.throughput(RunJson.obj(m, "report")), res);
            case "resources" -> sink.resources(agent, res);
            case "message" -> sink.message(agent, RunJson.str(m, "text"));
            case "discovery" -> sink.discovery(agent, DiscoveryResult.fromJson(RunJson.obj(m, "result")));
            default -> throw new IllegalArgumentException("unknown report event type '" + type + "'");
        }
    }

    /** A run definition as JSON text (the run file's form). */
    public static String definition(RunDefinition d) {
        return RunJson.write(d.toJson());
    }

    /**
     * Reads what {@link #definition(RunDefinition)} wrote.
     *
     * @throws IllegalArgumentException not a run definition (the message names the member)
     */
    public static RunDefinition definition(String json) {
        return RunDefinition.fromJson(RunJson.parseObject(json));
    }

    private static Map<String, Object> line(String type, String agent) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        if (agent != null) {
            m.put("agent", agent);
        }
        return m;
    }

    private static void put(Map<String, Object> m, AgentResources r) {
        if (r != null) {
            m.put("resources", r.toJson());
        }
    }
}
