package org.ddstuner.connection;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.dds.InvalidConfigException;

/**
 * What to connect to: a DDS domain id and the Cyclone configuration to join it with.
 *
 * @param name       shown to the user
 * @param domainId   DDS domain id (0–232)
 * @param configKind how the Cyclone configuration is made
 * @param customXml  the configuration for {@link ConfigKind#CUSTOM_XML}, otherwise ignored
 * @param peers      unicast discovery peers (host or address) for {@link ConfigKind#PEERS}
 * @param startDemo  start the built-in demo system in this domain when connecting
 * @param configFile the path of the configuration file for {@link ConfigKind#FILE} ("" otherwise)
 * @param network    interface, transport and security for {@link ConfigKind#PEERS} and {@link ConfigKind#DEFAULT}
 *                   (joining a remote domain directly); {@link NetworkOptions#NONE} otherwise
 */
public record ConnectionProfile(String name, int domainId, ConfigKind configKind, String customXml, List<String> peers,
        boolean startDemo, String configFile, NetworkOptions network) {

    /** Where the Cyclone configuration comes from. */
    public enum ConfigKind {
        /** Sends nothing off this host: 127.0.0.1, no multicast, unicast discovery on loopback. */
        LOOPBACK_ONLY,
        /** Cyclone's defaults (multicast discovery on the default interface). */
        DEFAULT,
        /** A configuration the user wrote. */
        CUSTOM_XML,
        /** Unicast discovery with a list of peers, no multicast (for networks without multicast). */
        PEERS,
        /** A Cyclone XML file, read again on every connect (so edits to it count at the next connect). */
        FILE
    }

    public static final int DEMO_DOMAIN = 77;
    /** A Cyclone configuration is a few kB; a bigger file is not one (and is not read whole into memory). */
    public static final long MAX_CONFIG_FILE_BYTES = 1 << 20;
    private static final Pattern PEER = Pattern.compile("[A-Za-z0-9._:\\-\\[\\]]+");

    public ConnectionProfile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A connection needs a name.");
        }
        if (domainId < 0 || domainId > 232) {
            throw new IllegalArgumentException("The DDS domain id must be between 0 and 232, not " + domainId + ".");
        }
        if (configKind == null) {
            throw new IllegalArgumentException("A connection needs a configuration kind.");
        }
        customXml = customXml == null ? "" : customXml;
        peers = peers == null ? List.of() : peers.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
        configFile = configFile == null ? "" : configFile.strip();
        network = network == null ? NetworkOptions.NONE : network;
        if (!network.isNone() && configKind != ConfigKind.PEERS && configKind != ConfigKind.DEFAULT) {
            throw new IllegalArgumentException("Interface, transport and security apply to a peers or Cyclone-defaults "
                    + "configuration, not to " + configKind + ".");
        }
    }

    /** A profile without network options. */
    public ConnectionProfile(String name, int domainId, ConfigKind configKind, String customXml, List<String> peers,
            boolean startDemo, String configFile) {
        this(name, domainId, configKind, customXml, peers, startDemo, configFile, NetworkOptions.NONE);
    }

    /** This profile with other network options (interface, transport, security). */
    public ConnectionProfile withNetwork(NetworkOptions n) {
        return new ConnectionProfile(name, domainId, configKind, customXml, peers, startDemo, configFile, n);
    }

    /** A profile without a configuration file (every kind but {@link ConfigKind#FILE}). */
    public ConnectionProfile(String name, int domainId, ConfigKind configKind, String customXml, List<String> peers,
            boolean startDemo) {
        this(name, domainId, configKind, customXml, peers, startDemo, "");
    }

    /** A profile whose configuration is read from {@code file} at every connect. */
    public static ConnectionProfile fromFile(String name, int domainId, String file, boolean startDemo) {
        return new ConnectionProfile(name, domainId, ConfigKind.FILE, "", List.of(), startDemo, file);
    }

    /** The embedded default: a local demo system on a loopback-only configuration. */
    public static ConnectionProfile localDemo() {
        return new ConnectionProfile("Local demo", DEMO_DOMAIN, ConfigKind.LOOPBACK_ONLY, "", List.of(), true);
    }

    public static ConnectionProfile loopback(String name, int domainId) {
        return new ConnectionProfile(name, domainId, ConfigKind.LOOPBACK_ONLY, "", List.of(), false);
    }

    /**
     * The Cyclone XML for this profile.
     *
     * @throws InvalidConfigException for a malformed custom configuration or file (with line and column), a
     *                                configuration file that is missing or unreadable, or a bad peer
     */
    public String configXml() {
        return configXml(false);
    }

    /**
     * The Cyclone XML the tool's own connection creates its domain with: {@link #configXml()}, with Cyclone's
     * topic discovery ({@code EnableTopicDiscoveryEndpoints}, off by default) turned on in the configurations
     * the tool generates (loopback only, peers), so the DCPSTopic built-in topic also reports the topics of
     * remote participants that have it on as well; Cyclone's defaults and custom XML are left as they are.
     * Topic discovery only adds the topic announcements (SEDP): the tool still writes nothing to the system.
     *
     * @throws InvalidConfigException as {@link #configXml()}
     */
    public String connectionConfigXml() {
        return configXml(true);
    }

    private String configXml(boolean topicDiscovery) {
        String xml = switch (configKind) {
            case LOOPBACK_ONLY -> CycloneConfig.loopbackOnly(topicDiscovery);
            case DEFAULT -> network.isNone() ? "<CycloneDDS xmlns=\"https://cdds.io/config\"><Domain id=\"any\"/></CycloneDDS>"
                    : defaultWithNetwork();
            case CUSTOM_XML -> customXml;
            // libddsc 0.10.2 aborts in ddsi_new_topic when a secured domain has topic discovery on (measured
            // 2026-12-02: SIGABRT creating the demo's first topic): a secured domain goes without DCPSTopic
            case PEERS -> peersConfig(topicDiscovery && network.security() == null);
            case FILE -> readConfigFile();
        };
        if (configKind == ConfigKind.FILE) {
            try {
                CycloneConfig.validate(xml);
            } catch (InvalidConfigException e) {
                throw new InvalidConfigException(configFile + ": " + e.getMessage(), e.line(), e.column(), e);
            }
        } else {
            CycloneConfig.validate(xml);
        }
        return xml;
    }

    /** The configuration file's text, read now; a clear error when there is none to read. */
    private String readConfigFile() {
        if (configFile.isEmpty()) {
            throw new InvalidConfigException("Choose the Cyclone DDS configuration file.", -1, -1, null);
        }
        Path p;
        try {
            p = Path.of(configFile);
        } catch (InvalidPathException e) {
            throw new InvalidConfigException("Not a file path: \"" + configFile + "\" (" + e.getReason() + ").", -1, -1,
                    e);
        }
        if (!Files.exists(p)) {
            throw new InvalidConfigException("The configuration file " + p + " does not exist.", -1, -1, null);
        }
        if (!Files.isRegularFile(p)) {
            throw new InvalidConfigException(p + " is not a file.", -1, -1, null);
        }
        try {
            long size = Files.size(p);
            if (size > MAX_CONFIG_FILE_BYTES) {
                throw new InvalidConfigException("The configuration file " + p + " has " + size
                        + " bytes: too big for a Cyclone DDS configuration.", -1, -1, null);
            }
            return Files.readString(p);
        } catch (CharacterCodingException e) {
            throw new InvalidConfigException("The configuration file " + p + " is not UTF-8 text.", -1, -1, e);
        } catch (IOException e) {
            throw new InvalidConfigException("The configuration file " + p + " cannot be read: " + e, -1, -1, e);
        }
    }

    private String peersConfig(boolean topicDiscovery) {
        if (peers.isEmpty()) {
            throw new InvalidConfigException("A peers configuration needs at least one peer address.", -1, -1, null);
        }
        StringBuilder sb = new StringBuilder();
        for (String p : peers) {
            if (!PEER.matcher(p).matches()) {
                throw new InvalidConfigException("Not a host name or address: \"" + p + "\".", -1, -1, null);
            }
            sb.append("\n        <Peer address=\"").append(p).append("\"/>");
        }
        return """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain id="any">
                    <General>
                      <AllowMulticast>false</AllowMulticast>%s
                    </General>
                    <Discovery>
                      <ParticipantIndex>auto</ParticipantIndex>
                      <MaxAutoParticipantIndex>%d</MaxAutoParticipantIndex>
                      <Peers>%s
                      </Peers>%s
                    </Discovery>%s
                  </Domain>
                </CycloneDDS>
                """.formatted(network.generalXml(), CycloneConfig.MAX_AUTO_PARTICIPANT_INDEX, sb,
                topicDiscovery ? CycloneConfig.TOPIC_DISCOVERY_LINE : "", network.domainXml());
    }

    /** Cyclone's defaults (multicast discovery) with the interface, transport and security of {@link #network}. */
    private String defaultWithNetwork() {
        return """
                <CycloneDDS xmlns="https://cdds.io/config">
                  <Domain id="any">
                    <General>%s
                    </General>%s
                  </Domain>
                </CycloneDDS>
                """.formatted(network.generalXml(), network.domainXml());
    }

    /** A short description such as "domain 77, loopback only". */
    public String summary() {
        String cfg = switch (configKind) {
            case LOOPBACK_ONLY -> "loopback only";
            case DEFAULT -> "Cyclone defaults";
            case CUSTOM_XML -> "custom XML";
            case PEERS -> "peers " + String.join(", ", peers);
            case FILE -> "config file " + configFile;
        };
        String net = network.summary();
        return "domain " + domainId + ", " + cfg + (net.isEmpty() ? "" : ", " + net)
                + (startDemo ? ", with demo system" : "");
    }
}
