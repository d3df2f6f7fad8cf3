package org.ddstuner.update.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.update.UpdateCheck;
import org.ddstuner.update.UpdateSite;
import org.ddstuner.update.Updater;
import org.ddstuner.update.ui.UpdateDialog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.equinox.p2.core.IProvisioningAgent;
import org.eclipse.equinox.p2.core.IProvisioningAgentProvider;
import org.eclipse.equinox.p2.engine.IEngine;
import org.eclipse.equinox.p2.engine.IProfile;
import org.eclipse.equinox.p2.engine.IProfileRegistry;
import org.eclipse.equinox.p2.engine.IProvisioningPlan;
import org.eclipse.equinox.p2.engine.ProvisioningContext;
import org.eclipse.equinox.p2.metadata.IInstallableUnit;
import org.eclipse.equinox.p2.metadata.IProvidedCapability;
import org.eclipse.equinox.p2.metadata.IUpdateDescriptor;
import org.eclipse.equinox.p2.metadata.MetadataFactory;
import org.eclipse.equinox.p2.metadata.MetadataFactory.InstallableUnitDescription;
import org.eclipse.equinox.p2.metadata.Version;
import org.eclipse.equinox.p2.metadata.VersionRange;
import org.eclipse.equinox.p2.repository.artifact.IArtifactRepositoryManager;
import org.eclipse.equinox.p2.repository.metadata.IMetadataRepository;
import org.eclipse.equinox.p2.repository.metadata.IMetadataRepositoryManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * Check for Updates on a real p2 installation: a p2 agent and profile in a temp folder with the product IU of
 * version A installed as its root (as Tycho's materialize-products leaves it), a metadata repository in a folder
 * (file: URL) offering version B. The dialog shows what p2 resolved; Install runs p2's engine and the profile then
 * holds B. (The whole product updating itself, bundles and restart included: releng/scripts/update-test.sh.)
 */
class CheckForUpdatesTest {

    private static final String A = "0.10.0.202601010000";
    private static final String B = "0.10.0.202601020000";
    private static final String PROFILE = "UpdateTest";

    @TempDir
    Path tmp;

    @Test
    void helpMenuHasCheckForUpdatesBeforeAbout() {
        Menu bar = Ui.page().getWorkbenchWindow().getShell().getMenuBar();
        Menu help = null;
        for (MenuItem i : bar.getItems()) {
            if (i.getText().replace("&", "").equals("Help")) {
                help = i.getMenu();
            }
        }
        assertNotNull(help, "Help menu");
        help.notifyListeners(SWT.Show, new Event()); // the workbench fills contributed items when the menu shows
        Ui.spin(100);
        List<String> labels = new ArrayList<>();
        for (MenuItem i : help.getItems()) {
            labels.add(i.getText().replace("&", ""));
        }
        help.notifyListeners(SWT.Hide, new Event());
        int check = indexOf(labels, "Check for Updates");
        int about = indexOf(labels, "About");
        assertTrue(check >= 0 && about > check, "Help menu: " + labels);
    }

    private static int indexOf(List<String> labels, String prefix) {
        for (int i = 0; i < labels.size(); i++) {
            if (labels.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void findsNewerBuildOnFolderSiteShowsItInstallsIt() throws Exception {
        IProvisioningAgent agent = agent(tmp.resolve("p2"));
        IProfile profile = installedProductA(agent);
        assertNotNull(profile);
        URI site = siteWithB(agent, tmp.resolve("site"));

        Updater updater = new Updater(agent, PROFILE);
        assertEquals(A, updater.installedVersion());
        UpdateCheck check = updater.check(site, new NullProgressMonitor());
        assertEquals(UpdateCheck.Kind.UPDATE_AVAILABLE, check.kind(), check.message());
        assertEquals(B, check.available());

        UpdateDialog d = new UpdateDialog(Ui.page().getWorkbenchWindow().getShell(), check,
                new UpdateSite.Location(site, "environment variable " + UpdateSite.ENV));
        d.setBlockOnOpen(false);
        d.open();
        Map<String, String> values = new HashMap<>();
        Button[] install = new Button[1];
        walk(d.getShell(), values, install);
        assertEquals(A, values.get("Installed"));
        assertEquals(B, values.get("Available"));
        assertEquals(site.toString(), values.get("Update site"));
        assertNotNull(install[0], "Install and Restart button");
        Ui.screenshot("check-for-updates-available");
        install[0].notifyListeners(SWT.Selection, new Event());
        Ui.spin(100);
        assertEquals(UpdateDialog.INSTALL_ID, d.getReturnCode());

        // what the handler does next (then it offers the restart)
        IStatus s = Updater.install(check, new NullProgressMonitor());
        assertTrue(s.getSeverity() < IStatus.ERROR, Updater.describe(s));
        assertEquals(B, updater.installedVersion());
        UpdateCheck again = updater.check(site, new NullProgressMonitor());
        assertEquals(UpdateCheck.Kind.UP_TO_DATE, again.kind(), again.message());

        UpdateDialog upToDate = new UpdateDialog(Ui.page().getWorkbenchWindow().getShell(), again,
                new UpdateSite.Location(site, "environment variable " + UpdateSite.ENV));
        upToDate.setBlockOnOpen(false);
        upToDate.open();
        try {
            Map<String, String> v2 = new HashMap<>();
            Button[] none = new Button[1];
            walk(upToDate.getShell(), v2, none);
            assertEquals(B, v2.get("Installed"));
            assertEquals(null, none[0], "no Install button when up to date");
            Ui.screenshot("check-for-updates-up-to-date");
        } finally {
            upToDate.close();
        }
    }

    /**
     * The menu's command end to end (handler, progress, dialog) in this test runtime, which Tycho did not install
     * with p2: the dialog says it cannot update. The handler waits in the dialog's event loop; a timer reads the
     * dialog, takes the screenshot and closes it.
     */
    @Test
    void commandInRuntimeNotInstalledWithP2SaysItCannotUpdate() throws Exception {
        Display display = Ui.display();
        UpdateCheck[] seen = new UpdateCheck[1];
        List<String> other = new ArrayList<>();
        long until = System.currentTimeMillis() + 60_000;
        Runnable[] poll = new Runnable[1];
        poll[0] = () -> {
            for (Shell s : display.getShells()) {
                if (s.getData() instanceof UpdateDialog d && seen[0] == null) {
                    seen[0] = d.check();
                    Ui.screenshot("check-for-updates-not-installed");
                    d.close();
                    return;
                }
                if ("Check for Updates".equals(s.getText()) && !(s.getData() instanceof UpdateDialog)) {
                    other.add(String.valueOf(s.getData())); // an error box instead of the dialog
                    s.close();
                    return;
                }
            }
            if (System.currentTimeMillis() < until) {
                display.timerExec(100, poll[0]);
            }
        };
        display.timerExec(100, poll[0]);
        IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
        handlers.executeCommand("org.ddstuner.update.ui.check", null);
        assertNotNull(seen[0], "no Check for Updates dialog; other shells: " + other);
        System.out.println("check in the test runtime: " + seen[0].kind() + " " + seen[0].message());
        assertEquals(UpdateCheck.Kind.NOT_INSTALLED, seen[0].kind(), seen[0].message());
    }

    @Test
    void siteLocationComesFromPropertyThenPreferenceAndTakesFolderPaths() {
        String old = System.getProperty(UpdateSite.PROPERTY);
        try {
            System.setProperty(UpdateSite.PROPERTY, tmp.toString());
            UpdateSite.Location l = UpdateSite.resolve();
            assertEquals(tmp.toUri(), l.uri());
            assertTrue(l.from().contains(UpdateSite.PROPERTY), l.from());
            System.clearProperty(UpdateSite.PROPERTY);
            if (System.getenv(UpdateSite.ENV) == null) {
                // the product's plugin_customization.ini (the test runs the product) gives the default
                UpdateSite.Location def = UpdateSite.resolve();
                assertTrue(def.from().contains("plugin_customization"), def.from());
                assertEquals("https://ddstuner.org/updates/", def.uri().toString());
            }
        } finally {
            if (old != null) {
                System.setProperty(UpdateSite.PROPERTY, old);
            }
        }
    }

    private static void walk(Control c, Map<String, String> values, Button[] install) {
        if (c instanceof Text t && t.getData("name") != null) {
            values.put((String) t.getData("name"), t.getText());
        }
        if (c instanceof Button b && b.getText().replace("&", "").startsWith("Install")) {
            install[0] = b;
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                walk(child, values, install);
            }
        }
    }

    private static IProvisioningAgent agent(Path location) throws Exception {
        Updater.startP2Services();
        BundleContext ctx = FrameworkUtil.getBundle(Updater.class).getBundleContext();
        IProvisioningAgentProvider provider = ctx.getService(ctx.getServiceReference(IProvisioningAgentProvider.class));
        return provider.createAgent(location.toUri());
    }

    /** The product IU as the p2 publisher makes it: provides itself, updates any lower version of itself. */
    private static IInstallableUnit product(String version) {
        Version v = Version.create(version);
        InstallableUnitDescription d = new InstallableUnitDescription();
        d.setId(Updater.PRODUCT_ID);
        d.setVersion(v);
        d.setProperty(InstallableUnitDescription.PROP_TYPE_PRODUCT, "true");
        d.setCapabilities(new IProvidedCapability[] {
                MetadataFactory.createProvidedCapability(IInstallableUnit.NAMESPACE_IU_ID, Updater.PRODUCT_ID, v) });
        d.setUpdateDescriptor(MetadataFactory.createUpdateDescriptor(Updater.PRODUCT_ID,
                new VersionRange(Version.emptyVersion, true, v, false), IUpdateDescriptor.NORMAL, null));
        return MetadataFactory.createInstallableUnit(d);
    }

    private IProfile installedProductA(IProvisioningAgent agent) throws Exception {
        IProfileRegistry registry = agent.getService(IProfileRegistry.class);
        Map<String, String> props = new HashMap<>();
        props.put(IProfile.PROP_INSTALL_FOLDER, tmp.resolve("install").toString());
        props.put(IProfile.PROP_ENVIRONMENTS, "osgi.os=linux,osgi.ws=gtk,osgi.arch=x86_64");
        IProfile profile = registry.addProfile(PROFILE, props);
        IEngine engine = agent.getService(IEngine.class);
        IInstallableUnit a = product(A);
        IProvisioningPlan plan = engine.createPlan(profile, new ProvisioningContext(agent));
        plan.addInstallableUnit(a);
        plan.setInstallableUnitProfileProperty(a, IProfile.PROP_PROFILE_ROOT_IU, "true");
        IStatus s = engine.perform(plan, new NullProgressMonitor());
        assertTrue(s.isOK(), Updater.describe(s));
        return registry.getProfile(PROFILE);
    }

    private static URI siteWithB(IProvisioningAgent agent, Path folder) throws Exception {
        URI site = folder.toUri();
        IMetadataRepository repo = agent.getService(IMetadataRepositoryManager.class).createRepository(site,
                "DDS Tuner " + B, IMetadataRepositoryManager.TYPE_SIMPLE_REPOSITORY, Map.of());
        repo.addInstallableUnits(List.of(product(B)));
        agent.getService(IArtifactRepositoryManager.class).createRepository(site, "DDS Tuner " + B,
                IArtifactRepositoryManager.TYPE_SIMPLE_REPOSITORY, Map.of());
        return site;
    }
}
