package org.ddstuner.samples.ui.type;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.dds.TypeLookupTimeoutException;
import org.ddstuner.samples.FastDdsTypes;
import org.ddstuner.samples.ResolutionAttempt;
import org.ddstuner.samples.ResolvedType;
import org.ddstuner.samples.TypeResolutionException;
import org.ddstuner.samples.TypeResolver;
import org.ddstuner.samples.TypeSource;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * Finds the types of a topic's endpoints and remembers them per endpoint, so following the selection around
 * stays cheap. Each endpoint's type comes from the sources the Reader view uses, in the same order
 * ({@link TypeResolver}: known to this process, over the wire, imported IDL, ROS 2 message definition); only
 * the wire is asked per endpoint, so that endpoints using different versions of a type show them side by side.
 * Runs off the UI thread; no widgets here.
 */
public final class TypeLearning {

    /** How long one endpoint's peer gets to answer the TypeLookup request. */
    public static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(5);

    private static final TypeSource[] AFTER_WIRE = {TypeSource.IMPORTED, TypeSource.ROS_MSG, TypeSource.ROS_SERVICE};

    private final Map<Guid, EndpointType> known = new ConcurrentHashMap<>();

    /** Forgets everything learned (the "learn again" button). */
    public void forget() {
        known.clear();
    }

    /**
     * The endpoints of applications on {@code topic} in the snapshot, writers first: neither ours nor another
     * DDS Tuner's ({@link Endpoint#hidden()}), whose types are only echoes of what that tool learned.
     */
    public static List<Endpoint> endpointsOf(SystemSnapshot snapshot, String topic) {
        List<Endpoint> out = new ArrayList<>();
        for (Endpoint e : snapshot.endpoints()) {
            if (e.alive() && !e.hidden() && e.topicName().equals(topic)) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Boolean.compare(a.isReader(), b.isReader()));
        return out;
    }

    /**
     * Finds each endpoint's type, asking each peer participant over the wire at most once per call after it
     * failed to answer (a peer that did not answer for one endpoint will not for the next).
     *
     * @param cancelled checked between endpoints
     */
    public TopicTypes learn(Connection connection, SystemSnapshot snapshot, String topic, List<Endpoint> endpoints,
            BooleanSupplier cancelled) {
        List<EndpointType> out = new ArrayList<>();
        Call call = new Call(connection, TypeResolution.resolver(connection), topic);
        for (Endpoint e : endpoints) {
            if (cancelled.getAsBoolean()) {
                break;
            }
            EndpointType t = known.get(e.guid());
            if (t == null) {
                Attempt a = learn(call, snapshot, e);
                t = a.result();
                if (a.lasting()) {
                    known.put(e.guid(), t);
                }
            }
            out.add(t);
        }
        return TopicTypes.of(topic, out);
    }

    /** One try; {@code lasting} false when asking again later may succeed (the peer did not answer). */
    private record Attempt(EndpointType result, boolean lasting) {
    }

    /** What asking one endpoint over the wire gave: the type, or the attempt saying why not. */
    private record WireResult(LearnedType learned, ResolutionAttempt attempt, boolean lasting) {
    }

    /** What the resolver gave for a type name: the type, its IDL and source, or (type null) only the attempts. */
    private record Sourced(LearnedType type, String idl, TypeSource source, List<ResolutionAttempt> attempts) {
    }

    /**
     * One {@link #learn} call: the peers that did not answer, and what the resolver gave per type name (it does not
     * depend on the endpoint, and endpoints of one topic mostly share one type name).
     */
    private record Call(Connection connection, TypeResolver resolver, String topic, Map<Guid, String> silentPeers,
            Map<String, Sourced> resolved) {
        Call(Connection connection, TypeResolver resolver, String topic) {
            this(connection, resolver, topic, new HashMap<>(), new HashMap<>());
        }
    }

    private static Attempt learn(Call call, SystemSnapshot snapshot, Endpoint e) {
        String label = label(snapshot, e);
        List<ResolutionAttempt> tried = new ArrayList<>();
        EndpointType found = fromResolver(call, e, label, tried, TypeSource.LOCAL);
        if (found != null) {
            return new Attempt(found, true);
        }
        WireResult wire = wire(call.connection(), e, call.silentPeers());
        tried.add(wire.attempt());
        if (wire.learned() != null) {
            return new Attempt(new EndpointType(e, label, wire.learned(), IdlPrinter.print(wire.learned().library()),
                    TypeSource.WIRE, tried), true);
        }
        found = fromResolver(call, e, label, tried, AFTER_WIRE);
        if (found != null) {
            return new Attempt(found, wire.lasting());
        }
        // a failure is remembered only when no source said that asking again may help (e.g. a ROS 2 node whose
        // type description service had not answered yet): otherwise the next look asks again
        boolean lasting = wire.lasting() && tried.stream().noneMatch(ResolutionAttempt::mayChange);
        return new Attempt(EndpointType.failed(e, label, tried), lasting);
    }

    /**
     * The {@link TypeResolver} restricted to {@code sources} for the endpoint's type name; its attempts are added
     * to {@code tried}. Null when none of them gave the type.
     */
    private static EndpointType fromResolver(Call call, Endpoint e, String label, List<ResolutionAttempt> tried,
            TypeSource... sources) {
        Sourced r = call.resolved().computeIfAbsent(e.typeName() + "\n" + java.util.Arrays.toString(sources),
                k -> resolve(call, e.typeName(), sources));
        tried.addAll(r.attempts());
        return r.type() == null ? null : new EndpointType(e, label, r.type(), r.idl(), r.source(), tried);
    }

    private static Sourced resolve(Call call, String typeName, TypeSource... sources) {
        TypeResolver.Options options = TypeResolver.Options.DEFAULT.withTypeName(typeName).withSources(sources);
        try (ResolvedType r = call.resolver().resolve(call.topic(), options)) {
            ResolutionAttempt ok = r.attempts().getLast();
            String idl = "// " + Messages.fill(Messages.TYPE_SOURCE_COMMENT, ok.source().text(), ok.detail()) + "\n"
                    + IdlPrinter.print(r.library());
            return new Sourced(new LearnedType(r.typeName(), r.library()), idl, r.source(), r.attempts());
        } catch (TypeResolutionException none) {
            return new Sourced(null, "", null, none.attempts());
        } catch (RuntimeException other) {
            // the connection closed meanwhile, say: a reason rather than nothing
            return new Sourced(null, "", null, List.of(new ResolutionAttempt(sources[0], false,
                    Messages.fill(Messages.TYPE_FAILED, other.getMessage()), true)));
        }
    }

    private static WireResult wire(Connection connection, Endpoint e, Map<Guid, String> silentPeers) {
        if (!e.hasTypeInformation()) {
            return failed(Messages.fill(Messages.TYPE_NO_TYPE_INFO, e.vendor().name(), e.typeName()), true);
        }
        if (FastDdsTypes.isFastDds(e)) {
            return failed(Messages.fill(Messages.TYPE_FAST_DDS, e.typeName()), true); // would only wait out the timeout
        }
        String silent = silentPeers.get(e.participantGuid());
        if (silent != null) {
            return failed(silent, false);
        }
        try (TopicDescriptor d = TypeLearner.learn(connection.ownParticipant(), e.guid(), LOOKUP_TIMEOUT)) {
            LearnedType t = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
            return new WireResult(t, new ResolutionAttempt(TypeSource.WIRE, true, Messages.fill(Messages.TYPE_LEARNED,
                    t.typeName())), true);
        } catch (TypeLookupTimeoutException timeout) {
            silentPeers.put(e.participantGuid(), timeout.getMessage());
            return failed(timeout.getMessage(), false);
        } catch (XTypesFormatException bad) {
            return failed(Messages.fill(Messages.TYPE_UNREADABLE, bad.getMessage()), true);
        } catch (RuntimeException other) {
            // endpoint gone meanwhile, connection closed, an old libddsc: say so rather than show nothing
            return failed(Messages.fill(Messages.TYPE_FAILED, other.getMessage()), false);
        }
    }

    private static WireResult failed(String why, boolean lasting) {
        return new WireResult(null, new ResolutionAttempt(TypeSource.WIRE, false, why), lasting);
    }

    /** "writer sensor_writer of cyclone_peer". */
    static String label(SystemSnapshot snapshot, Endpoint e) {
        String who = snapshot.participant(e.participantGuid()).map(p -> p.displayName())
                .orElse(e.participantGuid().toString());
        return (e.isReader() ? "reader " : "writer ") + (e.name() != null ? e.name() + " of " : "") + who;
    }
}
