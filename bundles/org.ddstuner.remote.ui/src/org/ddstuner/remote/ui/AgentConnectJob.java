package org.ddstuner.remote.ui;

import java.io.IOException;
import java.util.Optional;

import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.CertificateProbe;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Fingerprint;
import org.ddstuner.remote.KnownAgents;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.RemoteConnection;
import org.ddstuner.remote.RemoteRefusedException;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

/**
 * Connects to a remote agent off the UI thread: on first use shows the certificate's fingerprint to trust (nothing
 * but the TLS handshake happens before the person says yes), refuses a changed certificate with both fingerprints,
 * logs in with the token and adds the {@link RemoteConnection} to the open connections. From then on the client
 * reconnects by itself (backoff, resume).
 */
public final class AgentConnectJob extends Job {

    /** Family of every agent connect job, so tests and shutdown can wait for them. */
    public static final Object FAMILY = AgentConnectJob.class;

    private final AgentProfile profile;
    private final String token;
    private final FingerprintPrompt prompt;
    private volatile String error;
    private volatile RemoteConnection connection;

    public AgentConnectJob(AgentProfile profile, String token) {
        this(profile, token, FingerprintPrompt.dialog());
    }

    public AgentConnectJob(AgentProfile profile, String token, FingerprintPrompt prompt) {
        super(String.format(Messages.CONNECTING, profile.address()));
        this.profile = profile;
        this.token = token;
        this.prompt = prompt;
        setUser(false);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        LiveSystems.connecting(profile.name(), true);
        try {
            ClientOptions o = profile.clientOptions(token);
            KnownAgents known = new KnownAgents(o.knownAgents());
            Optional<Fingerprint> pinned = o.caFile() != null ? Optional.empty() : known.lookup(o.agent());
            if (pinned.isEmpty() && o.caFile() == null) { // a CA-trusted agent is not pinned, nothing to ask
                Fingerprint seen = CertificateProbe.fingerprint(o);
                if (!prompt.trust(o.agent(), seen, o.knownAgents())) {
                    return Status.CANCEL_STATUS;
                }
                o = o.withTrustFingerprint(seen); // pinned by the client once the handshake saw it again
            }
            RemoteClient client;
            try {
                client = RemoteClient.connect(o);
            } catch (RemoteRefusedException e) {
                if (Protocol.FINGERPRINT_CHANGED.equals(e.code()) && pinned.isPresent()) {
                    fail(String.format(Messages.CHANGED, o.agent(), pinned.get(), presented(o), o.knownAgents()));
                    return Status.OK_STATUS;
                }
                throw e;
            }
            RemoteConnection c = new RemoteConnection(profile.name(), client);
            try {
                ConnectionManager.get().add(c);
            } catch (IllegalStateException e) {
                c.close();
                throw e;
            }
            connection = c;
            return Status.OK_STATUS;
        } catch (IOException | RuntimeException e) {
            fail(String.format(Messages.FAILED, profile.name(), profile.address(),
                    e.getMessage() != null ? e.getMessage() : e.toString()));
            return Status.OK_STATUS; // reported in a dialog; a second one from the job framework would repeat it
        } finally {
            LiveSystems.connecting(profile.name(), false);
        }
    }

    private static String presented(ClientOptions o) {
        try {
            return CertificateProbe.fingerprint(o).toString();
        } catch (IOException e) {
            return "(could not be read again: " + e.getMessage() + ")";
        }
    }

    private void fail(String text) {
        error = text;
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> {
            if (display.isDisposed()) {
                return;
            }
            var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            Shell shell = window != null ? window.getShell() : null;
            MessageDialog.openError(shell, Messages.FAILED_TITLE, text);
        });
    }

    /** After the job: what went wrong (as shown to the person), or null. */
    public String error() {
        return error;
    }

    /** After the job: the connection it opened, or null. */
    public RemoteConnection connection() {
        return connection;
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
