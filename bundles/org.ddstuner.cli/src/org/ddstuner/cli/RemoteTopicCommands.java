package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.ops.TypeInfo;
import org.ddstuner.remote.ops.TypeInfoOperation;
import org.ddstuner.remote.ops.WriteSampleOperation;
import org.ddstuner.samples.ResolutionAttempt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code typeof TOPIC --remote …} and {@code publish TOPIC --json … --remote …}: the agent resolves the type and
 * writes with its own writer ({@code type-info}, {@code write-sample}); this side only sends and reports.
 */
final class RemoteTopicCommands {

    private RemoteTopicCommands() {
    }

    /** Prints the topic's type as the agent resolved it (IDL and source, or --json: the agent's result). */
    static int typeof(String topic, String typeName, ClientOptions options, boolean json, PrintStream out,
            PrintStream err) {
        ObjectNode args = StrictJson.mapper().createObjectNode();
        args.put("topic", topic);
        if (typeName != null) {
            args.put("typeName", typeName);
        }
        try (RemoteClient c = RemoteCalls.connect(options, err)) {
            JsonNode r = RemoteCalls.call(c, "typeof", TypeInfoOperation.NAME, args);
            TypeInfo t = TypeInfo.of(r);
            if (json) {
                ObjectNode o = r.deepCopy();
                o.remove(List.of("typeInformation", "typeMapping"));
                out.println(o.toPrettyString());
            } else {
                out.println("// topic " + t.topic() + ": type " + t.typeName() + " (" + t.source().text()
                        + ", resolved by the agent at " + options.agent() + ")");
                for (ResolutionAttempt a : t.attempts()) {
                    if (!a.succeeded()) {
                        out.println("// not " + a.source().text() + ": " + a.detail());
                    }
                }
                out.print(TypeIdl.print(t.learned().library(), t.typeName()));
            }
            out.flush();
            return Main.EXIT_OK;
        }
    }

    /** Sends the samples to the agent's writer; exit 1 when no reader matched (as the local publish). */
    static int publish(String topic, String typeName, String jsonText, Path jsonFile, boolean dispose,
            List<String> partitions, double waitSeconds, ClientOptions options, PrintStream out, PrintStream err) {
        String text = jsonText;
        if (text == null) {
            try {
                text = Files.readString(jsonFile);
            } catch (IOException e) {
                throw new CliException(Main.EXIT_USAGE, "--json-file: cannot read \"" + jsonFile + "\": "
                        + e.getMessage());
            }
        }
        JsonNode samples;
        try {
            samples = StrictJson.parse(text);
        } catch (RuntimeException e) { // JsonSyntaxException: where and what
            throw new CliException(Main.EXIT_USAGE, (jsonText != null ? "--json" : "--json-file " + jsonFile)
                    + ": not JSON: " + e.getMessage());
        }
        ObjectNode args = StrictJson.mapper().createObjectNode();
        args.put("topic", topic);
        if (typeName != null) {
            args.put("typeName", typeName);
        }
        args.put("action", dispose ? "dispose" : "write");
        args.set("samples", samples);
        partitions.forEach(args.putArray("partitions")::add);
        args.put("waitMillis", (long) (waitSeconds * 1000));
        try (RemoteClient c = RemoteCalls.connect(options, err)) {
            JsonNode r = RemoteCalls.call(c, "publish", WriteSampleOperation.NAME, args);
            long n = r.path("count").asLong();
            int matched = r.path("matchedReaders").asInt();
            out.println("publish: " + (dispose ? "disposed " : "wrote ") + n + " sample" + (n == 1 ? "" : "s")
                    + " to topic '" + r.path("topic").asText() + "' through the agent at " + options.agent());
            out.println("  type " + r.path("typeName").asText() + ", " + r.path("representation").asText()
                    + ", partitions " + r.path("partitions") + "; readers matched: " + matched + " of "
                    + r.path("discoveredReaders").asInt() + " discovered");
            out.flush();
            if (matched == 0) {
                err.println("ddstuner: no reader matched the agent's writer: the samples reached nobody");
                return Main.EXIT_EXPECTATION;
            }
            return Main.EXIT_OK;
        }
    }
}
