package org.ddstuner.connection;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.PreconditionNotMetException;
import org.ddstuner.dds.Qos;
import org.ddstuner.demo.DemoSystem;
import org.ddstuner.system.DiscoveryFeed;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.ToolMarker;

/**
 * One live connection: the tool's own participant in a domain, the discovery feed that keeps a
 * {@link SystemModel} of that domain up to date, and — for the local demo — the demo system. The tool's
 * participant only reads built-in topics: it never writes to the monitored system.
 */
public final class Connection implements SystemConnection {

    /**
     * Entity name of the participant DDS Tuner itself creates (flagged as "own" and hidden by default; other
     * DDS Tuner instances recognise it by its USER_DATA, {@link ToolMarker}, and hide it as a tool's).
     */
    public static final String OWN_PARTICIPANT_NAME = "DDS Tuner";

    private final ConnectionProfile profile;
    private final Domain domain;
    private final SystemModel model;
    private final Participant own;
    private final DiscoveryFeed feed;
    private final DemoSystem demo;
    private final boolean ownsDomain;
    private final Instant openedAt = Instant.now();
    private volatile boolean open = true;

    private Connection(ConnectionProfile profile, Domain domain, SystemModel model, Participant own, DiscoveryFeed feed,
            DemoSystem demo, boolean ownsDomain) {
        this.profile = profile;
        this.ownsDomain = ownsDomain;
        this.domain = domain;
        this.model = model;
        this.own = own;
        this.feed = feed;
        this.demo = demo;
    }

    /**
     * Opens a connection: creates the domain with the profile's configuration, the tool's own
     * participant and the discovery feed, and starts the demo system if the profile asks for it.
     *
     * @throws org.ddstuner.dds.InvalidConfigException     bad configuration (message has line and column)
     * @throws org.ddstuner.dds.DdsLibraryNotFoundException libddsc is not installed
     * @throws org.ddstuner.dds.DdsException               Cyclone refused (e.g. domain already open here)
     */
    static Connection open(ConnectionProfile profile) {
        String xml = profile.connectionConfigXml();
        boolean ownsDomain = true;
        Domain domain;
        try {
            domain = Domain.create(profile.domainId(), xml);
        } catch (PreconditionNotMetException e) {
            // Already open in this process (e.g. a test or an embedded application): join it if the
            // configuration is ours or the profile's plain one (without topic discovery), and leave it open
            // when we disconnect.
            ownsDomain = false;
            try {
                domain = Domain.open(profile.domainId(), xml);
            } catch (PreconditionNotMetException different) {
                domain = Domain.open(profile.domainId(), profile.configXml());
            }
        }
        SystemModel model = null;
        DiscoveryFeed feed = null;
        DemoSystem demo = null;
        Participant own = null;
        try {
            // No property QoS: Cyclone then announces __Hostname/__ProcessName/__Pid itself (see ToolMarker)
            own = domain.createParticipant(Qos.EMPTY.withEntityName(OWN_PARTICIPANT_NAME).with(ToolMarker.userData()));
            model = new SystemModel();
            model.addOwnParticipant(own.guid());
            model.start();
            feed = DiscoveryFeed.start(own, model);
            if (profile.startDemo()) {
                demo = DemoSystem.start(domain, e -> System.err.println("DDS Tuner demo: " + e));
            }
            return new Connection(profile, domain, model, own, feed, demo, ownsDomain);
        } catch (RuntimeException e) {
            if (demo != null) {
                demo.close();
            }
            if (feed != null) {
                feed.close();
            }
            if (model != null) {
                model.close();
            }
            if (ownsDomain) {
                domain.close();
            } else if (own != null) {
                own.close();
            }
            throw e;
        }
    }

    private static final Set<Capability> ALL = EnumSet.allOf(Capability.class);

    public ConnectionProfile profile() {
        return profile;
    }

    @Override
    public SystemModel model() {
        return model;
    }

    /** The tool's own participant (for readers/writers the tool creates on the user's behalf). */
    public Participant ownParticipant() {
        return own;
    }

    public Domain domain() {
        return domain;
    }

    public boolean hasDemo() {
        return demo != null;
    }

    @Override
    public Instant openedAt() {
        return openedAt;
    }

    /** "Local demo (domain 77)". */
    @Override
    public String label() {
        return profile.name() + " (domain " + profile.domainId() + ")";
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public String name() {
        return profile.name();
    }

    @Override
    public String summary() {
        return profile.summary();
    }

    /** Joined locally: the link is the process itself, up until closed. */
    @Override
    public Link link() {
        return new Link(open ? LinkState.CONNECTED : LinkState.CLOSED, openedAt, null);
    }

    @Override
    public void addLinkListener(Consumer<Link> l) {
        // never changes but by close(), which the connection manager announces
    }

    @Override
    public void removeLinkListener(Consumer<Link> l) {
        // see addLinkListener
    }

    @Override
    public Set<Capability> capabilities() {
        return ALL;
    }

    @Override
    public synchronized void close() {
        if (!open) {
            return;
        }
        open = false;
        if (demo != null) {
            demo.close();
        }
        feed.close();
        model.close();
        if (ownsDomain) {
            domain.close();
        } else {
            own.close();
        }
    }

    @Override
    public String toString() {
        return label();
    }
}
