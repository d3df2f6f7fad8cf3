package org.ddstuner.connection.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;
import org.ddstuner.connection.NetworkOptions;
import org.ddstuner.connection.ProfileStore;
import org.ddstuner.dds.InvalidConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionProfileTest {

    @Test
    void localDemoIsLoopbackOnlyWithDemo() {
        ConnectionProfile p = ConnectionProfile.localDemo();
        assertEquals(ConfigKind.LOOPBACK_ONLY, p.configKind());
        assertTrue(p.startDemo());
        String xml = p.configXml();
        assertTrue(xml.contains("127.0.0.1"), xml);
        assertTrue(xml.contains("<AllowMulticast>false</AllowMulticast>"), xml);
    }

    @Test
    void malformedCustomXmlNamesLineAndColumn() {
        ConnectionProfile p = new ConnectionProfile("bad", 3, ConfigKind.CUSTOM_XML,
                "<CycloneDDS>\n  <Domain>\n</CycloneDDS>", List.of(), false);
        InvalidConfigException e = assertThrows(InvalidConfigException.class, p::configXml);
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
    }

    @Test
    void wrongRootElementIsRefused() {
        ConnectionProfile p = new ConnectionProfile("bad", 3, ConfigKind.CUSTOM_XML, "<Cyclone/>", List.of(), false);
        InvalidConfigException e = assertThrows(InvalidConfigException.class, p::configXml);
        assertTrue(e.getMessage().contains("CycloneDDS"), e.getMessage());
    }

    @Test
    void peersConfigListsEveryPeerWithoutMulticast() {
        ConnectionProfile p = new ConnectionProfile("lab", 5, ConfigKind.PEERS, "", List.of("10.0.0.7", " host-b "), false);
        String xml = p.configXml();
        assertTrue(xml.contains("<Peer address=\"10.0.0.7\"/>"), xml);
        assertTrue(xml.contains("<Peer address=\"host-b\"/>"), xml);
        assertTrue(xml.contains("<AllowMulticast>false</AllowMulticast>"), xml);
    }

    @Test
    void peerWithMarkupIsRefused() {
        ConnectionProfile p = new ConnectionProfile("lab", 5, ConfigKind.PEERS, "", List.of("a\"/><x"), false);
        assertThrows(InvalidConfigException.class, p::configXml);
        ConnectionProfile none = new ConnectionProfile("lab", 5, ConfigKind.PEERS, "", List.of(), false);
        assertThrows(InvalidConfigException.class, none::configXml);
    }

    @Test
    void domainOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new ConnectionProfile("x", 233, ConfigKind.LOOPBACK_ONLY, "", List.of(), false));
        assertThrows(IllegalArgumentException.class,
                () -> new ConnectionProfile(" ", 1, ConfigKind.LOOPBACK_ONLY, "", List.of(), false));
    }

    @Test
    void storeRoundTripsProfilesIncludingMultiLineXml(@TempDir Path dir) {
        ProfileStore store = new ProfileStore(dir.resolve("profiles.properties"));
        assertEquals(List.of(ConnectionProfile.localDemo()), store.load(), "nothing saved yet: the local demo");
        List<ConnectionProfile> saved = List.of(ConnectionProfile.localDemo(),
                new ConnectionProfile("custom", 9, ConfigKind.CUSTOM_XML, "<CycloneDDS>\n <Domain id=\"any\"/>\n</CycloneDDS>",
                        List.of(), false),
                new ConnectionProfile("lab", 4, ConfigKind.PEERS, "", List.of("10.1.1.1", "10.1.1.2"), false));
        store.save(saved);
        assertEquals(saved, store.load());
        assertTrue(store.warnings().isEmpty());
    }

    /** Issue 15, way 1: interface, TCP and security are saved with the profile and come back the same. */
    @Test
    void storeRoundTripsNetworkOptions(@TempDir Path dir) {
        ProfileStore store = new ProfileStore(dir.resolve("profiles.properties"));
        NetworkOptions tcp = new NetworkOptions("eth1", NetworkOptions.Transport.TCP, 7610,
                NetworkOptions.Security.inDirectory(dir.resolve("sec")));
        List<ConnectionProfile> saved = List.of(
                new ConnectionProfile("ship", 4, ConfigKind.PEERS, "", List.of("10.0.0.5:7610"), false).withNetwork(tcp),
                new ConnectionProfile("lab", 5, ConfigKind.DEFAULT, "", List.of(), false)
                        .withNetwork(new NetworkOptions("10.1.2.3", NetworkOptions.Transport.UDP, 0, null)),
                ConnectionProfile.localDemo());
        store.save(saved);
        assertEquals(saved, store.load());
        assertTrue(store.warnings().isEmpty(), store.warnings().toString());
        assertEquals("domain 4, peers 10.0.0.5:7610, interface eth1, TCP port 7610, secured", saved.get(0).summary());
        String xml = saved.get(0).configXml();
        assertTrue(xml.contains("<Tcp><Port>7610</Port></Tcp>") && xml.contains("<Security>")
                && xml.contains("<Permissions>file:" + dir.resolve("sec/permissions.p7s") + "</Permissions>"), xml);
        assertThrows(IllegalArgumentException.class, () -> ConnectionProfile.loopback("x", 1).withNetwork(tcp),
                "a loopback-only configuration takes no network options");
    }

    @Test
    void aConfigFileIsReadAtEveryUseAndItsProblemsNameTheFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("cyclone.xml");
        ConnectionProfile p = ConnectionProfile.fromFile("from file", 9, f.toString(), false);
        assertEquals(ConfigKind.FILE, p.configKind());
        InvalidConfigException missing = assertThrows(InvalidConfigException.class, p::configXml);
        assertEquals("The configuration file " + f + " does not exist.", missing.getMessage());
        String good = "<CycloneDDS xmlns=\"https://cdds.io/config\"><Domain id=\"any\"/></CycloneDDS>";
        Files.writeString(f, good);
        assertEquals(good, p.configXml());
        // edited after the profile was made: the next use reads the new text
        Files.writeString(f, "<CycloneDDS>\n  <Domain>\n</CycloneDDS>\n");
        InvalidConfigException bad = assertThrows(InvalidConfigException.class, p::configXml);
        assertTrue(bad.getMessage().startsWith(f + ": Cyclone DDS configuration is not well-formed XML at line 3, column"),
                bad.getMessage());
        assertEquals(3, bad.line());
        InvalidConfigException folder = assertThrows(InvalidConfigException.class,
                ConnectionProfile.fromFile("folder", 9, dir.toString(), false)::configXml);
        assertEquals(dir + " is not a file.", folder.getMessage());
        InvalidConfigException none = assertThrows(InvalidConfigException.class,
                ConnectionProfile.fromFile("none", 9, " ", false)::configXml);
        assertEquals("Choose the Cyclone DDS configuration file.", none.getMessage());
        assertEquals("domain 9, config file " + f + "", p.summary());
        // saved and loaded with its path
        ProfileStore store = new ProfileStore(dir.resolve("profiles.properties"));
        store.save(List.of(p));
        assertEquals(List.of(p), store.load());
    }

    @Test
    void damagedEntryIsSkippedAndReportedOthersKept(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("profiles.properties");
        Files.writeString(f, """
                count=2
                profile.0.name=broken
                profile.0.domain=not-a-number
                profile.0.config=LOOPBACK_ONLY
                profile.1.name=good
                profile.1.domain=12
                profile.1.config=DEFAULT
                """);
        ProfileStore store = new ProfileStore(f);
        List<ConnectionProfile> loaded = store.load();
        assertEquals(1, loaded.size());
        assertEquals("good", loaded.get(0).name());
        assertEquals(1, store.warnings().size(), store.warnings().toString());
    }
}
