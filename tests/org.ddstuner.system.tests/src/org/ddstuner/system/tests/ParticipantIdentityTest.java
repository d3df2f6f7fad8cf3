package org.ddstuner.system.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.ddstuner.dds.Guid;
import org.ddstuner.system.Participant;
import org.ddstuner.system.ProcessInfo;
import org.ddstuner.system.SystemModel;
import org.ddstuner.system.Vendor;
import org.junit.jupiter.api.Test;

/** Vendor from the GUID prefix and host/process from each vendor's property keys. */
class ParticipantIdentityTest {

    @Test
    void vendorTable() {
        assertEquals("Eclipse Cyclone DDS", Vendor.of(0x0110).name());
        assertEquals("Fast DDS (eProsima)", Vendor.of(0x010f).name());
        assertEquals("RTI Connext DDS", Vendor.of(0x0101).name());
        assertEquals("OpenSplice DDS (ADLINK)", Vendor.of(0x0102).name());
        assertEquals("OpenDDS (OCI)", Vendor.of(0x0103).name());
        assertEquals("unknown vendor 0x7abc", Vendor.of(0x7abc).name());
        assertFalse(Vendor.of(0x7abc).known());
        assertEquals("0x0110", Vendor.of(0x0110).idText());
    }

    @Test
    void cycloneProperties() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("__Hostname", "build-7", "__Pid", "4242",
                "__ProcessName", "ddsperf", "__NetworkAddresses", "udp/127.0.0.1:7410@1,udp/[fe80::1]:7411@2, udp/127.0.0.1:7412@1"));
        assertEquals("build-7", p.host());
        assertEquals(4242, p.pid());
        assertEquals("ddsperf", p.processName());
        assertEquals(List.of("udp/127.0.0.1:7410@1", "udp/[fe80::1]:7411@2", "udp/127.0.0.1:7412@1"), p.addresses());
        assertEquals(List.of("127.0.0.1", "fe80::1"), p.addressHosts());
        assertEquals(List.of(), ProcessInfo.fromProperties(Map.of("__NetworkAddresses", "localprocess"))
                .addressHosts());
        assertEquals("ddsperf (pid 4242)", p.processText());
    }

    @Test
    void rtiProperties() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("dds.sys_info.hostname", "rti-box",
                "dds.sys_info.process_id", "77", "dds.sys_info.executable_filepath", "/opt/app/bin/shapes_demo",
                "dds.sys_info.username", "alice"));
        assertEquals("rti-box", p.host());
        assertEquals(77, p.pid());
        assertEquals("shapes_demo", p.processName());
        assertEquals("alice", p.user());
    }

    @Test
    void fastDdsProperties() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("fastdds.physical_data.host", "ros-host",
                "fastdds.physical_data.process", "31337", "fastdds.physical_data.user", "bob"));
        assertEquals("ros-host", p.host());
        assertEquals(31337, p.pid());
        assertNull(p.processName());
        assertEquals("bob", p.user());
        assertEquals("pid 31337", p.processText());
    }

    @Test
    void fastDds29HostDecorationIsStripped() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("fastdds.physical_data.host", "vm:107806561077755904"));
        assertEquals("vm", p.host());
        assertEquals("vm", p.hostText());
    }

    @Test
    void fastDds3MachineIdIsShownAsSuch() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("fastdds.physical_data.host", "3d1219c7a0b94e2f8c1d5e6f7a8b9c0d"));
        assertEquals("3d1219c7a0b94e2f8c1d5e6f7a8b9c0d", p.host(), "kept whole: it still groups participants by machine");
        assertEquals("machine 3d1219c7…", p.hostText());
    }

    @Test
    void nothingKnownIsSaidSo() {
        ProcessInfo p = ProcessInfo.fromProperties(Map.of("__Pid", "not-a-number", "other", "x"));
        assertNull(p.host());
        assertEquals("unknown host", p.hostText());
        assertFalse(p.hasPid());
        assertEquals("unknown process", p.processText());
    }

    @Test
    void participantFromDiscovery() {
        SystemModel m = new SystemModel();
        Guid g = Fixtures.participant(0x010f, 5);
        m.apply(Fixtures.participantSeen(g, "/talker", Map.of("fastdds.physical_data.host", "h1",
                "fastdds.physical_data.process", "99")));
        Participant p = m.snapshot().participant(g).orElseThrow();
        assertEquals("/talker", p.displayName());
        assertEquals("Fast DDS (eProsima)", p.vendor().name());
        assertEquals("h1", p.process().host());
        assertEquals(99, p.process().pid());
        assertTrue(p.known() && p.alive());
    }
}
