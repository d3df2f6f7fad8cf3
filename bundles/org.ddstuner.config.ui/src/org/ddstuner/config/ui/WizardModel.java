package org.ddstuner.config.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.scenario.Scenario;
import org.ddstuner.config.scenario.ScenarioOptions;
import org.ddstuner.config.scenario.Throughput;
import org.ddstuner.config.scenario.Tls;

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
    /** Transport page: TLS over TCP with this PEM keystore. */
    boolean tls;
    String tlsKeystore;
    boolean tlsSelfSigned;
    /** Nodes page: NAME → ADDRESS; two or more make a deployment (one file per node). */
    java.util.Map<String, String> nodes = new java.util.LinkedHashMap<>();
    boolean largeData;
    String maxMessageSize = "65500 B";
    String fragmentSize = "62 KiB";
    long socketBuffer = 8L << 20;
    boolean security;
    String[] securityFiles = new String[6];
    /** Security: the file is the tool's own; write subscribe-only permissions for {@link #toolSubject}. */
    boolean toolPermissions;
    String toolSubject;
    /** The permissions CA's key to sign the tool's permissions with; blank: only the XML is written. */
    String permissionsCaKey;
    /** The interfaces the network page listed and the file is checked against (this host's, or a node's). */
    NodeInterfaces node = NodeInterfaces.thisHost();
    /** Where agents' certificates are pinned (null: the default; tests use their own). */
    Path knownAgents;
    /** Throughput page: presets, and element values over them (blank: the preset's). */
    Throughput.History history = Throughput.History.DEFAULT;
    Throughput.Delivery delivery = Throughput.Delivery.SYNCHRONOUS;
    String whcHigh;
    String whcLow;
    String syncLatencyBound;
    String syncPriorityThreshold;
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
                blank(tracing), blank(traceFile), monitor ? monitorPort : null).withThroughput(throughput())
                .withTls(tcp && tls ? new Tls(tlsKeystore, null, tlsSelfSigned, true) : null);
    }

    /** The throughput page's choices; null when they are all Cyclone's defaults (nothing written). */
    Throughput throughput() {
        String threshold = blank(syncPriorityThreshold);
        Integer t;
        try {
            t = threshold == null ? null : Integer.valueOf(threshold.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Priority threshold: a whole number (a transport priority), not " + threshold);
        }
        Throughput out = Throughput.of(history, delivery).overriddenBy(new Throughput(blank(whcHigh), blank(whcLow), null,
                blank(syncLatencyBound), t));
        return out.isDefault() ? null : out;
    }

    private static String blank(String s) {
        return s == null || s.isBlank() || s.equals("none") ? null : s;
    }
}
