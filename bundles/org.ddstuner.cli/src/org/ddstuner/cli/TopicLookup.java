package org.ddstuner.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.ddstuner.connection.Connection;
import org.ddstuner.samples.ImportedTypes;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.types.idl.IdlParseException;
import org.ddstuner.types.ros.RosMsgLibrary;

/**
 * What the topic commands share: discover the topic within --wait, import the person's IDL, resolve the
 * topic's type, and turn each failure into a message and an exit code (topic or type not found: 1, bad IDL:
 * 2).
 */
final class TopicLookup {

    /** After the topic first shows up, wait this much longer for the rest of its endpoints to arrive. */
    private static final long SETTLE_NANOS = 300_000_000L;
    /** TypeLookup gets at least this long even with a short --wait. */
    private static final Duration MIN_WIRE_TIMEOUT = Duration.ofSeconds(3);

    private TopicLookup() {
    }

    /**
     * Waits up to --wait for an application's endpoint on the topic, then a little longer for the
     * rest of them; returns the snapshot (own entities included, as the resolver and QoS deriver want).
     *
     * @throws CliException (exit 1) when the topic is not seen and no --type names its type
     */
    static SystemSnapshot discover(Connection c, TopicOptions o) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + (long) (o.common.waitSeconds * 1e9);
        long seenAt = -1;
        while (true) {
            SystemSnapshot s = c.model().snapshot(true);
            long now = System.nanoTime();
            if (seenAt < 0 && !peers(s, o.topic).isEmpty()) {
                seenAt = now;
            }
            if (seenAt >= 0 && (now - seenAt >= SETTLE_NANOS || now >= deadline)) {
                return s;
            }
            if (now >= deadline) {
                if (o.typeName != null) {
                    return s; // publishing to (or reading) a topic nobody uses yet, with a type the person named
                }
                throw new CliException(Main.EXIT_EXPECTATION, "topic '" + o.topic + "' not seen within "
                        + o.common.waitSeconds + " s on domain " + c.profile().domainId() + seenTopics(s)
                        + ". Wait longer (--wait S), check --domain/--config, or name the type with --type.");
            }
            Thread.sleep(20);
        }
    }

    /**
     * Alive endpoints of applications on the topic (not ours, not another DDS Tuner's: {@link Endpoint#hidden()}),
     * so another instance's probe alone does not count as the topic being in use.
     */
    static List<Endpoint> peers(SystemSnapshot s, String topic) {
        return s.endpoints().stream().filter(e -> e.topicName().equals(topic) && e.alive() && !e.hidden()).toList();
    }

    private static String seenTopics(SystemSnapshot s) {
        List<String> names = s.topics().stream().map(Topic::name).filter(n -> !n.startsWith("DCPS")).sorted().limit(20)
                .toList();
        return names.isEmpty() ? " (no topics seen at all)" : " (topics seen: " + String.join(", ", names) + ")";
    }

    /** The --idl files parsed; bad IDL is a usage error with file:line:column. */
    static ImportedTypes importIdl(List<Path> files) {
        ImportedTypes imported = new ImportedTypes();
        for (Path f : files) {
            try {
                imported.importFile(f);
            } catch (IdlParseException e) {
                throw new CliException(Main.EXIT_USAGE, "--idl: the IDL does not parse:\n" + e.getMessage());
            }
        }
        return imported;
    }

    /**
     * The ROS 2 messages of the --ros-msg-path folders (first folder first), else of a sourced ROS 2 installation
     * (AMENT_PREFIX_PATH), then the bundled ones.
     */
    static RosMsgLibrary rosMessages(List<Path> shares) {
        List<Path> dirs = shares.isEmpty() ? RosMsgLibrary.amentShareFolders(System.getenv("AMENT_PREFIX_PATH"))
                : shares;
        return dirs.isEmpty() ? RosMsgLibrary.builtin() : RosMsgLibrary.fromDirectories(dirs);
    }

    /**
     * Resolves the topic's type from the allowed sources.
     *
     * @throws CliException (exit 1) with every source's reason when none gave a type
     */
    static ResolvedType resolve(Connection c, TopicOptions o, ImportedTypes imported, Set<TypeSource> sources) {
        Duration wire = Duration.ofMillis((long) (o.common.waitSeconds * 1000));
        TypeResolver.Options opts = TypeResolver.Options.DEFAULT.withSources(sources.toArray(TypeSource[]::new))
                .withWireTimeout(wire.compareTo(MIN_WIRE_TIMEOUT) < 0 ? MIN_WIRE_TIMEOUT : wire)
                .withTypeName(o.typeName);
        try {
            return new TypeResolver(c, imported, rosMessages(o.rosMsgPaths)).resolve(o.topic, opts);
        } catch (TypeResolutionException e) {
            throw new CliException(Main.EXIT_EXPECTATION, "no type for topic '" + o.topic + "':\n"
                    + attempts(e.attempts()) + "\nImport its IDL with --idl FILE (and --type NAME if needed), or "
                    + "point --ros-msg-path at a ROS 2 share folder for ROS 2 types.");
        }
    }

    /** One line per source tried: {@code   WIRE failed: …}. */
    static String attempts(List<ResolutionAttempt> attempts) {
        return attempts.stream().map(a -> "  " + a.source() + (a.succeeded() ? " ok: " : " failed: ") + a.detail())
                .collect(Collectors.joining("\n"));
    }
}
