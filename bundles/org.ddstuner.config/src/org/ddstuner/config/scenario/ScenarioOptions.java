package org.ddstuner.config.scenario;

import java.util.List;

/**
 * What a person chose for a scenario; {@code null} or empty means "the scenario's default".
 *
 * @param domainId          "any" or a number
 * @param networkInterface  interface name ("eth0") or IPv4 address; {@code null}: Cyclone picks ({@code autodetermine})
 * @param peers             unicast peer addresses (host names or IPs)
 * @param processesPerHost  how many DDS processes run per host (sizes the participant index range)
 * @param spdpInterval      e.g. "5 s"; {@code null}: Cyclone's default
 * @param leaseDuration     e.g. "10 s"
 * @param multicastTtl      for multicast-lan
 * @param maxMessageSize    for large-data, e.g. "65500 B"
 * @param fragmentSize      for large-data, e.g. "62 KiB"
 * @param socketBufferBytes receive/send socket buffer for large-data
 * @param tcpPort           for tcp (-1: ephemeral)
 * @param security          file paths for security, {@code null} otherwise
 * @param tracing           Cyclone trace verbosity ("config", "fine", "finest") or {@code null} for none
 * @param traceFile         where the trace goes
 * @param monitorPort       Internal/MonitorPort or {@code null} (off)
 * @param throughput        writer history watermarks and delivery mode, {@code null}: Cyclone's defaults
 * @param tls               TLS over the tcp scenario's connections, {@code null}: plain TCP
 */
public record ScenarioOptions(String domainId, String networkInterface, List<String> peers, int processesPerHost,
        String spdpInterval, String leaseDuration, Integer multicastTtl, String maxMessageSize, String fragmentSize,
        long socketBufferBytes, int tcpPort, SecurityFiles security, String tracing, String traceFile, Integer monitorPort, Throughput throughput, Tls tls) {

    /** The DDS Security files (paths or URIs). */
    public record SecurityFiles(String identityCa, String identityCertificate, String privateKey, String permissionsCa,
            String governance, String permissions) {
    }

    public ScenarioOptions {
        peers = peers == null ? List.of() : List.copyOf(peers);
    }

    /** Without throughput settings (Cyclone's defaults for writer history and delivery). */
    public ScenarioOptions(String domainId, String networkInterface, List<String> peers, int processesPerHost,
            String spdpInterval, String leaseDuration, Integer multicastTtl, String maxMessageSize, String fragmentSize,
            long socketBufferBytes, int tcpPort, SecurityFiles security, String tracing, String traceFile, Integer monitorPort) {
        this(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration, multicastTtl, maxMessageSize,
                fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile, monitorPort, null, null);
    }

    public ScenarioOptions withTls(Tls t) {
        return new ScenarioOptions(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile,
                monitorPort, throughput, t);
    }

    public ScenarioOptions withThroughput(Throughput t) {
        return new ScenarioOptions(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile,
                monitorPort, t, tls);
    }

    public static ScenarioOptions defaults() {
        return new ScenarioOptions("any", null, List.of(), 10, null, null, null, null, null, 0, -1, null, null, null, null);
    }

    public ScenarioOptions withInterface(String i) {
        return new ScenarioOptions(domainId, i, peers, processesPerHost, spdpInterval, leaseDuration, multicastTtl,
                maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile, monitorPort, throughput, tls);
    }

    public ScenarioOptions withPeers(List<String> p) {
        return new ScenarioOptions(domainId, networkInterface, p, processesPerHost, spdpInterval, leaseDuration, multicastTtl,
                maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile, monitorPort, throughput, tls);
    }

    public ScenarioOptions withSecurity(SecurityFiles s) {
        return new ScenarioOptions(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, s, tracing, traceFile, monitorPort, throughput, tls);
    }

    public ScenarioOptions withMonitorPort(Integer port) {
        return new ScenarioOptions(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, tracing, traceFile, port, throughput, tls);
    }

    public ScenarioOptions withTracing(String verbosity, String file) {
        return new ScenarioOptions(domainId, networkInterface, peers, processesPerHost, spdpInterval, leaseDuration,
                multicastTtl, maxMessageSize, fragmentSize, socketBufferBytes, tcpPort, security, verbosity, file, monitorPort, throughput, tls);
    }
}
