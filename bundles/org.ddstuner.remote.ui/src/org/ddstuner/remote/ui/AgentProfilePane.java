package org.ddstuner.remote.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.ddstuner.remote.AgentProfile;
import org.ddstuner.remote.AgentProfileStore;
import org.ddstuner.remote.Fingerprint;
import org.ddstuner.remote.KnownAgents;
import org.ddstuner.remote.TokenFile;
import org.eclipse.equinox.security.storage.StorageException;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.ListViewer;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The "Remote agent" side of the connection dialog: saved agent profiles on the left ({@link AgentProfileStore}),
 * name, HOST:PORT, token and the certificate's pin state on the right. The token goes to secure storage
 * ({@link AgentTokens}) when the profile is saved or connected with, never to the profile file.
 */
public final class AgentProfilePane extends Composite {

    private final AgentProfileStore store;
    private final Runnable onChange;
    private final List<AgentProfile> profiles = new ArrayList<>();
    private ListViewer list;
    private Text name;
    private Text address;
    private Text token;
    private Text caFile;
    private Text clientCert;
    private Label tokenState;
    private Label certificate;
    private Button save;
    private Button delete;
    private String error;
    private String storageProblem;
    private boolean filling;

    /** @param onChange called after every change of the fields (the dialog updates its message and buttons) */
    public AgentProfilePane(Composite parent, AgentProfileStore store, Runnable onChange) {
        super(parent, SWT.NONE);
        this.store = store;
        this.onChange = onChange;
        GridLayoutFactory.fillDefaults().applyTo(this);
        SashForm sash = new SashForm(this, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        createList(sash);
        createForm(sash);
        sash.setWeights(28, 72);
        load();
    }

    private void createList(Composite parent) {
        Composite left = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(8, 8).numColumns(2).applyTo(left);
        Label l = new Label(left, SWT.NONE);
        l.setText(Messages.PROFILES);
        GridDataFactory.fillDefaults().span(2, 1).applyTo(l);
        list = new ListViewer(left, SWT.BORDER | SWT.SINGLE | SWT.V_SCROLL);
        list.setContentProvider(ArrayContentProvider.getInstance());
        list.setLabelProvider(new LabelProvider() {
            @Override
            public String getText(Object element) {
                return ((AgentProfile) element).name();
            }
        });
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(list.getControl());
        list.addSelectionChangedListener(e -> {
            if (e.getStructuredSelection().getFirstElement() instanceof AgentProfile p) {
                fill(p);
            }
        });
        save = new Button(left, SWT.PUSH);
        save.setText(Messages.SAVE);
        save.addListener(SWT.Selection, e -> saveProfile());
        delete = new Button(left, SWT.PUSH);
        delete.setText(Messages.DELETE);
        delete.addListener(SWT.Selection, e -> deleteProfile());
    }

    private void createForm(Composite parent) {
        Composite form = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(8, 8).numColumns(3).applyTo(form);
        new Label(form, SWT.NONE).setText(Messages.NAME);
        name = new Text(form, SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(name);
        new Label(form, SWT.NONE).setText(Messages.ADDRESS);
        address = new Text(form, SWT.BORDER);
        address.setMessage(Messages.ADDRESS_HINT);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(address);
        new Label(form, SWT.NONE).setText(Messages.TOKEN);
        token = new Text(form, SWT.BORDER | SWT.PASSWORD);
        token.setMessage(Messages.TOKEN_HINT);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(token);
        Button fromFile = new Button(form, SWT.PUSH);
        fromFile.setText(Messages.TOKEN_FROM_FILE);
        fromFile.addListener(SWT.Selection, e -> tokenFromFile());
        new Label(form, SWT.NONE);
        tokenState = new Label(form, SWT.WRAP);
        tokenState.setText(Messages.TOKEN_NOTE);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).hint(420, SWT.DEFAULT).applyTo(tokenState);
        new Label(form, SWT.NONE).setText(Messages.CA_FILE);
        caFile = new Text(form, SWT.BORDER);
        caFile.setMessage(Messages.CA_FILE_HINT);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(caFile);
        Button browseCa = new Button(form, SWT.PUSH);
        browseCa.setText(Messages.CA_FILE_BROWSE);
        browseCa.addListener(SWT.Selection, e -> {
            String f = new FileDialog(getShell(), SWT.OPEN).open();
            if (f != null) {
                caFile.setText(f);
            }
        });
        new Label(form, SWT.NONE).setText(Messages.CLIENT_CERT);
        clientCert = new Text(form, SWT.BORDER);
        clientCert.setMessage(Messages.CLIENT_CERT_HINT);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(clientCert);
        Button browseCert = new Button(form, SWT.PUSH);
        browseCert.setText(Messages.CA_FILE_BROWSE);
        browseCert.addListener(SWT.Selection, e -> {
            String f = new FileDialog(getShell(), SWT.OPEN).open();
            if (f != null) {
                clientCert.setText(f);
            }
        });
        new Label(form, SWT.NONE).setText(Messages.CERTIFICATE);
        certificate = new Label(form, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).hint(420, SWT.DEFAULT).applyTo(certificate);
        Label about = new Label(form, SWT.WRAP);
        about.setText(Messages.ABOUT);
        about.setForeground(getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        GridDataFactory.fillDefaults().grab(true, false).span(3, 1).indent(0, 16).hint(480, SWT.DEFAULT)
                .applyTo(about);
        name.addModifyListener(e -> validate());
        address.addModifyListener(e -> validate());
        token.addModifyListener(e -> validate());
        caFile.addModifyListener(e -> validate());
        clientCert.addModifyListener(e -> validate());
    }

    private void load() {
        profiles.clear();
        profiles.addAll(store.load());
        list.setInput(profiles);
        if (!profiles.isEmpty()) {
            list.setSelection(new StructuredSelection(profiles.get(0)));
        } else {
            validate();
        }
    }

    private void fill(AgentProfile p) {
        filling = true;
        try {
            name.setText(p.name());
            address.setText(p.address());
            token.setText(storedToken(p.name()).orElse(""));
            caFile.setText(p.caFile() == null ? "" : p.caFile().toString());
            clientCert.setText(p.clientCert() == null ? "" : p.clientCert().toString());
        } finally {
            filling = false;
        }
        validate();
    }

    private Optional<String> storedToken(String profile) {
        try {
            storageProblem = null;
            return AgentTokens.defaultTokens().token(profile);
        } catch (IOException | StorageException | RuntimeException e) {
            storageProblem = String.format(Messages.ERR_STORAGE, e.getMessage());
            return Optional.empty();
        }
    }

    private void tokenFromFile() {
        FileDialog d = new FileDialog(getShell(), SWT.OPEN);
        String f = d.open();
        if (f != null) {
            setTokenFile(Path.of(f));
        }
    }

    /** Reads the token from an agent's token file (as "From File…" does). */
    public void setTokenFile(Path file) {
        try {
            token.setText(TokenFile.read(file));
        } catch (IOException | RuntimeException e) {
            error = String.format(Messages.ERR_TOKEN_FILE, e.getMessage());
            onChange.run();
        }
    }

    /** The profile the fields describe, or null (then {@link #error()} says why). */
    public AgentProfile validate() {
        if (filling || name.isDisposed()) {
            return null;
        }
        AgentProfile p = null;
        error = null;
        try {
            p = AgentProfile.parse(name.getText(), address.getText());
            String ca = caFile.getText().strip();
            if (!ca.isEmpty()) {
                p = p.withCaFile(Path.of(ca));
                if (!java.nio.file.Files.isReadable(p.caFile())) {
                    error = String.format(Messages.ERR_CA_FILE, ca);
                }
            }
            String cert = clientCert.getText().strip();
            if (!cert.isEmpty()) {
                p = p.withClientCert(Path.of(cert));
                if (error == null && !java.nio.file.Files.isReadable(p.clientCert())) {
                    error = String.format(Messages.ERR_CLIENT_CERT, cert);
                }
            }
            if (error == null && token.getText().isBlank() && cert.isEmpty()) {
                error = Messages.ERR_TOKEN;
            }
        } catch (IllegalArgumentException e) {
            error = e.getMessage();
        }
        if (error == null && storageProblem != null) {
            error = storageProblem;
        }
        certificate.setText(p == null ? "" : pinState(p));
        tokenState.setText(p != null && storedToken(p.name()).filter(t -> t.equals(token.getText().strip()))
                .isPresent() ? Messages.TOKEN_STORED : Messages.TOKEN_NOTE);
        save.setEnabled(error == null);
        String n = name.getText().strip();
        delete.setEnabled(profiles.stream().anyMatch(x -> x.name().equals(n)));
        layout(true, true);
        onChange.run();
        return error == null ? p : null;
    }

    private static String pinState(AgentProfile p) {
        if (p.caFile() != null) {
            return String.format(Messages.CERT_CA, p.caFile());
        }
        var o = p.clientOptions(null);
        try {
            Optional<Fingerprint> f = new KnownAgents(o.knownAgents()).lookup(o.agent());
            return f.map(x -> String.format(Messages.CERT_PINNED, x, o.knownAgents())).orElse(Messages.CERT_FIRST);
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /** Keeps the typed token for the profile in secure storage; false (and {@link #error()}) when it cannot. */
    public boolean storeToken() {
        AgentProfile p = validate();
        if (p == null) {
            return false;
        }
        try {
            AgentTokens.defaultTokens().put(p.name(), token.getText().strip());
            return true;
        } catch (IOException | StorageException | RuntimeException e) {
            error = String.format(Messages.ERR_STORAGE, e.getMessage());
            onChange.run();
            return false;
        }
    }

    private void saveProfile() {
        AgentProfile p = validate();
        if (p == null || !storeToken()) {
            return;
        }
        profiles.removeIf(x -> x.name().equals(p.name()));
        profiles.add(p);
        try {
            store.save(profiles);
        } catch (RuntimeException e) {
            error = e.getMessage();
        }
        list.refresh();
        list.setSelection(new StructuredSelection(p));
    }

    private void deleteProfile() {
        String n = name.getText().strip();
        profiles.removeIf(x -> x.name().equals(n));
        try {
            store.save(profiles);
            AgentTokens.defaultTokens().remove(n);
        } catch (IOException | RuntimeException e) {
            error = e.getMessage();
        }
        list.refresh();
        validate();
    }

    /** What is wrong with the fields now, or null. */
    public String error() {
        return error;
    }

    /** The token typed (or loaded); to connect with. */
    public String token() {
        return token.getText().strip();
    }

    /** For tests: types a profile. */
    public void setFields(String profileName, String hostPort, String tokenText) {
        name.setText(profileName);
        address.setText(hostPort);
        token.setText(tokenText);
        validate();
    }

    /** For tests: types the CA file ("" for none). */
    public void setCaFile(String path) {
        caFile.setText(path);
        validate();
    }

    /** For tests: types the client certificate ("" for none). */
    public void setClientCert(String path) {
        clientCert.setText(path);
        validate();
    }

    /** For tests: presses "Save profile". */
    public void pressSave() {
        saveProfile();
    }

    /** For tests: what the certificate line says. */
    public String certificateText() {
        return certificate.getText();
    }
}
