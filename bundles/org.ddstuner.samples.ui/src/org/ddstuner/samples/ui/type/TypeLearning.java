package org.ddstuner.samples.ui.type;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Guid;
import org.ddstuner.dds.TopicDescriptor;
import org.ddstuner.dds.TypeLearner;
import org.ddstuner.dds.TypeLookupTimeoutException;
import org.ddstuner.samples.FastDdsTypes;
import org.ddstuner.samples.RosTypeService;
import org.ddstuner.samples.ui.Messages;
import org.ddstuner.samples.ui.common.RosMessageFolders;
import org.ddstuner.samples.ui.common.TypeResolution;
import org.ddstuner.system.Endpoint;
import org.ddstuner.system.SystemSnapshot;
import org.ddstuner.types.TypeLibrary;
import org.ddstuner.types.idl.IdlPrinter;
import org.ddstuner.types.ros.RosMsgException;
import org.ddstuner.types.ros.RosMsgLibrary;
import org.ddstuner.types.ros.RosNames;
import org.ddstuner.types.xtypes.LearnedType;
import org.ddstuner.types.xtypes.TypeObjectConverter;
import org.ddstuner.types.xtypes.XTypesFormatException;

/**
 * Learns the types of a topic's endpoints over the wire (XTypes TypeLookup through the connection's own
 * participant) and remembers them per endpoint, so following the selection around stays cheap. Runs
 * off the UI thread; no widgets here.
 */
public final class TypeLearning {

    /** How long one endpoint's peer gets to answer the TypeLookup request. */
    public static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(5);

    private final Map<Guid, EndpointType> known = new ConcurrentHashMap<>();

    /** Forgets everything learned (the "learn again" button). */
    public void forget() {
        known.clear();
    }

    /** The endpoints of other applications on {@code topic} in the snapshot, writers first. */
    public static List<Endpoint> endpointsOf(SystemSnapshot snapshot, String topic) {
        List<Endpoint> out = new ArrayList<>();
        for (Endpoint e : snapshot.endpoints()) {
            if (e.alive() && !e.own() && e.topicName().equals(topic)) {
                out.add(e);
            }
        }
        out.sort((a, b) -> Boolean.compare(a.isReader(), b.isReader()));
        return out;
    }

    /**
     * Learns each endpoint's type, asking each peer participant at most once per call after it failed to
     * answer (a peer that did not answer for one endpoint will not for the next).
     *
     * @param cancelled checked between endpoints
     */
    public TopicTypes learn(Connection connection, SystemSnapshot snapshot, String topic, List<Endpoint> endpoints,
            BooleanSupplier cancelled) {
        List<EndpointType> out = new ArrayList<>();
        Map<Guid, String> silentPeers = new HashMap<>();
        for (Endpoint e : endpoints) {
            if (cancelled.getAsBoolean()) {
                break;
            }
            EndpointType t = known.get(e.guid());
            if (t == null) {
                String silent = silentPeers.get(e.participantGuid());
                if (silent != null) {
                    t = EndpointType.failed(e, label(snapshot, e), silent);
                } else {
                    Attempt a = learn(connection, snapshot, e);
                    t = a.result();
                    if (a.lasting()) {
                        known.put(e.guid(), t);
                    } else {
                        silentPeers.put(e.participantGuid(), t.failure());
                    }
                }
            }
            out.add(t);
        }
        return TopicTypes.of(topic, out);
    }

    /** One try; {@code lasting} false when asking again later may succeed (the peer did not answer). */
    private record Attempt(EndpointType result, boolean lasting) {
    }

    private static Attempt learn(Connection connection, SystemSnapshot snapshot, Endpoint e) {
        String label = label(snapshot, e);
        if (!e.hasTypeInformation()) {
            return new Attempt(EndpointType.failed(e, label, Messages.fill(Messages.TYPE_NO_TYPE_INFO,
                    e.vendor().name(), e.typeName())), true);
        }
        if (FastDdsTypes.isFastDds(e)) {
            return knownHere(connection, e, label); // a TypeLookup would only wait out the timeout
        }
        try (TopicDescriptor d = TypeLearner.learn(connection.ownParticipant(), e.guid(), LOOKUP_TIMEOUT)) {
            LearnedType t = TypeObjectConverter.learn(d.typeInformation(), d.typeMapping());
            return new Attempt(EndpointType.learned(e, label, t, IdlPrinter.print(t.library())), true);
        } catch (TypeLookupTimeoutException timeout) {
            return new Attempt(EndpointType.failed(e, label, timeout.getMessage()), false);
        } catch (XTypesFormatException bad) {
            return new Attempt(EndpointType.failed(e, label, Messages.fill(Messages.TYPE_UNREADABLE, bad.getMessage())),
                    true);
        } catch (RuntimeException other) {
            // endpoint gone meanwhile, connection closed, an old libddsc: say so rather than show nothing
            return new Attempt(EndpointType.failed(e, label, Messages.fill(Messages.TYPE_FAILED, other.getMessage())),
                    false);
        }
    }

    /**
     * A Fast DDS endpoint's type as imported IDL or a ROS 2 message definition declares it, else as the ROS 2 node
     * describes it through its type description service (Fast DDS does not answer libddsc's TypeLookup requests, see
     * {@link FastDdsTypes}), the IDL saying where it came from. Not lasting when the node did not answer in time.
     */
    static Attempt knownHere(Connection connection, Endpoint e, String label) {
        Optional<TypeLibrary> imported = TypeResolution.importedTypes().find(e.typeName());
        if (imported.isPresent()) {
            return new Attempt(known(e, label, imported.get(), Messages.fill(Messages.TYPE_FROM_IDL,
                    TypeResolution.importedTypes().origin(e.typeName()).orElse("?"))), true);
        }
        String rosName = RosNames.rosName(e.typeName());
        if (rosName == null) {
            return new Attempt(EndpointType.failed(e, label, Messages.fill(Messages.TYPE_FAST_DDS, e.typeName(), "")),
                    true);
        }
        String noMsg;
        try {
            RosMsgLibrary ros = RosMessageFolders.library();
            TypeLibrary lib = ros.load(rosName);
            String mismatch = RosTypeService.hashMismatch(lib, e.typeName(), List.of(e));
            if (mismatch != null) {
                throw new RosMsgException(ros.describe(rosName) + ": " + mismatch);
            }
            return new Attempt(known(e, label, lib, Messages.fill(Messages.TYPE_FROM_ROS, ros.describe(rosName))),
                    true);
        } catch (RosMsgException | RuntimeException notThere) {
            noMsg = Messages.fill(Messages.TYPE_NO_ROS_MSG, notThere.getMessage());
        }
        List<RosTypeService.Node> nodes = RosTypeService.awaitNodes(connection, List.of(e),
                RosTypeService.DISCOVERY_WAIT);
        String why = RosTypeService.typeHash(e) == null ? Messages.TYPE_NO_TYPE_HASH : Messages.TYPE_NO_TYPE_SERVICE;
        boolean lasting = true;
        for (RosTypeService.Node node : nodes.subList(0, Math.min(nodes.size(), 4))) {
            try {
                TypeLibrary lib = RosTypeService.ask(connection.ownParticipant(), node, rosName, LOOKUP_TIMEOUT);
                return new Attempt(known(e, label, lib, Messages.fill(Messages.TYPE_FROM_ROS_SERVICE, node.name(),
                        rosName)), true);
            } catch (RosTypeService.Unavailable silent) {
                why = silent.getMessage();
                lasting = false; // the node may answer next time
            }
        }
        return new Attempt(EndpointType.failed(e, label, Messages.fill(Messages.TYPE_FAST_DDS, e.typeName(), noMsg
                + Messages.fill(Messages.TYPE_NO_ROS_SERVICE, why))), lasting);
    }

    private static EndpointType known(Endpoint e, String label, TypeLibrary lib, String from) {
        LearnedType t = new LearnedType(e.typeName(), lib);
        return EndpointType.learned(e, label, t, "// " + from + "\n" + IdlPrinter.print(lib));
    }

    /** "writer sensor_writer of cyclone_peer". */
    static String label(SystemSnapshot snapshot, Endpoint e) {
        String who = snapshot.participant(e.participantGuid()).map(p -> p.displayName())
                .orElse(e.participantGuid().toString());
        return (e.isReader() ? "reader " : "writer ") + (e.name() != null ? e.name() + " of " : "") + who;
    }
}
