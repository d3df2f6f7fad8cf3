package org.ddstuner.samples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.samples.internal.Descriptors;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.ProcessInfo;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.system.Topic;
import org.ddstuner.system.Vendor;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.ros.RosMsgException;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.ros.RosNames;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeObjectConverter;

/**
 * Finds a type for a topic, trying in order: {@link TypeSource#LOCAL} (a library registered in
 * {@link LocalTypes}, for topics written only from this process), {@link TypeSource#WIRE} (XTypes
 * TypeLookup to a discovered writer of the topic, else a reader), {@link TypeSource#IMPORTED} (the person's IDL),
 * {@link TypeSource#ROS_MSG} (ROS 2 message definitions by the type name on the wire: the person's ROS 2 folders,
 * else the bundled ones, see {@link RosMsgLibrary#describe}), {@link TypeSource#ROS_SERVICE} (the
 * {@code ~/get_type_description} service of the ROS 2 node with the topic's writer, see {@link RosTypeService}) and
 * {@link TypeSource#RAW} (bytes only). Each failure is kept with its reason in
 * {@link ResolvedType#attempts()}.
 *
 * <p>Fast DDS (and ROS 2 over rmw_fastrtps) answers only TypeLookup requests addressed to it, which libddsc
 * 0.10 sends only while matching one of our typed readers with a peer of another type — and it aborts the process
 * on Fast DDS's reply for types with nested types ({@link FastDdsTypes}). So WIRE skips Fast DDS endpoints at once
 * (the attempt says so) and the type comes from imported IDL, a ROS 2 message definition or the ROS 2 node's type
 * description service; descriptors made
 * from those carry no type information when they differ from the Fast DDS peer's, so libddsc never asks.
 * {@link #resolveFromWire} still asks them: it succeeds once the same type is known here (a reader of ours
 * with the ROS 2 message's type, whose type identifiers equal the peer's).
 *
 * <p>Not thread-safe: one call at a time per instance (every view and command makes its own).
 *
 * <p>Calls block for up to {@link Options#wireTimeout()} per endpoint asked: run them off the UI thread.
 */
public final class TypeResolver {

    /** Ask at most this many peers over the wire (each can cost the whole timeout). */
    private static final int MAX_WIRE_PEERS = 3;
    /** Ask at most this many ROS 2 nodes' type description services (a silent one costs the whole timeout). */
    private static final int MAX_SERVICE_NODES = 4;

    /**
     * @param wireTimeout   how long one TypeLookup (or one ROS 2 node's type description service) may take
     * @param sources       the sources to try (in the fixed order LOCAL, WIRE, IMPORTED, ROS_MSG, ROS_SERVICE, RAW)
     * @param typeName      the type name to resolve when the topic carries several (or is not discovered
     *                      at all, e.g. publishing to a topic nobody uses yet); {@code null}: the one the
     *                      writers use, else the readers
     * @param forceWire     ask Fast DDS peers even without a reader of ours on the topic
     */
    public record Options(Duration wireTimeout, Set<TypeSource> sources, String typeName, boolean forceWire) {

        public static final Options DEFAULT = new Options(Duration.ofSeconds(5), Set.of(TypeSource.values()), null,
                false);

        public Options {
            sources = Set.copyOf(sources);
        }

        public Options withWireTimeout(Duration d) {
            return new Options(d, sources, typeName, forceWire);
        }

        public Options withSources(TypeSource... s) {
            return new Options(wireTimeout, Set.of(s), typeName, forceWire);
        }

        public Options withTypeName(String name) {
            return new Options(wireTimeout, sources, name, forceWire);
        }

        public Options withForceWire(boolean force) {
            return new Options(wireTimeout, sources, typeName, force);
        }
    }

    private final Connection connection;
    private final ImportedTypes imported;
    private final RosMsgLibrary ros;
    private final LocalTypes local;

    /** With the bundled ROS 2 message definitions and this process's {@link LocalTypes#get() local types}. */
    public TypeResolver(Connection connection, ImportedTypes imported) {
        this(connection, imported, RosMsgLibrary.builtin());
    }

    public TypeResolver(Connection connection, ImportedTypes imported, RosMsgLibrary ros) {
        this(connection, imported, ros, LocalTypes.get());
    }

    public TypeResolver(Connection connection, ImportedTypes imported, RosMsgLibrary ros, LocalTypes local) {
        this.connection = connection;
        this.imported = imported;
        this.ros = ros;
        this.local = local;
    }

    /** {@link #resolve(String, Options)} with {@link Options#DEFAULT}. */
    public ResolvedType resolve(String topic) {
        return resolve(topic, Options.DEFAULT);
    }

    /**
     * Resolves the type of {@code topic} from the first source that gives one.
     *
     * @throws TypeResolutionException when no allowed source gives a type (RAW not allowed, or the type name
     *                                 is unknown), with every attempt
     */
    public ResolvedType resolve(String topic, Options options) {
        SystemSnapshot snap = connection.model().snapshot(true);
        List<ResolutionAttempt> attempts = new ArrayList<>();
        String typeName = typeNameOf(snap, topic, options.typeName());
        if (typeName == null) {
            attempts.add(ResolutionAttempt.failed(TypeSource.WIRE, "topic '" + topic
                    + "' has no discovered writer or reader, and no type name was given"));
            throw new TypeResolutionException(topic, attempts);
        }
        if (options.sources().contains(TypeSource.LOCAL)) {
            ResolvedType r = fromLocal(snap, topic, typeName, attempts);
            if (r != null) {
                return r;
            }
        }
        if (options.sources().contains(TypeSource.WIRE)) {
            ResolvedType r = fromWire(snap, topic, typeName, options, attempts);
            if (r != null) {
                return r;
            }
        }
        if (options.sources().contains(TypeSource.IMPORTED)) {
            Optional<TypeLibrary> lib = imported.find(typeName);
            if (lib.isEmpty()) {
                attempts.add(ResolutionAttempt.failed(TypeSource.IMPORTED, imported.names().isEmpty()
                        ? "no IDL imported" : "no imported IDL declares " + typeName + " (imported: "
                                + String.join(", ", imported.names()) + ")"));
            } else {
                ResolvedType r = fromModel(topic, typeName, TypeSource.IMPORTED, lib.get(),
                        "declared in " + imported.origin(typeName).orElse("imported IDL"), attempts);
                if (r != null) {
                    return r;
                }
            }
        }
        if (options.sources().contains(TypeSource.ROS_MSG)) {
            ResolvedType r = fromRos(snap, topic, typeName, attempts);
            if (r != null) {
                return r;
            }
        }
        if (options.sources().contains(TypeSource.ROS_SERVICE)) {
            ResolvedType r = fromRosService(snap, topic, typeName, options, attempts);
            if (r != null) {
                return r;
            }
        }
        if (options.sources().contains(TypeSource.RAW)) {
            ResolvedType r = untyped(snap, topic, typeName, attempts);
            if (r != null) {
                return r;
            }
        }
        throw new TypeResolutionException(topic, attempts);
    }

    /**
     * Asks the peers on the topic for its type over the wire only, Fast DDS peers included: for ROS 2 / Fast DDS
     * topics this answers once a reader of ours with the identical type exists (see the class comment).
     *
     * @throws TypeResolutionException when no peer answered, with the reason per peer
     */
    public ResolvedType resolveFromWire(String topic, Duration timeout) {
        return resolve(topic, Options.DEFAULT.withSources(TypeSource.WIRE).withWireTimeout(timeout).withForceWire(true));
    }

    /** The type name the topic's writers use (most common first), else its readers', else {@code wanted}. */
    static String typeNameOf(SystemSnapshot snap, String topic, String wanted) {
        if (wanted != null) {
            return wanted;
        }
        Optional<Topic> t = snap.topic(topic);
        if (t.isEmpty()) {
            return null;
        }
        List<Endpoint> eps = others(snap, topic);
        for (boolean writers : new boolean[] {true, false}) {
            for (Endpoint e : eps) {
                if (e.isReader() != writers) {
                    return e.typeName();
                }
            }
        }
        return t.get().typeNames().isEmpty() ? null : t.get().typeNames().get(0);
    }

    /**
     * Alive endpoints of applications on the topic: another DDS Tuner's ({@link Endpoint#hidden()}) only echo a
     * type they learned themselves, so they neither name the type nor get asked for it over the wire.
     */
    private static List<Endpoint> others(SystemSnapshot snap, String topic) {
        return snap.endpoints().stream().filter(e -> e.topicName().equals(topic) && e.alive() && !e.hidden()).toList();
    }

    /** LOCAL: a registered library, when every writer (else reader) of the topic lives in this process. */
    private ResolvedType fromLocal(SystemSnapshot snap, String topic, String typeName, List<ResolutionAttempt> attempts) {
        List<Endpoint> eps = others(snap, topic).stream().filter(e -> e.typeName().equals(typeName)).toList();
        List<Endpoint> writers = eps.stream().filter(e -> !e.isReader()).toList();
        List<Endpoint> basis = writers.isEmpty() ? eps : writers;
        String who = writers.isEmpty() ? "reader" : "writer";
        if (basis.isEmpty()) {
            attempts.add(ResolutionAttempt.failed(TypeSource.LOCAL, "no " + typeName + " endpoint on '" + topic
                    + "' is discovered"));
            return null;
        }
        List<Endpoint> foreign = basis.stream().filter(e -> !inThisProcess(snap, e)).toList();
        if (!foreign.isEmpty()) {
            attempts.add(ResolutionAttempt.failed(TypeSource.LOCAL, foreign.size() + " of " + basis.size() + " " + who
                    + "(s) live in other processes (e.g. " + snap.participant(foreign.get(0).participantGuid())
                            .map(p -> p.process().processText() + " on " + p.process().hostText()).orElse("unknown")
                    + "): their own type counts"));
            return null;
        }
        Optional<LocalTypes.Found> found = local.find(typeName, connection);
        if (found.isEmpty()) {
            List<String> providers = local.providers(connection);
            attempts.add(ResolutionAttempt.failed(TypeSource.LOCAL, "every " + who + " lives in this process, but no "
                    + "library registered here declares " + typeName + (providers.isEmpty() ? " (none registered)"
                            : " (registered: " + String.join(", ", providers) + ")")));
            return null;
        }
        return fromModel(topic, typeName, TypeSource.LOCAL, found.get().library(), "registered by "
                + found.get().provider() + " (every " + who + " lives in this process)", attempts);
    }

    /**
     * Whether the endpoint's participant runs in this process: created through our domain (the demo, an
     * embedded application), or announcing our pid on the host our own participants announce.
     */
    private boolean inThisProcess(SystemSnapshot snap, Endpoint e) {
        Set<Guid> ours = new HashSet<>();
        connection.domain().participants().forEach(p -> ours.add(p.guid()));
        ours.add(connection.ownParticipant().guid());
        if (ours.contains(e.participantGuid())) {
            return true;
        }
        Optional<ProcessInfo> theirs = snap.participant(e.participantGuid()).map(p -> p.process());
        if (theirs.isEmpty() || theirs.get().pid() != ProcessHandle.current().pid() || theirs.get().host() == null) {
            return false;
        }
        return ours.stream().map(snap::participant).flatMap(Optional::stream).map(p -> p.process().host())
                .anyMatch(theirs.get().host()::equals);
    }

    private ResolvedType fromWire(SystemSnapshot snap, String topic, String typeName, Options options,
            List<ResolutionAttempt> attempts) {
        List<Endpoint> candidates = new ArrayList<>();
        List<Endpoint> eps = others(snap, topic).stream().filter(e -> e.typeName().equals(typeName)).toList();
        eps.stream().filter(e -> !e.isReader()).forEach(candidates::add);
        eps.stream().filter(Endpoint::isReader).forEach(candidates::add);
        if (candidates.isEmpty()) {
            attempts.add(ResolutionAttempt.failed(TypeSource.WIRE, "no other writer or reader of " + typeName
                    + " on '" + topic + "' is discovered"));
            return null;
        }
        // own(), not hidden(): only a reader of this process means libddsc here already fetched the type
        boolean ownReader = snap.endpoints().stream()
                .anyMatch(e -> e.own() && e.isReader() && e.alive() && e.topicName().equals(topic));
        Set<Guid> askedPeers = new HashSet<>();
        for (Endpoint e : candidates) {
            String who = e.kind().text() + " " + e.guid() + " (" + e.vendor().name() + ")";
            if (!e.hasTypeInformation()) {
                attempts.add(ResolutionAttempt.failed(TypeSource.WIRE, who + " sent no XTypes type information"
                        + (inThisProcess(snap, e) ? " (libddsc never announces it for endpoints in this process: "
                                + "their types come from LocalTypes)" : "")));
                continue;
            }
            if (e.participantGuid().vendorId() == Vendor.FAST_DDS && !ownReader && !options.forceWire()) {
                attempts.add(ResolutionAttempt.failed(TypeSource.WIRE, who + ": " + FastDdsTypes.NOT_ASKED));
                continue;
            }
            if (askedPeers.size() >= MAX_WIRE_PEERS || !askedPeers.add(e.participantGuid())) {
                continue;
            }
            TopicDescriptor d = null;
            try {
                d = TypeLearner.learn(connection.ownParticipant(), e.guid(), options.wireTimeout());
                LearnedType learned = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
                attempts.add(ResolutionAttempt.ok(TypeSource.WIRE, "learned " + learned.typeName() + " from " + who));
                return new ResolvedType(topic, learned.typeName(), TypeSource.WIRE, learned.library(), d, attempts);
            } catch (RuntimeException ex) {
                if (d != null) {
                    d.close();
                }
                // a peer that did not answer in time, or went away meanwhile: another try may succeed
                attempts.add(ResolutionAttempt.failedForNow(TypeSource.WIRE, who + ": " + message(ex)));
            }
        }
        if (attempts.isEmpty() || attempts.getLast().source() != TypeSource.WIRE) {
            attempts.add(ResolutionAttempt.failed(TypeSource.WIRE, "no endpoint to ask"));
        }
        return null;
    }

    /**
     * A stand-in type that receives the bytes: keyed or keyless as the writers' GUIDs say (Cyclone matches a
     * keyed reader only with keyed writers), else the readers'.
     */
    private static ResolvedType untyped(SystemSnapshot snap, String topic, String typeName,
            List<ResolutionAttempt> attempts) {
        List<Endpoint> eps = others(snap, topic).stream().filter(e -> e.typeName().equals(typeName)).toList();
        List<Endpoint> writers = eps.stream().filter(e -> !e.isReader()).toList();
        List<Endpoint> basis = writers.isEmpty() ? eps : writers;
        long keyed = basis.stream().filter(e -> e.guid().hasKey()).count();
        boolean key = keyed * 2 > basis.size(); // the majority when peers disagree (the note says so)
        StringBuilder why = new StringBuilder("samples shown as bytes with guessed values; ");
        why.append(basis.isEmpty() ? "no peer discovered: keyless" : (key ? "keyed" : "keyless") + " like the "
                + (writers.isEmpty() ? "readers" : "writers") + (key ? " (instances group by the first key byte only)" : ""));
        long mismatched = key ? basis.size() - keyed : keyed;
        if (mismatched > 0) {
            why.append("; ").append(mismatched).append(" peer(s) ").append(key ? "without" : "with")
                    .append(" a key will not match");
        }
        why.append("; only @final encodings (CDR, CDR2) arrive, @appendable/@mutable samples are dropped by libddsc");
        try {
            TopicDescriptor d = TopicDescriptor.untyped(typeName, key);
            attempts.add(ResolutionAttempt.ok(TypeSource.RAW, why.toString()));
            return new ResolvedType(topic, typeName, TypeSource.RAW, TypeLibrary.empty(), d, attempts);
        } catch (RuntimeException e) {
            attempts.add(ResolutionAttempt.failed(TypeSource.RAW, message(e)));
            return null;
        }
    }

    private ResolvedType fromRos(SystemSnapshot snap, String topic, String typeName, List<ResolutionAttempt> attempts) {
        String rosName = RosNames.rosName(typeName);
        if (rosName == null) {
            attempts.add(ResolutionAttempt.failed(TypeSource.ROS_MSG, typeName
                    + " is not a ROS 2 message type name (like std_msgs::msg::dds_::String_)"));
            return null;
        }
        TypeLibrary lib;
        try {
            lib = ros.load(rosName);
        } catch (RosMsgException e) {
            attempts.add(ResolutionAttempt.failed(TypeSource.ROS_MSG, e.getMessage()));
            return null;
        }
        String mismatch = RosTypeService.hashMismatch(lib, typeName, others(snap, topic).stream()
                .filter(e -> e.typeName().equals(typeName)).toList());
        if (mismatch != null) {
            attempts.add(ResolutionAttempt.failed(TypeSource.ROS_MSG, ros.describe(rosName) + ": " + mismatch));
            return null;
        }
        return fromModel(topic, typeName, TypeSource.ROS_MSG, lib, ros.describe(rosName), attempts);
    }

    /**
     * ROS_SERVICE: the {@code ~/get_type_description} service of the nodes in the participants of the topic's writers
     * (else readers), each asked with the type hash its endpoint announces, until one describes the type.
     */
    private ResolvedType fromRosService(SystemSnapshot snap, String topic, String typeName, Options options,
            List<ResolutionAttempt> attempts) {
        String rosName = RosNames.rosName(typeName);
        if (rosName == null) {
            attempts.add(ResolutionAttempt.failed(TypeSource.ROS_SERVICE, typeName
                    + " is not a ROS 2 message type name (like std_msgs::msg::dds_::String_)"));
            return null;
        }
        List<Endpoint> eps = others(snap, topic).stream().filter(e -> e.typeName().equals(typeName)).toList();
        List<Endpoint> writers = eps.stream().filter(e -> !e.isReader()).toList();
        List<Endpoint> basis = writers.isEmpty() ? eps : writers;
        if (basis.stream().noneMatch(e -> RosTypeService.typeHash(e) != null)) {
            attempts.add(ResolutionAttempt.failed(TypeSource.ROS_SERVICE, "no " + typeName + " endpoint on '" + topic
                    + "' announces a ROS 2 type hash (USER_DATA typehash=RIHS01_...; ROS 2 Iron or later)"));
            return null;
        }
        List<RosTypeService.Node> nodes = RosTypeService.awaitNodes(connection, basis, RosTypeService.DISCOVERY_WAIT);
        if (nodes.isEmpty()) {
            // the node's service endpoints may simply not be discovered yet
            attempts.add(ResolutionAttempt.failedForNow(TypeSource.ROS_SERVICE, "no ROS 2 node in the participant of the "
                    + (writers.isEmpty() ? "readers" : "writers") + " of '" + topic + "' serves ~/get_type_description "
                    + "(ROS 2 Iron or later; off when the node's parameter start_type_description_service is false)"));
            return null;
        }
        List<String> why = new ArrayList<>();
        for (RosTypeService.Node node : nodes.subList(0, Math.min(nodes.size(), MAX_SERVICE_NODES))) {
            try {
                TypeLibrary lib = RosTypeService.ask(connection.ownParticipant(), node, rosName, options.wireTimeout());
                return fromModel(topic, typeName, TypeSource.ROS_SERVICE, lib, "ROS 2 type description service of node "
                        + node.name() + " (" + rosName + ", " + node.typeHash() + ")", attempts);
            } catch (RosTypeService.Unavailable e) {
                why.add(e.getMessage());
            }
        }
        // no answer in time, or a node busy starting: another try may succeed
        attempts.add(ResolutionAttempt.failedForNow(TypeSource.ROS_SERVICE, String.join("; ", why)));
        return null;
    }

    /**
     * The type of {@code topic} from imported IDL alone, with no connection and nobody asked: for samples read from a
     * file (a recording's schema) rather than from a domain.
     *
     * @throws TypeResolutionException when no imported IDL declares {@code typeName} or it makes no descriptor
     */
    public static ResolvedType fromImported(String topic, String typeName, ImportedTypes imported) {
        TypeLibrary lib = imported.find(typeName).orElseThrow(() -> new TypeResolutionException(topic,
                List.of(ResolutionAttempt.failed(TypeSource.IMPORTED, "no imported IDL declares " + typeName))));
        String origin = "declared in " + imported.origin(typeName).orElse("imported IDL");
        try {
            Descriptors.Made made = Descriptors.fromModel(lib, typeName, "read from a file");
            return new ResolvedType(topic, typeName, TypeSource.IMPORTED, lib, made.descriptor(),
                    List.of(ResolutionAttempt.ok(TypeSource.IMPORTED, origin)));
        } catch (RuntimeException e) {
            throw new TypeResolutionException(topic, List.of(ResolutionAttempt.failed(TypeSource.IMPORTED, origin
                    + ": cannot make a topic descriptor: " + message(e))));
        }
    }

    private ResolvedType fromModel(String topic, String typeName, TypeSource source, TypeLibrary lib,
            String what, List<ResolutionAttempt> attempts) {
        try {
            Descriptors.Made made = Descriptors.fromModel(lib, typeName,
                    FastDdsTypes.typeInfoUnsafe(connection, connection.model().snapshot(true), topic, lib, typeName));
            attempts.add(ResolutionAttempt.ok(source, what + (made.typeInfoProblem() == null ? ""
                    : " (" + made.typeInfoProblem() + ")")));
            return new ResolvedType(topic, typeName, source, lib, made.descriptor(), attempts);
        } catch (RuntimeException e) {
            attempts.add(ResolutionAttempt.failed(source, what + ": cannot make a topic descriptor: " + message(e)));
            return null;
        }
    }

    static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
