package org.ddstuner.update;

import java.net.URI;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.equinox.p2.core.IProvisioningAgent;
import org.eclipse.equinox.p2.core.IProvisioningAgentProvider;
import org.eclipse.equinox.p2.core.ProvisionException;
import org.eclipse.equinox.p2.engine.IProfile;
import org.eclipse.equinox.p2.engine.IProfileRegistry;
import org.eclipse.equinox.p2.engine.ProvisioningContext;
import org.eclipse.equinox.p2.metadata.IInstallableUnit;
import org.eclipse.equinox.p2.operations.ProvisioningJob;
import org.eclipse.equinox.p2.operations.ProvisioningSession;
import org.eclipse.equinox.p2.operations.Update;
import org.eclipse.equinox.p2.operations.UpdateOperation;
import org.eclipse.equinox.p2.query.QueryUtil;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * Updates an installed DDS Tuner from a p2 repository with p2's own {@link UpdateOperation} (what the stock
 * "Check for Updates" of the Eclipse SDK runs too). The installation is the p2 profile Tycho's
 * materialize-products wrote (config.ini: eclipse.p2.profile, eclipse.p2.data.area); the update replaces the
 * profile's root, the product IU {@value #PRODUCT_ID}, by a newer version and takes effect at the next start.
 */
public final class Updater {

    public static final String PRODUCT_ID = "org.ddstuner.product";

    private final IProvisioningAgent agent;
    private final String profileId;

    public Updater(IProvisioningAgent agent, String profileId) {
        this.agent = agent;
        this.profileId = profileId;
    }

    /** The running installation (profile SELF of the running p2 agent). */
    public static Updater forRunningProduct() throws ProvisionException {
        return new Updater(runningAgent(), IProfileRegistry.SELF);
    }

    /**
     * The running agent: p2.core registers it as a service when it starts with eclipse.p2.data.area set (an
     * installed product); otherwise a new agent on that default location.
     */
    private static IProvisioningAgent runningAgent() throws ProvisionException {
        BundleContext ctx = FrameworkUtil.getBundle(Updater.class).getBundleContext();
        startP2Services();
        ServiceReference<IProvisioningAgent> ref = ctx.getServiceReference(IProvisioningAgent.class);
        if (ref != null) {
            IProvisioningAgent a = ctx.getService(ref);
            if (a != null) {
                return a;
            }
        }
        ServiceReference<IProvisioningAgentProvider> pr = ctx.getServiceReference(IProvisioningAgentProvider.class);
        if (pr == null) {
            throw new ProvisionException("p2 is not running (no provisioning agent provider)");
        }
        return ctx.getService(pr).createAgent(null);
    }

    /**
     * p2's services (framework manipulator, bundles.info writer, transport, agent service factories) are
     * Declarative Services components of lazily activated bundles, and SCR only looks at started bundles: nothing
     * starts them in our product (no class of theirs is loaded before p2 looks the services up; without this the
     * engine fails with "Could not acquire the framework manipulator service"). Started transiently with their
     * activation policy, so they still activate only when used.
     */
    public static void startP2Services() {
        BundleContext ctx = FrameworkUtil.getBundle(Updater.class).getBundleContext();
        for (Bundle b : ctx.getBundles()) {
            String n = b.getSymbolicName();
            if (n != null && b.getState() == Bundle.RESOLVED && (n.startsWith("org.eclipse.equinox.p2.")
                    || n.startsWith("org.eclipse.equinox.frameworkadmin") || n.startsWith("org.eclipse.ecf")
                    || n.equals("org.eclipse.equinox.simpleconfigurator.manipulator"))) {
                try {
                    b.start(Bundle.START_TRANSIENT | Bundle.START_ACTIVATION_POLICY);
                } catch (BundleException | RuntimeException e) { // that service stays missing; p2 names it
                }
            }
        }
    }

    /** The installed product's version with its qualifier, or null when this runtime has no p2 profile. */
    public String installedVersion() {
        IProfile p = profile();
        if (p == null) {
            return null;
        }
        for (IInstallableUnit iu : p.query(QueryUtil.createIUQuery(PRODUCT_ID), null)) {
            return iu.getVersion().toString();
        }
        return null;
    }

    private IProfile profile() {
        IProfileRegistry registry = agent.getService(IProfileRegistry.class);
        return registry != null ? registry.getProfile(profileId) : null;
    }

    /** Looks at the site for a newer product; never throws (failures are a {@link UpdateCheck.Kind#FAILED}). */
    public UpdateCheck check(URI site, IProgressMonitor monitor) {
        String installed = installedVersion();
        if (installed == null) {
            return new UpdateCheck(UpdateCheck.Kind.NOT_INSTALLED, null, null, site,
                    "This DDS Tuner was not installed with p2 metadata (a development or test runtime): it cannot update itself.",
                    null);
        }
        try {
            UpdateOperation op = new UpdateOperation(new ProvisioningSession(agent));
            op.setProfileId(profileId);
            // only the configured site: not repositories some earlier run happened to know
            ProvisioningContext ctx = new ProvisioningContext(agent);
            ctx.setMetadataRepositories(site);
            ctx.setArtifactRepositories(site);
            op.setProvisioningContext(ctx);
            IStatus s = op.resolveModal(monitor);
            if (s.getCode() == UpdateOperation.STATUS_NOTHING_TO_UPDATE) {
                return new UpdateCheck(UpdateCheck.Kind.UP_TO_DATE, installed, null, site,
                        "DDS Tuner " + installed + " is the newest version on " + site + ".", null);
            }
            if (s.getSeverity() == IStatus.ERROR || s.getSeverity() == IStatus.CANCEL || !op.hasResolved()) {
                return new UpdateCheck(UpdateCheck.Kind.FAILED, installed, null, site,
                        "Could not look for updates on " + site + ": " + describe(s), null);
            }
            String available = null;
            for (Update u : op.getSelectedUpdates()) {
                if (PRODUCT_ID.equals(u.replacement.getId())) {
                    available = u.replacement.getVersion().toString();
                }
            }
            if (available == null) {
                return new UpdateCheck(UpdateCheck.Kind.UP_TO_DATE, installed, null, site,
                        "DDS Tuner " + installed + " is the newest version on " + site + ".", null);
            }
            return new UpdateCheck(UpdateCheck.Kind.UPDATE_AVAILABLE, installed, available, site,
                    "DDS Tuner " + available + " is available (installed: " + installed + ").", op);
        } catch (RuntimeException e) {
            return new UpdateCheck(UpdateCheck.Kind.FAILED, installed, null, site,
                    "Could not look for updates on " + site + ": " + e, null);
        }
    }

    /** Installs a found update into the profile; it takes effect when the product starts again. */
    public static IStatus install(UpdateCheck check, IProgressMonitor monitor) {
        if (check.operation() == null) {
            return Status.error("nothing to install: " + check.message());
        }
        ProvisioningJob job = check.operation().getProvisioningJob(monitor);
        if (job == null) {
            return Status.error("p2 offers no way to install " + check.available() + ": "
                    + describe(check.operation().getResolutionResult()));
        }
        return job.runModal(monitor);
    }

    /** A status with its children, in one line (p2's top status often says only "cannot complete"). */
    public static String describe(IStatus s) {
        if (s == null) {
            return "no status";
        }
        StringBuilder b = new StringBuilder(s.getMessage());
        if (s instanceof MultiStatus m) {
            for (IStatus c : m.getChildren()) {
                b.append("; ").append(describe(c));
            }
        }
        if (s.getException() != null && b.indexOf(String.valueOf(s.getException().getMessage())) < 0) {
            b.append(" (").append(s.getException()).append(')');
        }
        return b.toString();
    }
}
