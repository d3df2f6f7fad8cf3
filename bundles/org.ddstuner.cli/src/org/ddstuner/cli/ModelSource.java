package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteRefusedException;
import org.ddstuner.system.SystemModel;

/**
 * Where ls and ps read the system model: a connection that joins the domain, or a remote agent's model mirrored by
 * {@link RemoteClient} (--remote). Both are a {@link SystemModel} fed by discovery, so the reports need not know which.
 */
interface ModelSource extends AutoCloseable {

    SystemModel model();

    @Override
    void close();

    static ModelSource local(ConnectionProfile profile) {
        ConnectionManager manager = ConnectionManager.get();
        Connection c = manager.open(profile);
        return new ModelSource() {
            @Override
            public SystemModel model() {
                return c.model();
            }

            @Override
            public void close() {
                manager.close(c);
            }
        };
    }

    /**
     * Connects to the agent (its model is in once this returns). A refusal — wrong token, changed fingerprint — is exit
     * 4 with the reason; an agent that cannot be reached is exit 3. A newly pinned certificate is reported on
     * {@code err}, as ssh does, so stdout stays the report.
     */
    static ModelSource remote(ClientOptions options, PrintStream err) {
        RemoteClient client = connect(options, err);
        return new ModelSource() {
            @Override
            public SystemModel model() {
                return client.model();
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /** Connects to the agent as {@link #remote} does (the same exits and the pinning note), for other commands. */
    static RemoteClient connect(ClientOptions options, PrintStream err) {
        RemoteClient client;
        try {
            client = RemoteClient.connect(options);
        } catch (RemoteRefusedException e) {
            throw new CliException(Main.EXIT_REFUSED, "refused (" + e.code() + "): " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, "cannot reach the agent at " + options.agent() + ": "
                    + e.getMessage());
        }
        if (client.pinnedNow()) {
            err.println("ddstuner: pinned the certificate of the agent at " + options.agent() + ", fingerprint "
                    + client.fingerprint() + ", in " + options.knownAgents());
            err.flush();
        }
        return client;
    }
}
