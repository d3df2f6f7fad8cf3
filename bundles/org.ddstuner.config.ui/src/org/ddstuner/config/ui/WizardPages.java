package org.ddstuner.config.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.SharedMemorySupport;
import org.ddstuner.config.scenario.SocketLimits;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/** The deployment wizard's pages, one per concern, each with what its choice does. */
final class WizardPages {

    private WizardPages() {
    }

    static final class ScenarioPage extends ExplainedPage {
        ScenarioPage(WizardModel m) {
            super("scenario", "Deployment scenario", "What kind of deployment is this?",
                    "Pick the situation closest to yours; the next pages start from its settings.", m);
        }

        @Override
        void fill(Composite c) {
            for (Scenario s : Scenario.values()) {
                Button b = new Button(c, SWT.RADIO);
                b.setText(s.id() + " — " + s.title());
                b.setSelection(s == model.scenario);
                GridDataFactory.fillDefaults().span(2, 1).applyTo(b);
                Label d = new Label(c, SWT.WRAP);
                d.setText(s.description());
                GridDataFactory.fillDefaults().span(2, 1).indent(20, 0).hint(540, SWT.DEFAULT).applyTo(d);
                b.addListener(SWT.Selection, e -> {
                    if (b.getSelection()) {
                        model.scenario = s;
                        model.tcp = s == Scenario.TCP;
                        model.largeData = s == Scenario.LARGE_DATA;
                        model.security = s == Scenario.SECURITY;
                    }
                });
            }
        }
    }

    static final class DiscoveryPage extends ExplainedPage {
        DiscoveryPage(WizardModel m) {
            super("discovery", "Discovery", "How do processes find each other?",
                    "Without multicast each node lists its peers and Cyclone sends its announcements to a port per "
                            + "participant index on each: size the index range to the DDS processes per host (more costs "
                            + "announcements, fewer leaves processes undiscovered). Announce faster (SPDP interval) to "
                            + "recover sooner from a lost announcement; the lease is how long a silent process stays.", m);
        }

        @Override
        void fill(Composite c) {
            new Label(c, SWT.NONE).setText("Peers (one per line):");
            Text peers = new Text(c, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
            peers.setText(String.join("\n", model.peers));
            GridDataFactory.fillDefaults().grab(true, false).hint(SWT.DEFAULT, 60).applyTo(peers);
            peers.addModifyListener(e -> model.peers = Arrays.stream(peers.getText().split("\\R"))
                    .map(String::strip).filter(s -> !s.isEmpty()).toList());
            new Label(c, SWT.NONE).setText("Processes per host:");
            Spinner sp = new Spinner(c, SWT.BORDER);
            sp.setValues(model.processes, 1, 120, 0, 1, 10);
            sp.addModifyListener(e -> model.processes = sp.getSelection());
            field(c, "SPDP interval:", model.spdpInterval, v -> model.spdpInterval = v).setMessage("Cyclone's default (30 s)");
            field(c, "Lease duration:", model.leaseDuration, v -> model.leaseDuration = v).setMessage("Cyclone's default (10 s)");
        }
    }

    /** The transport page's shared-memory choice. */
    static final String SHARED_MEMORY = "Shared memory (Iceoryx, processes on this host)";

    static final class TransportPage extends ExplainedPage {
        /** Null if the loaded libddsc has shared memory, else why not. */
        private final String noSharedMemory = SharedMemorySupport.unavailable();

        TransportPage(WizardModel m) {
            super("transport", "Transport", "UDP, TCP or shared memory?",
                    "UDP is Cyclone's default and fastest between hosts. TCP passes firewalls and NAT that drop UDP, at "
                            + "the cost of latency and a fixed port per node. TLS (TCP only) encrypts each connection and "
                            + "proves the nodes' certificates (PEM keystore: certificate and key); Debian's libddsc 0.10.2 "
                            + "is built with it, the Python wheel's 11.0.1 has neither TCP nor TLS. Shared memory (Iceoryx, "
                            + "Cyclone 0.10) skips the network between processes on one host; it needs the iox-roudi "
                            + "daemon running on each host, keep-last history (depth at most 16) and volatile or "
                            + "transient-local durability, and anything else still goes over UDP.", m);
        }

        @Override
        void fill(Composite c) {
            Button udp = new Button(c, SWT.RADIO);
            udp.setText("UDP");
            udp.setSelection(!model.tcp && !model.sharedMemory);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(udp);
            Button tcp = new Button(c, SWT.RADIO);
            tcp.setText("TCP");
            tcp.setSelection(model.tcp);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(tcp);
            // the TCP-only fields below are live only while TCP is chosen
            List<Control> tcpOnly = new ArrayList<>();
            Runnable tcpFields = () -> tcpOnly.forEach(x -> x.setEnabled(model.tcp));
            tcp.addListener(SWT.Selection, e -> {
                model.tcp = tcp.getSelection();
                tcpFields.run();
            });
            Button shm = new Button(c, SWT.RADIO);
            shm.setText(SHARED_MEMORY);
            shm.setSelection(model.sharedMemory);
            // offered only where the loaded library has it; otherwise the button says why not
            shm.setEnabled(noSharedMemory == null);
            shm.setToolTipText(noSharedMemory == null ? "Writes SharedMemory/Enable, LogLevel and Prefix (Cyclone 0.10.x)"
                    : "Not available: " + noSharedMemory);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(shm);
            shm.addListener(SWT.Selection, e -> model.sharedMemory = shm.getSelection());
            if (noSharedMemory != null) {
                Label why = new Label(c, SWT.WRAP);
                why.setText("Shared memory is not offered: " + noSharedMemory + ".");
                GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(why);
            }
            tcpOnly.add(field(c, "TCP port:", model.tcpPort < 0 ? "" : Integer.toString(model.tcpPort), v -> {
                try {
                    model.tcpPort = v.isBlank() ? -1 : Integer.parseInt(v.strip());
                    setErrorMessage(null);
                } catch (NumberFormatException ex) {
                    setErrorMessage("TCP port: a number from 0 to 65535");
                }
            }));
            Button tls = new Button(c, SWT.CHECK);
            tls.setText("TLS on the TCP connections (Domain/SSL)");
            tls.setSelection(model.tls);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(tls);
            tls.addListener(SWT.Selection, e -> model.tls = tls.getSelection());
            Text keystore = field(c, "Keystore (PEM):", model.tlsKeystore, v -> model.tlsKeystore = v);
            keystore.setMessage("this node's certificate and private key in one PEM file");
            Button selfSigned = new Button(c, SWT.CHECK);
            selfSigned.setText("Accept self-signed certificates (test set-ups)");
            selfSigned.setSelection(model.tlsSelfSigned);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(selfSigned);
            selfSigned.addListener(SWT.Selection, e -> model.tlsSelfSigned = selfSigned.getSelection());
            tcpOnly.addAll(List.of(tls, keystore, selfSigned));
            tcpFields.run();
        }
    }

    static final class LargeDataPage extends ExplainedPage {
        LargeDataPage(WizardModel m) {
            super("largedata", "Large data", "Samples of hundreds of kilobytes or more?",
                    "Larger messages and fragments mean fewer datagrams per sample; larger socket buffers keep a burst "
                            + "from being dropped in the kernel (and re-sent). The kernel caps socket buffers at "
                            + "net.core.rmem_max / wmem_max, checked here on this host.", m);
        }

        @Override
        void fill(Composite c) {
            Button on = new Button(c, SWT.CHECK);
            on.setText("Tune for large samples");
            on.setSelection(model.largeData);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(on);
            on.addListener(SWT.Selection, e -> model.largeData = on.getSelection());
            field(c, "Max message size:", model.maxMessageSize, v -> model.maxMessageSize = v);
            field(c, "Fragment size:", model.fragmentSize, v -> model.fragmentSize = v);
            Text[] sysctl = new Text[1];
            field(c, "Socket buffer (bytes):", Long.toString(model.socketBuffer), v -> {
                try {
                    model.socketBuffer = Long.parseLong(v.strip());
                    showLimits(sysctl[0]);
                } catch (NumberFormatException ex) {
                    sysctl[0].setText("socket buffer: a number of bytes");
                }
            });
            sysctl[0] = new Text(c, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.WRAP);
            GridDataFactory.fillDefaults().span(2, 1).grab(true, true).hint(SWT.DEFAULT, 90).applyTo(sysctl[0]);
            showLimits(sysctl[0]);
        }

        private void showLimits(Text sysctl) {
            SocketLimits l = SocketLimits.ofThisHost();
            List<String> lines = l.sysctlLines(model.socketBuffer);
            sysctl.setText("This host: net.core.rmem_max=" + l.rmemMax() + ", net.core.wmem_max=" + l.wmemMax()
                    + (lines.isEmpty() ? " — enough." : " — too low; raise them with:\n" + String.join("\n", lines)));
        }
    }

    static final class SecurityPage extends ExplainedPage {
        static final String[] LABELS = { "Identity CA:", "Identity certificate:", "Private key:", "Permissions CA:",
            "Governance (signed):", "Permissions (signed):" };

        SecurityPage(WizardModel m) {
            super("security", "Security", "DDS Security: authentication, access control, encryption",
                    "Every participant proves its identity with a certificate of the domain's identity CA and may only "
                            + "do what its signed permissions allow. For DDS Tuner itself grant subscribe-only "
                            + "permissions. Needs a libddsc built with security (Debian's is; the PyPI wheel is not).", m);
        }

        @Override
        void fill(Composite c) {
            Button on = new Button(c, SWT.CHECK);
            on.setText("Enable DDS Security");
            on.setSelection(model.security);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(on);
            on.addListener(SWT.Selection, e -> model.security = on.getSelection());
            for (int i = 0; i < LABELS.length; i++) {
                int k = i;
                field(c, LABELS[i], model.securityFiles[i], v -> model.securityFiles[k] = v).setMessage("file path");
            }
            Button tool = new Button(c, SWT.CHECK);
            tool.setText("This is DDS Tuner's own configuration (subscribe-only)");
            GridDataFactory.fillDefaults().span(2, 1).applyTo(tool);
            Label toolWhy = new Label(c, SWT.WRAP);
            toolWhy.setText("Finish writes permissions for the tool's certificate subject that allow subscribing to "
                    + "every topic and publishing nothing (default DENY) as the permissions file above (NAME.xml beside "
                    + "it), signed with the permissions CA's key when given, so the tool can watch but never change "
                    + "the system.");
            GridDataFactory.fillDefaults().span(2, 1).indent(20, 0).hint(540, SWT.DEFAULT).applyTo(toolWhy);
            Text subject = field(c, "Tool certificate subject:", model.toolSubject, v -> model.toolSubject = v);
            subject.setMessage("CN=ddstuner,O=Example");
            Text key = field(c, "Permissions CA key (signs):", model.permissionsCaKey, v -> model.permissionsCaKey = v);
            key.setMessage("empty: the XML is written beside it with the openssl line to sign it");
            subject.setEnabled(model.toolPermissions);
            key.setEnabled(model.toolPermissions);
            tool.setSelection(model.toolPermissions);
            tool.addListener(SWT.Selection, e -> {
                model.toolPermissions = tool.getSelection();
                subject.setEnabled(model.toolPermissions);
                key.setEnabled(model.toolPermissions);
            });
        }
    }

    static final class TracingPage extends ExplainedPage {
        TracingPage(WizardModel m) {
            super("tracing", "Tracing", "Should Cyclone write a trace?",
                    "A trace shows discovery, matching and retransmits — what to send to a Cyclone expert. 'config' "
                            + "logs the configuration and discovery; 'finest' logs every message and grows fast.", m);
        }

        @Override
        void fill(Composite c) {
            new Label(c, SWT.NONE).setText("Verbosity:");
            Combo v = new Combo(c, SWT.READ_ONLY);
            v.setItems("none", "config", "fine", "finer", "finest");
            v.select(0);
            v.addListener(SWT.Selection, e -> model.tracing = v.getText());
            field(c, "Trace file:", model.traceFile, s -> model.traceFile = s).setMessage("cyclonedds-${CYCLONEDDS_PID}.log");
        }
    }

    static final class MonitorPage extends ExplainedPage {
        MonitorPage(WizardModel m) {
            super("monitor", "Monitor port", "Let tools such as Cyclone DDS Insight poll this process?",
                    "Cyclone's monitor port serves the process's participants, endpoints and retransmit counters as "
                            + "JSON over HTTP; DDS Tuner and Insight read it.", m);
        }

        @Override
        void fill(Composite c) {
            Button on = new Button(c, SWT.CHECK);
            on.setText("Open the monitor port");
            GridDataFactory.fillDefaults().span(2, 1).applyTo(on);
            Label warn = new Label(c, SWT.WRAP);
            warn.setText("Warning: the monitor port serves without authentication or encryption to anyone who can "
                    + "reach it. Open it only on trusted networks.");
            warn.setForeground(c.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
            GridDataFactory.fillDefaults().span(2, 1).hint(540, SWT.DEFAULT).applyTo(warn);
            new Label(c, SWT.NONE).setText("Port (0: any free):");
            Spinner port = new Spinner(c, SWT.BORDER);
            port.setValues(model.monitorPort, 0, 65535, 0, 1, 100);
            port.addModifyListener(e -> model.monitorPort = port.getSelection());
            on.addListener(SWT.Selection, e -> model.monitor = on.getSelection());
        }
    }
}
