package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.EnumSet;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.json.StrictJson;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeSource;

/**
 * {@code ddstuner typeof TOPIC}: discovers the topic, resolves its type (over the wire, from --idl files, from
 * the bundled ROS 2 messages) and prints it as IDL, with where it came from and why earlier sources failed.
 */
final class TypeofCommand {

    private final TopicOptions options;
    private final PrintStream out;

    TypeofCommand(TopicOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    int run() throws InterruptedException {
        ImportedTypes imported = TopicLookup.importIdl(options.idlFiles);
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(options.common.profile("cli", 0, false));
        try {
            TopicLookup.discover(c, options);
            try (ResolvedType type = TopicLookup.resolve(c, options, imported, EnumSet.of(TypeSource.WIRE,
                    TypeSource.IMPORTED, TypeSource.ROS_MSG, TypeSource.ROS_SERVICE))) {
                String idl = TypeIdl.print(type.library(), type.typeName());
                if (options.jsonOutput) {
                    out.println(json(type, idl));
                } else {
                    out.println("// topic " + type.topicName() + ": " + type.typeName());
                    out.println("// source: " + type.source().text());
                    for (ResolutionAttempt a : type.attempts()) {
                        out.println("//   " + a.source() + (a.succeeded() ? " ok: " : " failed: ") + a.detail());
                    }
                    out.print(idl);
                }
                return Main.EXIT_OK;
            }
        } finally {
            manager.close(c);
        }
    }

    private static String json(ResolvedType type, String idl) {
        return StrictJson.write(g -> {
            g.writeStartObject();
            g.writeStringField("topic", type.topicName());
            g.writeStringField("type", type.typeName());
            g.writeStringField("source", type.source().name());
            g.writeArrayFieldStart("attempts");
            for (ResolutionAttempt a : type.attempts()) {
                g.writeStartObject();
                g.writeStringField("source", a.source().name());
                g.writeBooleanField("ok", a.succeeded());
                g.writeStringField("detail", a.detail());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("idl", idl);
            g.writeEndObject();
        });
    }
}
