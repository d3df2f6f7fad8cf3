package org.ddstuner.config.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.config.check.CheckReport;
import org.ddstuner.config.check.ConfigChecker;
import org.ddstuner.config.check.ConfigProblem;
import org.ddstuner.config.check.CycloneJudge;
import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.scenario.Deployment;
import org.ddstuner.config.scenario.GeneratedConfig;
import org.ddstuner.config.scenario.SocketLimits;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.swt.widgets.Shell;

/**
 * The wizard's Finish for a deployment: one file per node ({@link Deployment}, as {@code config new --node}), each
 * checked by Cyclone and against that node's interfaces where known (its own agent's, {@link NodeAgents}, this host's
 * or the network page's node); nothing is written unless every file passes.
 */
final class NodeFiles {

    private NodeFiles() {
    }

    static boolean finish(DeploymentWizard w, WizardModel model, Path output, Shell shell, WizardPage page) {
        Map<String, GeneratedConfig> files;
        try {
            files = Deployment.write(model.effectiveScenario(), model.options(), model.nodes, SocketLimits.ofThisHost());
        } catch (IllegalArgumentException e) {
            page.setErrorMessage(e.getMessage());
            return false;
        }
        Path dir = output.toAbsolutePath().getParent();
        List<String> errors = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        NodeInterfaces here = NodeInterfaces.thisHost();
        BusyIndicator.showWhile(shell.getDisplay(), () -> {
            for (var e : files.entrySet()) {
                String address = model.nodes.get(e.getKey());
                // the node's own agent first (a profile names it), then this host, then the network page's node
                NodeAgents.Answer asked = NodeAgents.ask(address);
                NodeInterfaces node = asked.node() != null ? asked.node() : has(here, address) ? here
                        : model.node != null && !model.node.local() && has(model.node, address) ? model.node : null;
                try {
                    CheckReport r = ConfigChecker.withDefaultLibrary().check(e.getValue().xml(),
                            dir.resolve(e.getKey() + ".xml").toString(), node == null ? here : node);
                    for (ConfigProblem p : r.problems()) {
                        if (p.kind().invalid() || p.kind() == ConfigProblem.Kind.INTERFACE_MISSING && node != null) {
                            errors.add(e.getKey() + ": " + p.element() + ": " + p.message());
                        }
                    }
                    notes.add(e.getKey() + ": accepted by Cyclone " + r.libraryVersion() + "; interfaces "
                            + (node == null ? "not checked (" + asked.reason() + "; " + address + " is not on this host)"
                                    : "checked against " + node.where()));
                } catch (CycloneJudge.UnavailableException ex) {
                    errors.add("Cannot check the files with Cyclone: " + ex.getMessage());
                    return;
                }
            }
        });
        if (!errors.isEmpty()) {
            page.setErrorMessage(String.join("; ", errors));
            return false;
        }
        try {
            for (var e : files.entrySet()) {
                Path f = dir.resolve(e.getKey() + ".xml");
                Files.writeString(f, e.getValue().xml(), StandardCharsets.UTF_8);
                notes.add(e.getKey() + ": " + GeneratedConfig.cycloneddsUri(f));
            }
        } catch (IOException e) {
            page.setErrorMessage("Cannot write to " + dir + ": " + e.getMessage());
            return false;
        }
        files.values().iterator().next().warnings().forEach(x -> notes.add("WARNING: " + x));
        w.deploymentWritten(files.values().iterator().next(), notes);
        return true;
    }

    private static boolean has(NodeInterfaces n, String address) {
        return n.nics().stream().anyMatch(nic -> nic.addresses().contains(address));
    }
}
