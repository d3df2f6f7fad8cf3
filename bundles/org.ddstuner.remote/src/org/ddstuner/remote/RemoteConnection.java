package org.ddstuner.remote;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.system.SystemModel;

/**
 * A connection through a remote agent ({@code ddstuner serve}), for the views: the {@link RemoteClient}'s mirrored
 * model (which keeps the last picture while the link is down and catches up after it, resumed from the last
 * sequence number) and its link status. Of the {@link SystemConnection.Capability capabilities} of a local
 * connection this one has those the agent carries out for it: reading samples and type information always, writing
 * samples when the agent grants {@code write} (its operations, PROTOCOL.md "Operations"). Benchmarks between the
 * remote system's Pother agents go through the agent's own operations ({@code org.ddstuner.pother.remote}), not
 * through this connection's domain; so do health watches ({@code org.ddstuner.health.remote}) and the statistics of
 * applications' tuning agents ({@code agent-stats}).
 */
public final class RemoteConnection implements SystemConnection {

    private final String name;
    private final RemoteClient client;
    private final Instant openedAt = Instant.now();
    private Instant downSince;
    private final Map<Consumer<Link>, Consumer<RemoteClient.Status>> listeners = new ConcurrentHashMap<>();

    public RemoteConnection(String name, RemoteClient client) {
        this.name = name;
        this.client = client;
    }

    public RemoteClient client() {
        return client;
    }

    @Override
    public String name() {
        return name;
    }

    /** "Robot (agent 10.0.0.5:7700)". */
    @Override
    public String label() {
        return name + " (agent " + client.options().agent() + ")";
    }

    @Override
    public String summary() {
        Fingerprint f = client.fingerprint();
        return "remote agent " + client.options().agent() + (f != null ? ", certificate " + f : "");
    }

    @Override
    public SystemModel model() {
        return client.model();
    }

    @Override
    public boolean isOpen() {
        return client.status().state() != RemoteClient.State.CLOSED;
    }

    @Override
    public Instant openedAt() {
        return openedAt;
    }

    @Override
    public Link link() {
        return link(client.status());
    }

    /**
     * The client's status as the views show it: every reconnect attempt is a new "connecting" status there, but
     * the person wants to know since when the picture is old, so a link down stays "disconnected" from the first
     * loss until it is up again.
     */
    private synchronized Link link(RemoteClient.Status s) {
        switch (s.state()) {
            case CONNECTED -> {
                downSince = null;
                return new Link(LinkState.CONNECTED, s.since(), null);
            }
            case DISCONNECTED, CONNECTING -> {
                if (s.state() == RemoteClient.State.CONNECTING && downSince == null) {
                    return new Link(LinkState.CONNECTING, s.since(), s.reason());
                }
                if (downSince == null) {
                    downSince = s.since();
                }
                return new Link(LinkState.DISCONNECTED, downSince, s.reason());
            }
            case REFUSED -> {
                return new Link(LinkState.REFUSED, s.since(), s.reason());
            }
            default -> {
                return new Link(LinkState.CLOSED, s.since(), null);
            }
        }
    }

    @Override
    public void addLinkListener(Consumer<Link> l) {
        Consumer<RemoteClient.Status> c = s -> l.accept(link(s));
        listeners.put(l, c);
        client.addStatusListener(c);
    }

    @Override
    public void removeLinkListener(Consumer<Link> l) {
        Consumer<RemoteClient.Status> c = listeners.remove(l);
        if (c != null) {
            client.removeStatusListener(c);
        }
    }

    /**
     * Samples the agent reads ({@link RemoteClient#subscribe}) and the types it resolves ({@code type-info}); writes
     * when the agent grants {@code write} ({@code write-sample}); QoS tuning of the readers/writers this client made
     * there when it grants {@code qos} ({@code set-endpoint-qos}).
     */
    @Override
    public Set<Capability> capabilities() {
        java.util.EnumSet<Capability> caps = java.util.EnumSet.of(Capability.READ_SAMPLES, Capability.TYPE_INFO);
        if (client.agentCapabilities().contains(org.ddstuner.remote.Capability.WRITE.id())) {
            caps.add(Capability.WRITE_SAMPLES);
        }
        if (client.agentCapabilities().contains(org.ddstuner.remote.Capability.QOS.id())) {
            caps.add(Capability.TUNE_QOS); // of the readers/writers this client creates on the agent
        }
        return caps;
    }

    @Override
    public String unavailable(Capability c) {
        String t = c.text();
        String why = c == Capability.WRITE_SAMPLES ? "the agent was not started with --allow write"
                : c == Capability.TUNE_QOS ? "the agent was not started with --allow qos"
                : "the remote agent does not serve it yet";
        return Character.toUpperCase(t.charAt(0)) + t.substring(1) + " is not available on " + label() + ": " + why
                + ". Connect to the domain directly (a local profile) for it.";
    }

    /** Logs out (the agent frees this client's streams and queue) and closes the mirrored model. */
    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return label();
    }
}
