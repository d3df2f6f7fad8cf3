package org.ddstuner.config.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.ScenarioWriter;
import org.ddstuner.config.scenario.ToolPermissions;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.swt.custom.BusyIndicator;

/**
 * "New Deployment": a Cyclone configuration by scenario, one page per concern. Finish writes the file only after
 * the loaded libddsc accepted it (checked in a private network namespace); otherwise the page shows Cyclone's
 * words and nothing is written.
 */
public final class DeploymentWizard extends Wizard {

    private final WizardModel model = new WizardModel();
    private final Path output;
    private GeneratedConfig written;
    private CheckReport lastReport;
    private final List<String> notes = new java.util.ArrayList<>();

    public DeploymentWizard(Path output) {
        this.output = output;
        setWindowTitle("New Deployment Configuration");
        setNeedsProgressMonitor(false);
    }

    @Override
    public void addPages() {
        addPage(new WizardPages.ScenarioPage(model));
        addPage(new NetworkPage(model));
        addPage(new NodesPage(model));
        addPage(new WizardPages.DiscoveryPage(model));
        addPage(new WizardPages.TransportPage(model));
        addPage(new WizardPages.LargeDataPage(model));
        addPage(new ThroughputPage(model));
        addPage(new WizardPages.SecurityPage(model));
        addPage(new WizardPages.TracingPage(model));
        addPage(new WizardPages.MonitorPage(model));
        addPage(new TryPage(model));
    }

    @Override
    public boolean performFinish() {
        if (model.nodes.size() >= 2) {
            return NodeFiles.finish(this, model, output, getShell(), (org.eclipse.jface.wizard.WizardPage) getContainer()
                    .getCurrentPage());
        }
        GeneratedConfig g;
        try {
            g = ScenarioWriter.write(model.effectiveScenario(), model.options());
        } catch (IllegalArgumentException e) {
            ((org.eclipse.jface.wizard.WizardPage) getContainer().getCurrentPage()).setErrorMessage(e.getMessage());
            return false;
        }
        notes.clear();
        List<Path> toolFiles = List.of();
        if (model.security && model.toolPermissions) {
            // written before the check: Cyclone reads the permissions when it creates the domain
            try {
                Path p7s = Path.of(model.securityFiles[5]);
                String key = model.permissionsCaKey;
                Path xml = ToolPermissions.write(p7s, model.toolSubject, List.of(), model.securityFiles[3],
                        key == null || key.isBlank() ? null : Path.of(key));
                toolFiles = key == null || key.isBlank() ? List.of(xml) : List.of(xml, p7s);
                notes.add(key == null || key.isBlank()
                        ? "Subscribe-only permissions for " + model.toolSubject + " written to " + xml + "; sign them "
                                + "into " + p7s + " before use: " + ToolPermissions.signCommand(xml.toString(),
                                        p7s.toString(), model.securityFiles[3], "PERMISSIONS_CA_KEY")
                        : "Subscribe-only permissions for " + model.toolSubject + " written to " + xml
                                + " and signed into " + p7s);
            } catch (IOException | RuntimeException e) {
                ((org.eclipse.jface.wizard.WizardPage) getContainer().getCurrentPage()).setErrorMessage(
                        "Cannot write the tool's permissions: " + e.getMessage());
                return false;
            }
        }
        boolean ok = checkAndWrite(g);
        if (!ok) {
            toolFiles.forEach(f -> f.toFile().delete());
        }
        return ok;
    }

    private boolean checkAndWrite(GeneratedConfig g) {
        CheckReport[] report = new CheckReport[1];
        String[] failure = new String[1];
        var node = model.node;
        BusyIndicator.showWhile(getShell().getDisplay(), () -> {
            try {
                report[0] = ConfigChecker.withDefaultLibrary().check(g.xml(), output.getFileName().toString(), node);
            } catch (CycloneJudge.UnavailableException e) {
                failure[0] = "Cannot check the file with Cyclone: " + e.getMessage();
            }
        });
        var page = (org.eclipse.jface.wizard.WizardPage) getContainer().getCurrentPage();
        if (failure[0] != null) {
            page.setErrorMessage(failure[0]);
            return false;
        }
        if (!report[0].valid()) {
            page.setErrorMessage("Cyclone " + report[0].libraryVersion() + " rejects it: " + report[0].problems().stream()
                    .map(p -> p.element() + ": " + p.message()).collect(Collectors.joining("; ")));
            return false;
        }
        try {
            Files.writeString(output, g.xml(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            page.setErrorMessage("Cannot write " + output + ": " + e.getMessage());
            return false;
        }
        written = g;
        lastReport = report[0];
        return true;
    }

    /** The check of what Finish wrote (against the network page's interfaces), or {@code null}. */
    public CheckReport lastReport() {
        return lastReport;
    }

    /** What Finish did beyond writing the file (the tool's permissions, how to sign them), for the view to show. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Finish of a deployment: what was written, its notes (NodeFiles). */
    void deploymentWritten(GeneratedConfig first, List<String> lines) {
        written = first;
        notes.clear();
        notes.addAll(lines);
    }

    /** The pages' choices (tests). */
    WizardModel model() {
        return model;
    }

    /** What Finish wrote, or {@code null}. */
    public GeneratedConfig written() {
        return written;
    }
}
