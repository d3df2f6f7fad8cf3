package org.ddstuner.config.ui;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;

/** What the wizard's pages chose so far (UI thread only). */
final class WizardModel {

    Scenario scenario = Scenario.UNICAST_PEERS;
    String networkInterface;
    List<String> peers = new ArrayList<>(List.of("127.0.0.1"));
    int processes = 10;
    String spdpInterval;
    String leaseDuration;
    boolean tcp;
    /** Shared memory (Iceoryx); exclusive with {@link #tcp}. */
    boolean sharedMemory;
    int tcpPort = -1;
    boolean largeData;
    String maxMessageSize = "65500 B";
    String fragmentSize = "62 KiB";
    long socketBuffer = 8L << 20;
    boolean security;
    String[] securityFiles = new String[6];
    String tracing;
    String traceFile;
    boolean monitor;
    int monitorPort;

    /** The scenario the choices amount to: security, TCP, shared memory and large data override the first page's. */
    Scenario effectiveScenario() {
        if (security) {
            return Scenario.SECURITY;
        }
        if (tcp) {
            return Scenario.TCP;
        }
        if (sharedMemory) {
            return Scenario.SHARED_MEMORY;
        }
        if (largeData) {
            return Scenario.LARGE_DATA;
        }
        return scenario;
    }

    ScenarioOptions options() {
        ScenarioOptions.SecurityFiles sec = security ? new ScenarioOptions.SecurityFiles(securityFiles[0], securityFiles[1],
                securityFiles[2], securityFiles[3], securityFiles[4], securityFiles[5]) : null;
        return new ScenarioOptions("any", networkInterface, peers, processes, blank(spdpInterval), blank(leaseDuration), null,
                largeData ? maxMessageSize : null, largeData ? fragmentSize : null, largeData ? socketBuffer : 0, tcpPort, sec,
                blank(tracing), blank(traceFile), monitor ? monitorPort : null);
    }

    private static String blank(String s) {
        return s == null || s.isBlank() || s.equals("none") ? null : s;
    }
}
