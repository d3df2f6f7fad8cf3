package org.ddstuner.testsupport.live;

import java.util.ArrayDeque;
import java.util.Deque;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.testsupport.NetNs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the tests with real participants and foreign peers: each test runs in the private network
 * namespace, opens real connections with the loopback-only profile, registers what it starts (peers,
 * readers, writers) with {@link #closeAfterTest}, and everything is closed afterwards, last first, even
 * when an assertion failed. The first failure to close is thrown, later ones are added as suppressed.
 */
public abstract class LiveConnectionTest {

    private final Deque<AutoCloseable> toClose = new ArrayDeque<>();

    @BeforeEach
    public final void requirePrivateNetwork() {
        NetNs.requireIsolated();
    }

    /** Opens a loopback-only connection to {@code domainId}, named after the test class; closed after the test. */
    protected final Connection connect(int domainId) {
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(ConnectionProfile.loopback(getClass().getSimpleName(), domainId));
        toClose.push(() -> manager.close(c));
        return c;
    }

    /** Closes {@code resource} after the test, before anything registered earlier. */
    protected final <T extends AutoCloseable> T closeAfterTest(T resource) {
        toClose.push(resource);
        return resource;
    }

    @AfterEach
    public final void closeEverything() throws Exception {
        Exception first = null;
        while (!toClose.isEmpty()) {
            try {
                toClose.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
