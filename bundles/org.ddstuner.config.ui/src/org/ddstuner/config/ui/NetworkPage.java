package org.ddstuner.config.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.remote.HostInterfacesOperation;
import org.ddstuner.config.scenario.HostInterfaces;
import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.RemoteClient;
import org.ddstuner.remote.TokenFile;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The wizard's network page: the interfaces of this host, or of the node the file is for, asked from the agent
 * {@code ddstuner serve} runs there (remote operation {@code host-interfaces}). Finish then checks the file against
 * the interfaces listed here.
 */
final class NetworkPage extends ExplainedPage {

    private Table table;
    private Label remoteStatus;
    private Text agent;
    private Text token;
    private Button here;
    private Button remote;
    private Button list;

    NetworkPage(WizardModel m) {
        super("network", "Network", "Which interface carries DDS traffic?",
                "Cyclone uses one interface unless told otherwise; on a host with several (LAN, Wi-Fi, VPN, docker) "
                        + "name the one the other nodes reach. Multicast discovery needs an interface with multicast; "
                        + "the MTU bounds unfragmented messages. Listed from this host, or from the node the file is for "
                        + "through the DDS Tuner agent running there (ddstuner serve), so its file is checked against "
                        + "its own interfaces.", m);
    }

    @Override
    void fill(Composite c) {
        here = new Button(c, SWT.RADIO);
        here.setText("This host");
        here.setSelection(true);
        GridDataFactory.fillDefaults().span(2, 1).applyTo(here);
        remote = new Button(c, SWT.RADIO);
        remote.setText("A remote host through its agent (ddstuner serve):");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(remote);
        agent = field(c, "Agent HOST:PORT:", "", v -> { });
        agent.setMessage("10.0.0.5:7421");
        token = field(c, "Token file:", "", v -> { });
        token.setMessage("a copy of the agent's --token-file");
        list = new Button(c, SWT.PUSH);
        list.setText("List its interfaces");
        remoteStatus = new Label(c, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(remoteStatus);
        for (var w : List.of(agent, token, list)) {
            w.setEnabled(false);
        }
        remote.addListener(SWT.Selection, e -> List.of(agent, token, list).forEach(w -> w.setEnabled(remote.getSelection())));
        here.addListener(SWT.Selection, e -> {
            if (here.getSelection()) {
                show(NodeInterfaces.thisHost());
                remoteStatus.setText("");
            }
        });
        list.addListener(SWT.Selection, e -> listRemote());

        table = new Table(c, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        table.setHeaderVisible(true);
        for (String h : List.of("Interface", "Addresses", "Multicast", "MTU", "State")) {
            new TableColumn(table, SWT.NONE).setText(h);
        }
        GridDataFactory.fillDefaults().span(2, 1).grab(true, true).hint(SWT.DEFAULT, 140).applyTo(table);
        table.addListener(SWT.Selection, e -> model.networkInterface = (String) table.getSelection()[0].getData());
        show(model.node);
    }

    /** Lists {@code node}'s interfaces; the file will be checked against them. */
    void show(NodeInterfaces node) {
        model.node = node;
        model.networkInterface = null;
        table.removeAll();
        TableItem auto = new TableItem(table, SWT.NONE);
        auto.setText(new String[] { "(Cyclone picks)", "", "", "", "" });
        for (HostInterfaces.Nic n : node.nics()) {
            TableItem i = new TableItem(table, SWT.NONE);
            i.setText(new String[] { n.name(), String.join(", ", n.addresses()), n.multicast() ? "yes" : "no",
                n.mtu() < 0 ? "?" : Integer.toString(n.mtu()), n.up() ? "up" : "down" });
            i.setData(n.configValue());
        }
        Arrays.stream(table.getColumns()).forEach(TableColumn::pack);
        table.select(0);
        setDescription("Which interface carries DDS traffic? (interfaces of " + node.where() + ")");
    }

    /** Asks the agent named on the page for its host's interfaces, off the UI thread. */
    void listRemote() {
        String at = agent.getText().strip();
        String tokenFile = token.getText().strip();
        int colon = at.lastIndexOf(':');
        int port;
        try {
            port = Integer.parseInt(at.substring(colon + 1));
        } catch (RuntimeException e) {
            remoteStatus.setText("Agent: HOST:PORT, e.g. 10.0.0.5:7421");
            return;
        }
        String host = at.substring(0, colon);
        Path known = model.knownAgents;
        remoteStatus.setText("Asking " + at + "…");
        var display = table.getDisplay();
        Thread.ofPlatform().daemon().name("ddstuner-wizard-host-interfaces").start(() -> {
            NodeInterfaces node = null;
            String message;
            try {
                ClientOptions o = ClientOptions.of(host, port, TokenFile.read(Path.of(tokenFile)))
                        .withClientName("ddstuner-wizard");
                if (known != null) {
                    o = o.withKnownAgents(known);
                }
                try (RemoteClient client = RemoteClient.connect(o)) {
                    node = HostInterfacesOperation.fetch(client, "node " + at, Duration.ofSeconds(20));
                    message = "Interfaces of " + at + " (" + node.nics().size() + ")"
                            + (client.pinnedNow() ? "; pinned its certificate " + client.fingerprint() : "");
                }
            } catch (IOException | RuntimeException e) {
                message = "Cannot list the interfaces of " + at + ": " + e.getMessage();
            }
            NodeInterfaces n = node;
            String m = message;
            display.asyncExec(() -> {
                if (table.isDisposed()) {
                    return;
                }
                remoteStatus.setText(m);
                remoteStatus.getParent().layout(true);
                if (n != null) {
                    show(n);
                }
            });
        });
    }

    /** Chooses "a remote host" and fills its fields, as a person would (tests). */
    void remote(String agentAt, String tokenFile) {
        here.setSelection(false);
        remote.setSelection(true);
        List.of(agent, token, list).forEach(w -> w.setEnabled(true));
        agent.setText(agentAt);
        token.setText(tokenFile);
    }

    Table table() {
        return table;
    }

    String remoteStatus() {
        return remoteStatus.getText();
    }
}
