package org.ddstuner.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Qos;

/**
 * Where a participant runs, as far as its discovery properties tell. Each vendor uses its own
 * property keys; {@link #fromProperties} knows Cyclone DDS, RTI Connext and Fast DDS. Unknown
 * values are {@code null} (pid: -1); {@link #hostText()} says "unknown host" rather than blank.
 */
public record ProcessInfo(String host, long pid, String processName, String user, List<String> addresses) {

    public static final ProcessInfo UNKNOWN = new ProcessInfo(null, -1, null, null, List.of());
    public static final String UNKNOWN_HOST = "unknown host";

    // Cyclone DDS (dds_builtintopic.h DDS_BUILTIN_TOPIC_PARTICIPANT_PROPERTY_*)
    static final String CYCLONE_HOST = "__Hostname";
    static final String CYCLONE_PID = "__Pid";
    static final String CYCLONE_PROCESS = "__ProcessName";
    static final String CYCLONE_ADDRESSES = "__NetworkAddresses";
    // RTI Connext
    static final String RTI_HOST = "dds.sys_info.hostname";
    static final String RTI_PID = "dds.sys_info.process_id";
    static final String RTI_EXECUTABLE = "dds.sys_info.executable_filepath";
    static final String RTI_USER = "dds.sys_info.username";
    // Fast DDS: ".process" is the process id
    static final String FASTDDS_HOST = "fastdds.physical_data.host";
    static final String FASTDDS_PROCESS = "fastdds.physical_data.process";
    static final String FASTDDS_USER = "fastdds.physical_data.user";

    private static final java.util.regex.Pattern HOST_WITH_NUMBER = java.util.regex.Pattern.compile("(.+):\\d+");
    private static final java.util.regex.Pattern MACHINE_ID = java.util.regex.Pattern.compile("[0-9a-f]{32}");

    public ProcessInfo {
        addresses = List.copyOf(addresses);
    }

    /** Extracts what is known from a participant QoS (its properties); never fails. */
    public static ProcessInfo fromQos(Qos qos) {
        return qos == null || qos.properties() == null ? UNKNOWN : fromProperties(qos.properties().values());
    }

    /** Extracts host, pid, process name, user and addresses from any vendor's property keys. */
    public static ProcessInfo fromProperties(Map<String, String> p) {
        String host = first(p, CYCLONE_HOST, RTI_HOST);
        if (host == null) {
            host = fastDdsHost(nonBlank(p.get(FASTDDS_HOST)));
        }
        long pid = parsePid(first(p, CYCLONE_PID, RTI_PID, FASTDDS_PROCESS));
        String process = nonBlank(p.get(CYCLONE_PROCESS));
        if (process == null) {
            process = baseName(nonBlank(p.get(RTI_EXECUTABLE)));
        }
        String fastProcess = nonBlank(p.get(FASTDDS_PROCESS));
        if (process == null && fastProcess != null && parsePid(fastProcess) < 0) {
            process = fastProcess; // not a number: some Fast DDS versions put a name there
        }
        String user = first(p, RTI_USER, FASTDDS_USER);
        return new ProcessInfo(host, pid, process, user, splitAddresses(p.get(CYCLONE_ADDRESSES)));
    }

    /**
     * The IP addresses in {@link #addresses()}: Cyclone sends locators such as
     * {@code udp/127.0.0.1:7410@1} or {@code udp/[::1]:7410@1}; this returns {@code 127.0.0.1} / {@code ::1},
     * without duplicates and without the "localprocess" marker.
     */
    public List<String> addressHosts() {
        List<String> out = new ArrayList<>();
        for (String a : addresses) {
            String h = a;
            int slash = h.indexOf('/');
            h = slash >= 0 ? h.substring(slash + 1) : h;
            int at = h.lastIndexOf('@');
            h = at >= 0 ? h.substring(0, at) : h;
            if (h.startsWith("[")) {
                int close = h.indexOf(']');
                h = close > 0 ? h.substring(1, close) : h;
            } else if (h.indexOf(':') == h.lastIndexOf(':') && h.indexOf(':') >= 0) {
                h = h.substring(0, h.indexOf(':')); // a:port; several colons = bare IPv6
            }
            if (!h.isEmpty() && !h.equals("localprocess") && !out.contains(h)) {
                out.add(h);
            }
        }
        return out;
    }

    public boolean hasPid() {
        return pid >= 0;
    }

    /** The host name, "machine 3d1219c7…" when only a machine id is known, or "unknown host". */
    public String hostText() {
        if (host == null) {
            return UNKNOWN_HOST;
        }
        return MACHINE_ID.matcher(host).matches() ? "machine " + host.substring(0, 8) + "…" : host;
    }

    /**
     * Fast DDS 2.x sends "hostname:&lt;number&gt;" (the number identifies the boot, not the host); Fast DDS 3
     * sends the 32-hex-digit /etc/machine-id. Keeps the host name, or the machine id as it is.
     */
    private static String fastDdsHost(String v) {
        if (v == null) {
            return null;
        }
        java.util.regex.Matcher m = HOST_WITH_NUMBER.matcher(v);
        return m.matches() ? m.group(1) : v;
    }

    /** "talker (pid 1234)", "pid 1234", "talker" or "unknown process". */
    public String processText() {
        if (processName != null && hasPid()) {
            return processName + " (pid " + pid + ")";
        }
        if (hasPid()) {
            return "pid " + pid;
        }
        return processName != null ? processName : "unknown process";
    }

    private static String first(Map<String, String> p, String... keys) {
        for (String k : keys) {
            String v = nonBlank(p.get(k));
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String nonBlank(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static long parsePid(String s) {
        if (s == null) {
            return -1;
        }
        try {
            long v = Long.parseLong(s.strip());
            return v >= 0 ? v : -1;
        } catch (NumberFormatException notANumber) {
            return -1;
        }
    }

    private static String baseName(String path) {
        if (path == null) {
            return null;
        }
        int cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        String name = path.substring(cut + 1);
        return name.isEmpty() ? path : name;
    }

    /**
     * Cyclone joins its locators ("udp/127.0.0.1:7410@1") with commas; for a participant in the
     * observer's own process it sends the single word "localprocess". Both are kept as sent.
     */
    private static List<String> splitAddresses(String s) {
        List<String> out = new ArrayList<>();
        if (s != null) {
            for (String a : s.split("[,\\s]+")) {
                if (!a.isEmpty()) {
                    out.add(a);
                }
            }
        }
        return out;
    }
}
