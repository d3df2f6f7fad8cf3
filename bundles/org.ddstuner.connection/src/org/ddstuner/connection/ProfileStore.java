package org.ddstuner.connection;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Saved connection profiles, one properties file (default {@code ~/.ddstuner/profiles.properties}).
 * A damaged entry is skipped and reported, never loses the others.
 */
public final class ProfileStore {

    private final Path file;
    private final List<String> warnings = new ArrayList<>();

    public ProfileStore(Path file) {
        this.file = file;
    }

    public static ProfileStore defaultStore() {
        String dir = System.getProperty("ddstuner.home", System.getProperty("user.home") + "/.ddstuner");
        return new ProfileStore(Path.of(dir, "profiles.properties"));
    }

    public Path file() {
        return file;
    }

    /** Problems met by the last {@link #load()} (damaged entries that were skipped). */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** The saved profiles; the local demo first when nothing is saved yet. */
    public synchronized List<ConnectionProfile> load() {
        warnings.clear();
        if (!Files.exists(file)) {
            return List.of(ConnectionProfile.localDemo());
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            warnings.add("Could not read " + file + ": " + e.getMessage());
            return List.of(ConnectionProfile.localDemo());
        }
        int count = parseInt(p.getProperty("count"), 0);
        List<ConnectionProfile> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String k = "profile." + i + ".";
            try {
                out.add(new ConnectionProfile(p.getProperty(k + "name"), Integer.parseInt(p.getProperty(k + "domain")),
                        ConnectionProfile.ConfigKind.valueOf(p.getProperty(k + "config")), p.getProperty(k + "xml", ""),
                        Arrays.asList(p.getProperty(k + "peers", "").split(",")),
                        Boolean.parseBoolean(p.getProperty(k + "demo", "false")), p.getProperty(k + "file", ""),
                        loadNetwork(p, k)));
            } catch (RuntimeException e) {
                warnings.add("Skipped damaged profile " + i + " in " + file + ": " + e.getMessage());
            }
        }
        return out;
    }

    public synchronized void save(List<ConnectionProfile> profiles) {
        Properties p = new Properties();
        p.setProperty("count", Integer.toString(profiles.size()));
        for (int i = 0; i < profiles.size(); i++) {
            ConnectionProfile c = profiles.get(i);
            String k = "profile." + i + ".";
            p.setProperty(k + "name", c.name());
            p.setProperty(k + "domain", Integer.toString(c.domainId()));
            p.setProperty(k + "config", c.configKind().name());
            p.setProperty(k + "xml", c.customXml());
            p.setProperty(k + "peers", String.join(",", c.peers()));
            p.setProperty(k + "demo", Boolean.toString(c.startDemo()));
            p.setProperty(k + "file", c.configFile());
            saveNetwork(p, k, c.network());
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(w, "DDS Tuner connection profiles");
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not save connection profiles to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Network options under {@code profile.N.net.*} (absent in files written before them: none). */
    private static NetworkOptions loadNetwork(Properties p, String k) {
        String n = k + "net.";
        NetworkOptions.Security sec = null;
        if (p.getProperty(n + "identityCa") != null) {
            String[] keys = { "identityCa", "identityCert", "privateKey", "permissionsCa", "governance", "permissions" };
            Path[] files = new Path[keys.length];
            for (int i = 0; i < keys.length; i++) {
                files[i] = Path.of(p.getProperty(n + keys[i], ""));
            }
            sec = new NetworkOptions.Security(files[0], files[1], files[2], files[3], files[4], files[5]);
        }
        return new NetworkOptions(p.getProperty(n + "interface", ""),
                NetworkOptions.Transport.valueOf(p.getProperty(n + "transport", "UDP")),
                parseInt(p.getProperty(n + "tcpPort"), 0), sec);
    }

    private static void saveNetwork(Properties p, String k, NetworkOptions o) {
        if (o.isNone()) {
            return;
        }
        String n = k + "net.";
        p.setProperty(n + "interface", o.networkInterface());
        p.setProperty(n + "transport", o.transport().name());
        p.setProperty(n + "tcpPort", Integer.toString(o.tcpPort()));
        NetworkOptions.Security s = o.security();
        if (s != null) {
            p.setProperty(n + "identityCa", s.identityCa().toString());
            p.setProperty(n + "identityCert", s.identityCertificate().toString());
            p.setProperty(n + "privateKey", s.privateKey().toString());
            p.setProperty(n + "permissionsCa", s.permissionsCa().toString());
            p.setProperty(n + "governance", s.governance().toString());
            p.setProperty(n + "permissions", s.permissions().toString());
        }
    }

    private static int parseInt(String s, int dflt) {
        try {
            return s == null ? dflt : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }
}
