package org.ddstuner.update;

import java.net.URI;
import java.nio.file.Path;

import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.InstanceScope;

/**
 * Where the product looks for updates (a p2 repository, e.g. the build's {@code product/target/repository}
 * published on a web server or in a folder). First match wins: the system property {@value #PROPERTY}, the
 * environment variable {@value #ENV} (tests and scripts), the preference {@value #NODE}/{@value #KEY} (the user's
 * instance preference, else the product's default from {@code plugin_customization.ini}), else {@link #DEFAULT}.
 */
public final class UpdateSite {

    public static final String PROPERTY = "ddstuner.update.site";
    public static final String ENV = "DDSTUNER_UPDATE_SITE";
    public static final String NODE = "org.ddstuner.update";
    public static final String KEY = "site";
    /** Only used when the product's plugin_customization.ini does not name one (a development runtime). */
    public static final String DEFAULT = "https://ddstuner.org/updates/";

    /** A location and where it was configured (shown in the dialog so a person knows what to change). */
    public record Location(URI uri, String from) {
    }

    private UpdateSite() {
    }

    public static Location resolve() {
        String v = System.getProperty(PROPERTY);
        if (notBlank(v)) {
            return new Location(toUri(v), "system property " + PROPERTY);
        }
        v = System.getenv(ENV);
        if (notBlank(v)) {
            return new Location(toUri(v), "environment variable " + ENV);
        }
        try {
            v = InstanceScope.INSTANCE.getNode(NODE).get(KEY, null);
            if (notBlank(v)) {
                return new Location(toUri(v), "preference " + NODE + "/" + KEY);
            }
            v = DefaultScope.INSTANCE.getNode(NODE).get(KEY, null);
            if (notBlank(v)) {
                return new Location(toUri(v), "the product's default (plugin_customization.ini)");
            }
        } catch (RuntimeException e) { // no instance area (e.g. -data @none): the default applies
        }
        return new Location(toUri(DEFAULT), "built-in default");
    }

    /** Saves a location as the user's preference (null or blank: back to the product's default). */
    public static void save(String location) throws org.osgi.service.prefs.BackingStoreException {
        var node = InstanceScope.INSTANCE.getNode(NODE);
        if (notBlank(location)) {
            node.put(KEY, toUri(location).toString());
        } else {
            node.remove(KEY);
        }
        node.flush();
    }

    /** A URL as given, or a plain folder path as a file: URL (people type paths). */
    public static URI toUri(String s) {
        String t = s.trim();
        if (t.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return URI.create(t);
        }
        return Path.of(t).toAbsolutePath().normalize().toUri();
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
