package org.ddstuner.pother.runs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU and memory of one agent over one report period: user and system CPU in percent of one CPU
 * (200 = two CPUs busy; at most 100 × the agent's CPUs), resident set size in bytes. Reports that don't carry them pass {@code null}.
 */
public record AgentResources(double cpuUserPercent, double cpuSystemPercent, long rssBytes) {

    public double cpuTotalPercent() {
        return cpuUserPercent + cpuSystemPercent;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpuUser", cpuUserPercent);
        m.put("cpuSys", cpuSystemPercent);
        m.put("rss", rssBytes);
        return m;
    }

    static AgentResources fromJson(Map<String, Object> m) {
        return m == null ? null
                : new AgentResources(RunJson.num(m, "cpuUser"), RunJson.num(m, "cpuSys"), RunJson.lng(m, "rss"));
    }
}
