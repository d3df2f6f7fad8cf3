package org.ddstuner.config.ui;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The deployment's nodes, NAME=ADDRESS per line: with two or more, Finish writes one file per node (as
 * {@code config new --node … --output-dir} does) beside the chosen file, each checked against that node's interfaces
 * where they are known here.
 */
final class NodesPage extends ExplainedPage {

    NodesPage(WizardModel m) {
        super("nodes", "Nodes", "One file per node of the deployment?",
                "List the hosts as NAME=ADDRESS, one per line (two or more; leave empty for a single file). Each node "
                        + "gets NAME.xml beside the chosen file, naming its own address as its interface and the others "
                        + "as unicast peers, and its CYCLONEDDS_URI line. Each is checked by Cyclone, and against that "
                        + "node's interfaces where known: asked from its agent when a Remote agent profile names its "
                        + "address, else this host's for an address of this host, or the node the network page listed; "
                        + "the others say why they were not checked.", m);
    }

    @Override
    void fill(Composite c) {
        new Label(c, SWT.NONE).setText("Nodes:");
        Text t = new Text(c, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
        t.setText(String.join("\n", model.nodes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        t.setMessage("robot-a=10.0.0.11\nrobot-b=10.0.0.12");
        GridDataFactory.fillDefaults().grab(true, false).hint(SWT.DEFAULT, 110).applyTo(t);
        t.addModifyListener(e -> {
            Map<String, String> nodes = new LinkedHashMap<>();
            for (String line : t.getText().split("\\R")) {
                String l = line.strip();
                if (l.isEmpty()) {
                    continue;
                }
                int eq = l.indexOf('=');
                if (eq <= 0 || eq == l.length() - 1) {
                    setErrorMessage("Nodes: NAME=ADDRESS per line, not \"" + l + "\"");
                    return;
                }
                nodes.put(l.substring(0, eq).strip(), l.substring(eq + 1).strip());
            }
            setErrorMessage(null);
            model.nodes = nodes;
        });
    }
}
