package org.ddstuner.map.ui;

import java.time.Instant;
import java.util.Set;
import java.util.function.Consumer;

import org.ddstuner.connection.SystemConnection;
import org.ddstuner.system.SystemModel;
import org.ddstuner.testsupport.synthetic.SyntheticDiscovery;

/**
 * A system of 20,000 endpoints for the map's view at scale: the discovery benchmarks' synthetic events applied to a
 * real {@link SystemModel} (the model, snapshots and views are the product's; only the DDS discovery is left out,
 * which the discovery-scale benchmark covers). Read-only: it offers no capability that needs a domain.
 */
final class SyntheticSystem implements SystemConnection {

    private final SystemModel model = new SystemModel();
    private final Instant opened = Instant.now();

    SyntheticSystem(int peers, int per, int topics) {
        model.start();
        model.applyAll(SyntheticDiscovery.events("flood", SyntheticDiscovery.CYCLONE_VENDOR, peers, per, topics));
    }

    @Override
    public String name() {
        return "Synthetic 20k";
    }

    @Override
    public String label() {
        return "Synthetic 20k (no DDS)";
    }

    @Override
    public String summary() {
        return "synthetic discovery events";
    }

    @Override
    public SystemModel model() {
        return model;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public Instant openedAt() {
        return opened;
    }

    @Override
    public Link link() {
        return new Link(LinkState.CONNECTED, opened, null);
    }

    @Override
    public void addLinkListener(Consumer<Link> l) {
        // the link never changes
    }

    @Override
    public void removeLinkListener(Consumer<Link> l) {
        // the link never changes
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public void close() {
        model.close();
    }
}
