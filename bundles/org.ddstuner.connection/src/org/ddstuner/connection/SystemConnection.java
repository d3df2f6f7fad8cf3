package org.ddstuner.connection;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import org.ddstuner.system.SystemModel;

/**
 * What the views need of an open system, wherever it is: a {@link SystemModel} kept current, whether the link to it
 * is up, and what else the connection can do. A local {@link Connection} joins the domain itself and can do
 * everything; a remote-agent connection mirrors the agent's model and can do what the agent's protocol serves.
 * Views ask {@link #can} before they use more than the model and say plainly when the connection cannot.
 */
public interface SystemConnection extends AutoCloseable {

    /** What a connection can do beyond showing the system model. */
    enum Capability {
        /** Learn a topic's type (over the wire, IDL, ROS 2 messages): the Type view. */
        TYPE_INFO("type information"),
        /** Read a topic's samples: the Reader view. */
        READ_SAMPLES("reading samples"),
        /** Write samples and create own readers/writers: the Writer view, "Create Reader/Writer…". */
        WRITE_SAMPLES("writing samples"),
        /** Change the QoS of the tool's own readers/writers: the QoS Tuning view. */
        TUNE_QOS("QoS tuning"),
        /** Run Pother benchmarks in the connection's domain. */
        BENCHMARKS("benchmarks");

        private final String text;

        Capability(String text) {
            this.text = text;
        }

        /** "type information", for "… is not available on …". */
        public String text() {
            return text;
        }
    }

    /** The state of the link to the system: always up for a local connection. */
    enum LinkState { CONNECTED, CONNECTING, DISCONNECTED, REFUSED, CLOSED }

    /**
     * @param state  the state
     * @param since  when it began
     * @param reason why (disconnected, refused), or null
     */
    record Link(LinkState state, Instant since, String reason) {
        public boolean up() {
            return state == LinkState.CONNECTED;
        }
    }

    /** The profile's name, unique among open connections ("Local demo", "Robot agent"). */
    String name();

    /** "Local demo (domain 77)", "Robot agent (agent 10.0.0.5:7700)". */
    String label();

    /** One line about where the system is, for the Details view ("domain 77, loopback only"). */
    String summary();

    /** The model the views read (for a remote connection: the mirror, which keeps the last picture when cut off). */
    SystemModel model();

    boolean isOpen();

    Instant openedAt();

    /** The link to the system now. */
    Link link();

    /** {@code l} is called, on any thread, whenever {@link #link()} changes. */
    void addLinkListener(Consumer<Link> l);

    void removeLinkListener(Consumer<Link> l);

    /** What this connection can do beyond the model. */
    Set<Capability> capabilities();

    default boolean can(Capability c) {
        return capabilities().contains(c);
    }

    /** "Type information is not available on Robot agent (remote agent, protocol 1)": why {@code c} is missing. */
    default String unavailable(Capability c) {
        String t = c.text();
        return Character.toUpperCase(t.charAt(0)) + t.substring(1) + " is not available on " + label() + ".";
    }

    /** The local connection (own participant, domain) when this is one. */
    default Optional<Connection> local() {
        return this instanceof Connection c ? Optional.of(c) : Optional.empty();
    }

    @Override
    void close();
}
