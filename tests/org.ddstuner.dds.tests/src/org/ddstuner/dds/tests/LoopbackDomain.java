package org.ddstuner.dds.tests;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.Domain;
import org.ddstuner.dds.Participant;
import org.ddstuner.dds.Qos;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One loopback-only {@link Domain} shared by the tests of a class: created before the class's own
 * {@code @BeforeAll} methods and closed (with every participant in it) after its {@code @AfterAll} methods.
 * Each class passes its own domain id, so classes never see each other's entities.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final LoopbackDomain domain = new LoopbackDomain(DOMAIN);
 * </pre>
 */
final class LoopbackDomain implements BeforeAllCallback, AfterAllCallback {

    private final int id;
    private Domain domain;

    LoopbackDomain(int id) {
        this.id = id;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        domain = Domain.create(id, CycloneConfig.loopbackOnly());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    /**
     * Closes the domain now, for a class whose {@code @AfterAll} must delete the participants before
     * something they use (a topic descriptor); afterAll then has nothing left to do.
     */
    void close() {
        if (domain != null) {
            domain.close();
            domain = null;
        }
    }

    /** The open domain; fails if used outside the class's tests. */
    Domain get() {
        if (domain == null) {
            throw new IllegalStateException("domain " + id + " is open only while the test class runs");
        }
        return domain;
    }

    Participant createParticipant() {
        return get().createParticipant();
    }

    Participant createParticipant(Qos qos) {
        return get().createParticipant(qos);
    }
}
