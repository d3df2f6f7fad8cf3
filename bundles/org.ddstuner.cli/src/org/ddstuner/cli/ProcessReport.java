package org.ddstuner.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.ddstuner.json.StrictJson;
import org.ddstuner.system.NameFilter;
import org.ddstuner.system.Participant;
import org.ddstuner.system.ProcessInfo;
import org.ddstuner.system.SystemSnapshot;

/**
 * {@code ddstuner ps}: hosts → processes → participants, as text or as JSON. Participants whose process is
 * not known (no host/pid properties) are grouped under "unknown host" / "unknown process".
 */
final class ProcessReport {

    /** One process: its identity as announced, and its participants sorted by name. */
    record Process(ProcessInfo info, List<Participant> participants) { }

    /** One host: its name as announced ({@code null} when unknown) and its processes. */
    record Host(String name, String text, List<Process> processes) { }

    private ProcessReport() {
    }

    static List<Host> hosts(SystemSnapshot s, NameFilter filter) {
        Map<String, Map<String, List<Participant>>> tree = new TreeMap<>();
        Map<String, String> hostNames = new TreeMap<>();
        for (Participant p : s.participants()) {
            if (filter.matches(p)) {
                ProcessInfo pi = p.process();
                hostNames.put(pi.hostText(), pi.host());
                tree.computeIfAbsent(pi.hostText(), h -> new TreeMap<>())
                        .computeIfAbsent(processKey(pi), x -> new ArrayList<>()).add(p);
            }
        }
        List<Host> hosts = new ArrayList<>();
        tree.forEach((hostText, procs) -> {
            List<Process> processes = new ArrayList<>();
            procs.values().forEach(parts -> processes.add(new Process(parts.get(0).process(), parts.stream()
                    .sorted(Comparator.comparing(Participant::displayName)).toList())));
            hosts.add(new Host(hostNames.get(hostText), hostText, processes));
        });
        return hosts;
    }

    /** Participants of one process share name and pid; the pid sorts numerically. */
    private static String processKey(ProcessInfo pi) {
        return String.format("%020d %s", pi.hasPid() ? pi.pid() : Long.MAX_VALUE, Objects.toString(pi.processName(), ""));
    }

    static void text(SystemSnapshot s, NameFilter filter, PrintStream out) {
        for (Host h : hosts(s, filter)) {
            int participants = h.processes().stream().mapToInt(p -> p.participants().size()).sum();
            out.println(h.text() + "  (" + TextReport.count(h.processes().size(), "process", "processes") + ", " + TextReport.count(participants, "participant") + ")");
            for (Process p : h.processes()) {
                long endpoints = p.participants().stream().mapToLong(x -> s.endpointsOf(x.guid()).size()).sum();
                out.println("  " + p.info().processText() + "  " + TextReport.count(p.participants().size(), "participant")
                        + ", " + TextReport.count(endpoints, "endpoint"));
                for (Participant x : p.participants()) {
                    out.printf("    %-24s %-22s %s  %s%s%n", x.displayName(), x.vendor().name(), x.guid(),
                            TextReport.count(s.endpointsOf(x.guid()).size(), "endpoint"),
                            x.alive() ? "" : "  (gone since " + x.goneSince() + ")");
                }
            }
        }
    }

    /**
     * {"takenAt", "includesOwn", "hosts": [{"host", "processes": [{"pid", "process", "user", "participants":
     * [{"guid", "name", "displayName", "vendor": {"id", "name"}, "alive", "goneSince", "endpoints": N}]}]}]};
     * unknown values are null.
     */
    static String json(SystemSnapshot s, NameFilter filter) {
        return StrictJson.write(g -> {
            g.writeStartObject();
            g.writeStringField("takenAt", s.takenAt().toString());
            g.writeBooleanField("includesOwn", s.includesOwn());
            g.writeArrayFieldStart("hosts");
            for (Host h : hosts(s, filter)) {
                g.writeStartObject();
                g.writeStringField("host", h.name());
                g.writeArrayFieldStart("processes");
                for (Process p : h.processes()) {
                    g.writeStartObject();
                    g.writeFieldName("pid");
                    if (p.info().hasPid()) {
                        g.writeNumber(p.info().pid());
                    } else {
                        g.writeNull();
                    }
                    g.writeStringField("process", p.info().processName());
                    g.writeStringField("user", p.info().user());
                    g.writeArrayFieldStart("participants");
                    for (Participant x : p.participants()) {
                        g.writeStartObject();
                        g.writeStringField("guid", x.guid().toString());
                        g.writeStringField("name", x.name());
                        g.writeStringField("displayName", x.displayName());
                        g.writeObjectFieldStart("vendor");
                        g.writeStringField("id", x.vendor().idText());
                        g.writeStringField("name", x.vendor().name());
                        g.writeEndObject();
                        g.writeBooleanField("alive", x.alive());
                        g.writeStringField("goneSince", x.goneSince() == null ? null : x.goneSince().toString());
                        g.writeNumberField("endpoints", s.endpointsOf(x.guid()).size());
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
