package org.ddstuner.connection.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.connection.ConnectionProfile.ConfigKind;
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
