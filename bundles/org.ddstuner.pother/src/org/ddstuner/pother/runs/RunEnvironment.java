package org.ddstuner.pother.runs;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;

import org.ddstuner.dds.DdsLibrary;

/**
 * Where a run ran, so two saved runs can be compared honestly: host, the libddsc version and file,
 * Java version, CPU count, OS and the Cyclone configuration XML the pair used.
 */
public record RunEnvironment(String host, String libddscVersion, String libddscPath, String javaVersion, int cpuCount,
        String os, String config) {

    /** This process's environment with {@code config} as the Cyclone configuration. */
    public static RunEnvironment capture(String config) {
        String version;
        String path;
        try {
            DdsLibrary lib = DdsLibrary.get();
            version = lib.version();
            path = lib.path().toString();
        } catch (RuntimeException e) {
            version = "not loaded: " + e.getMessage();
            path = "";
        }
        return new RunEnvironment(hostName(), version, path, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                config == null ? "" : config);
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName(); // reads /etc/hosts or the kernel, sends nothing
        } catch (java.io.IOException e) {
            String env = System.getenv("HOSTNAME");
            return env == null ? "localhost" : env;
        }
    }

    /** One line for lists and tooltips. */
    public String summary() {
        return host + ", libddsc " + libddscVersion + ", Java " + javaVersion + ", " + cpuCount + " CPUs";
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("host", host);
        m.put("libddscVersion", libddscVersion);
        m.put("libddscPath", libddscPath);
        m.put("javaVersion", javaVersion);
        m.put("cpuCount", cpuCount);
        m.put("os", os);
        m.put("config", config);
        return m;
    }

    static RunEnvironment fromJson(Map<String, Object> m) {
        return new RunEnvironment(RunJson.str(m, "host"), RunJson.str(m, "libddscVersion"),
                RunJson.str(m, "libddscPath"), RunJson.str(m, "javaVersion"), (int) RunJson.num(m, "cpuCount"),
                RunJson.str(m, "os"), RunJson.str(m, "config"));
    }
}
