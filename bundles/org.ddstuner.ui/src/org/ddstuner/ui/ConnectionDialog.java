package org.ddstuner.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;
import org.ddstuner.connection.ProfileStore;
import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.AgentProfileStore;
import org.ddstuner.remote.ui.AgentProfilePane;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.ListViewer;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.swt.widgets.Text;

/**
 * Picks or describes a {@link ConnectionProfile}: saved profiles on the left, the profile's fields on
 * the right. Every change is validated at once; a malformed custom XML or configuration file is reported
 * in the dialog with its line and column (a missing file with its path) and disables "Connect" rather than
 * failing later. A configuration file is only named by the profile: it is read again at every connect.
 * The "Remote agent" tab ({@link AgentProfilePane}) describes a connection through {@code ddstuner serve} instead.
 */
public final class ConnectionDialog extends TitleAreaDialog {

    private static final int MAX_DOMAIN = 232;
    /** The kinds in the order they are offered: the two ready-made ones, then the ones the user writes. */
    private static final List<ConfigKind> ORDER = List.of(ConfigKind.LOOPBACK_ONLY, ConfigKind.DEFAULT,
            ConfigKind.CUSTOM_XML, ConfigKind.FILE, ConfigKind.PEERS);

    private final ProfileStore store;
    private final AgentProfileStore agentStore;
    private TabFolder tabs;
    private AgentProfilePane agentPane;
    private AgentProfile agentResult;
    private String agentToken;
    private final List<ConnectionProfile> profiles = new ArrayList<>();
    private ListViewer profileList;
    private Text name;
    private Spinner domain;
    private final Button[] kinds = new Button[ConfigKind.values().length];
    private Text xml;
    private Label xmlError;
    private Text file;
    private Button browse;
    private Label fileError;
    private Text peers;
    private Button startDemo;
    private Button saveButton;
    private Button deleteButton;
    private ConnectionProfile result;
    private String error;
    private boolean filling;

    public ConnectionDialog(Shell parent, ProfileStore store) {
        this(parent, store, AgentProfileStore.defaultStore());
    }

    public ConnectionDialog(Shell parent, ProfileStore store, AgentProfileStore agentStore) {
        super(parent);
        this.store = store;
        this.agentStore = agentStore;
        setHelpAvailable(false);
    }

    @Override
    protected boolean isResizable() {
        return true;
    }

    @Override
    protected Point getInitialSize() {
        return new Point(860, 700);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(Messages.DIALOG_TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(Messages.DIALOG_TITLE);
        setMessage(Messages.DIALOG_MESSAGE);
        tabs = new TabFolder(area, SWT.TOP);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);
        TabItem domainTab = new TabItem(tabs, SWT.NONE);
        domainTab.setText(Messages.TAB_DOMAIN);
        SashForm sash = new SashForm(tabs, SWT.HORIZONTAL);
        domainTab.setControl(sash);
        createProfileList(sash);
        createForm(sash);
        sash.setWeights(28, 72);
        TabItem agentTab = new TabItem(tabs, SWT.NONE);
        agentTab.setText(Messages.TAB_AGENT);
        agentPane = new AgentProfilePane(tabs, agentStore, this::agentChanged);
        agentTab.setControl(agentPane);
        tabs.addListener(SWT.Selection, e -> validate());
        loadProfiles();
        return area;
    }

    private void createProfileList(Composite parent) {
        Composite left = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(8, 8).numColumns(2).applyTo(left);
        Label l = new Label(left, SWT.NONE);
        l.setText(Messages.PROFILES);
        GridDataFactory.fillDefaults().span(2, 1).applyTo(l);
        profileList = new ListViewer(left, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL);
        profileList.setContentProvider(ArrayContentProvider.getInstance());
        profileList.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return ((ConnectionProfile) element).name();
            }
        });
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(profileList.getControl());
        profileList.addSelectionChangedListener(e -> {
            if (e.getStructuredSelection().getFirstElement() instanceof ConnectionProfile p) {
                fill(p);
            }
        });
        saveButton = new Button(left, SWT.PUSH);
        saveButton.setText(Messages.SAVE_PROFILE);
        saveButton.addListener(SWT.Selection, e -> saveProfile());
        deleteButton = new Button(left, SWT.PUSH);
        deleteButton.setText(Messages.DELETE_PROFILE);
        deleteButton.addListener(SWT.Selection, e -> deleteProfile());
    }

    private void createForm(Composite parent) {
        Composite form = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(8, 8).numColumns(2).applyTo(form);
        new Label(form, SWT.NONE).setText(Messages.NAME);
        name = new Text(form, SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(name);
        new Label(form, SWT.NONE).setText(Messages.DOMAIN);
        domain = new Spinner(form, SWT.BORDER);
        domain.setValues(0, 0, MAX_DOMAIN, 0, 1, 10);
        Group config = new Group(form, SWT.NONE);
        config.setText(Messages.CONFIG);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(config);
        GridLayoutFactory.swtDefaults().applyTo(config);
        for (ConfigKind k : ORDER) {
            kinds[k.ordinal()] = new Button(config, SWT.RADIO);
            kinds[k.ordinal()].setText(switch (k) {
                case LOOPBACK_ONLY -> Messages.CONFIG_LOOPBACK;
                case DEFAULT -> Messages.CONFIG_DEFAULT;
                case CUSTOM_XML -> Messages.CONFIG_CUSTOM;
                case FILE -> Messages.CONFIG_FILE;
                case PEERS -> Messages.CONFIG_PEERS;
            });
            kinds[k.ordinal()].setData(k);
            kinds[k.ordinal()].addListener(SWT.Selection, e -> validate());
            if (k == ConfigKind.CUSTOM_XML) {
                xml = new Text(config, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL | SWT.H_SCROLL);
                xml.setFont(JFaceResources.getTextFont());
                GridDataFactory.fillDefaults().grab(true, true).indent(20, 0).hint(400, 140).applyTo(xml);
                xmlError = errorLabel(config);
            } else if (k == ConfigKind.FILE) {
                createFileRow(config);
            } else if (k == ConfigKind.PEERS) {
                peers = new Text(config, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
                peers.setMessage(Messages.PEERS_HINT);
                GridDataFactory.fillDefaults().grab(true, false).indent(20, 0).hint(400, 60).applyTo(peers);
            }
        }
        startDemo = new Button(form, SWT.CHECK);
        startDemo.setText(Messages.START_DEMO);
        GridDataFactory.fillDefaults().span(2, 1).applyTo(startDemo);
        name.addModifyListener(e -> validate());
        domain.addModifyListener(e -> validate());
        xml.addModifyListener(e -> validate());
        file.addModifyListener(e -> validate());
        peers.addModifyListener(e -> validate());
        startDemo.addListener(SWT.Selection, e -> validate());
    }

    /** A red wrapping label under a configuration field for what is wrong with it. */
    private static Label errorLabel(Composite parent) {
        Label l = new Label(parent, SWT.WRAP);
        l.setForeground(l.getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).indent(20, 0).hint(400, SWT.DEFAULT).applyTo(l);
        return l;
    }

    /** The path of a configuration file, a "Browse…" button beside it, and its error below. */
    private void createFileRow(Composite config) {
        Composite row = new Composite(config, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(row);
        GridDataFactory.fillDefaults().grab(true, false).indent(20, 0).applyTo(row);
        file = new Text(row, SWT.BORDER);
        file.setMessage(Messages.CONFIG_FILE_HINT);
        GridDataFactory.fillDefaults().grab(true, false).hint(300, SWT.DEFAULT).applyTo(file);
        browse = new Button(row, SWT.PUSH);
        browse.setText(Messages.BROWSE);
        browse.addListener(SWT.Selection, e -> browseForFile());
        fileError = errorLabel(config);
    }

    private void browseForFile() {
        FileDialog d = new FileDialog(getShell(), SWT.OPEN);
        d.setText(Messages.BROWSE_TITLE);
        d.setFilterExtensions(new String[] { "*.xml", "*" });
        if (!file.getText().isBlank()) {
            d.setFileName(file.getText().strip());
        }
        String chosen = d.open();
        if (chosen != null) {
            selectKind(ConfigKind.FILE);
            file.setText(chosen); // validates
        }
    }

    private void selectKind(ConfigKind kind) {
        for (Button b : kinds) {
            b.setSelection(b.getData() == kind);
        }
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, Messages.CONNECT, true);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
        validate();
    }

    private void loadProfiles() {
        profiles.clear();
        try {
            profiles.addAll(store.load());
        } catch (RuntimeException e) {
            setErrorMessage(String.format(Messages.ERR_LOAD, e.getMessage()));
        }
        if (profiles.stream().noneMatch(p -> p.name().equals(ConnectionProfile.localDemo().name()))) {
            profiles.add(0, ConnectionProfile.localDemo());
        }
        profileList.setInput(profiles);
        profileList.setSelection(new StructuredSelection(profiles.get(0)));
        fill(profiles.get(0));
    }

    /** Puts {@code p} into the fields. */
    private void fill(ConnectionProfile p) {
        filling = true;
        try {
            name.setText(p.name());
            domain.setSelection(p.domainId());
            for (Button b : kinds) {
                b.setSelection(b.getData() == p.configKind());
            }
            xml.setText(p.customXml() != null ? p.customXml() : "");
            file.setText(p.configFile());
            peers.setText(String.join("\n", p.peers()));
            startDemo.setSelection(p.startDemo());
        } finally {
            filling = false;
        }
        validate();
    }

    private ConfigKind selectedKind() {
        for (Button b : kinds) {
            if (b.getSelection()) {
                return (ConfigKind) b.getData();
            }
        }
        return ConfigKind.LOOPBACK_ONLY;
    }

    /** Reads the fields into a profile and checks it; sets {@link #error} and the dialog's state. */
    private ConnectionProfile validate() {
        if (filling || name == null || name.isDisposed()) {
            return null;
        }
        if (agentTabShown()) {
            agentPane.validate(); // updates the message and buttons through agentChanged
            return null;
        }
        setMessage(Messages.DIALOG_MESSAGE);
        ConfigKind kind = selectedKind();
        xml.setEnabled(kind == ConfigKind.CUSTOM_XML);
        file.setEnabled(kind == ConfigKind.FILE);
        browse.setEnabled(kind == ConfigKind.FILE);
        peers.setEnabled(kind == ConfigKind.PEERS);
        List<String> peerList = Arrays.stream(peers.getText().split("[\\s,]+")).filter(s -> !s.isBlank()).toList();
        ConnectionProfile p = null;
        String xmlProblem = null;
        error = null;
        if (name.getText().isBlank()) {
            error = Messages.ERR_NAME;
        } else if (kind == ConfigKind.PEERS && peerList.isEmpty()) {
            error = Messages.ERR_PEERS;
        } else {
            try {
                p = new ConnectionProfile(name.getText().strip(), domain.getSelection(), kind,
                        kind == ConfigKind.CUSTOM_XML ? xml.getText() : null, peerList, startDemo.getSelection(),
                        kind == ConfigKind.FILE ? file.getText() : null);
                p.configXml(); // validates custom XML and reads the file (line:column in the message)
            } catch (RuntimeException e) {
                error = e.getMessage() != null ? e.getMessage() : e.toString();
                if (kind == ConfigKind.CUSTOM_XML || kind == ConfigKind.FILE) {
                    xmlProblem = error;
                }
                p = null;
            }
        }
        xmlError.setText(kind == ConfigKind.CUSTOM_XML && xmlProblem != null ? xmlProblem : "");
        fileError.setText(kind == ConfigKind.FILE && xmlProblem != null ? xmlProblem : "");
        xmlError.getParent().layout(true, true);
        setErrorMessage(error);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(error == null);
        }
        saveButton.setEnabled(error == null);
        deleteButton.setEnabled(profiles.stream().anyMatch(x -> x.name().equals(name.getText().strip())));
        return p;
    }

    private boolean agentTabShown() {
        return tabs != null && tabs.getSelectionIndex() == 1;
    }

    /** The agent pane changed: its error is the dialog's while its tab is shown. */
    private void agentChanged() {
        if (!agentTabShown()) {
            return;
        }
        error = agentPane.error();
        setErrorMessage(error);
        setMessage(error == null ? Messages.DIALOG_MESSAGE_AGENT : null);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(error == null);
        }
    }

    private void saveProfile() {
        ConnectionProfile p = validate();
        if (p == null) {
            return;
        }
        profiles.removeIf(x -> x.name().equals(p.name()));
        profiles.add(p);
        store(p);
    }

    private void deleteProfile() {
        String n = name.getText().strip();
        profiles.removeIf(x -> x.name().equals(n));
        store(profiles.isEmpty() ? null : profiles.get(0));
    }

    private void store(ConnectionProfile select) {
        try {
            store.save(profiles);
        } catch (RuntimeException e) {
            setErrorMessage(String.format(Messages.ERR_STORE, e.getMessage()));
        }
        profileList.refresh();
        if (select != null) {
            profileList.setSelection(new StructuredSelection(select));
        }
        validate();
    }

    @Override
    protected void okPressed() {
        if (agentTabShown()) {
            AgentProfile p = agentPane.validate();
            if (p != null && agentPane.storeToken()) {
                agentResult = p;
                agentToken = agentPane.token();
                super.okPressed();
            }
            return;
        }
        result = validate();
        if (result != null) {
            super.okPressed();
        }
    }

    /** The remote agent to connect to, after OK on the "Remote agent" tab; null otherwise. */
    public AgentProfile agentProfile() {
        return agentResult;
    }

    /** The token to connect to {@link #agentProfile()} with. */
    public String agentToken() {
        return agentToken;
    }

    /** For tests: shows the "Remote agent" tab and returns its pane. */
    public AgentProfilePane showAgentTab() {
        tabs.setSelection(1);
        validate();
        return agentPane;
    }

    /** For tests: presses "Connect" on the "Remote agent" tab; the agent to connect to, or null. */
    public AgentProfile pressConnectAgent() {
        okPressed();
        return agentResult;
    }

    /** The profile to connect with, after OK. */
    public ConnectionProfile profile() {
        return result;
    }

    /** The problem shown now, or null; for tests. */
    public String currentError() {
        return error;
    }

    /** For tests: select a configuration kind and set the custom XML text. */
    public void setCustomXml(String text) {
        selectKind(ConfigKind.CUSTOM_XML);
        xml.setText(text);
        validate();
    }

    /** For tests: select the configuration file kind and type {@code path} (as "Browse…" puts it). */
    public void setConfigFile(String path) {
        selectKind(ConfigKind.FILE);
        file.setText(path);
        validate();
    }

    /** For tests: what the error line under the configuration file says ("" when nothing is wrong). */
    public String configFileError() {
        return fileError.getText();
    }

    /** For tests: types a name and a domain id and sets "start the demo". */
    public void setConnection(String profileName, int domainId, boolean demo) {
        name.setText(profileName);
        domain.setSelection(domainId);
        startDemo.setSelection(demo);
        validate();
    }

    /** For tests: presses "Connect"; the profile to connect with, or null while something is wrong. */
    public ConnectionProfile pressConnect() {
        okPressed();
        return result;
    }

    /** For tests: presses "Save profile". */
    public void pressSave() {
        saveProfile();
    }

    public boolean canConnect() {
        Button ok = getButton(IDialogConstants.OK_ID);
        return ok != null && ok.isEnabled();
    }
}
