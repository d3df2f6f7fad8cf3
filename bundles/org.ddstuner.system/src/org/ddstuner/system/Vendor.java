package org.ddstuner.system;

import java.util.Map;

/**
 * A DDS implementation, identified by the vendor id in the first two bytes of every GUID prefix
 * (DDSI-RTPS §8.3.3.1, ids assigned by the OMG: https://www.dds-foundation.org/dds-rtps-vendor-and-product-ids/).
 */
public record Vendor(int id, String name) {

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(0x0101, "RTI Connext DDS"),
            Map.entry(0x0102, "OpenSplice DDS (ADLINK)"),
            Map.entry(0x0103, "OpenDDS (OCI)"),
            Map.entry(0x0104, "Mil-DDS (MilSoft)"),
            Map.entry(0x0105, "InterCOM DDS (Kongsberg)"),
            Map.entry(0x0106, "CoreDX DDS (Twin Oaks)"),
            Map.entry(0x0107, "Lakota Technical Solutions"),
            Map.entry(0x0108, "ICOUP Consulting"),
            Map.entry(0x0109, "Diamond DDS (ETRI)"),
            Map.entry(0x010a, "RTI Connext DDS Micro"),
            Map.entry(0x010b, "Vortex Cafe (ADLINK)"),
            Map.entry(0x010c, "Vortex Gateway (ADLINK)"),
            Map.entry(0x010d, "Vortex Lite (ADLINK)"),
            Map.entry(0x010e, "Qeo (Technicolor)"),
            Map.entry(0x010f, "Fast DDS (eProsima)"),
            Map.entry(0x0110, "Eclipse Cyclone DDS"),
            Map.entry(0x0111, "GurumDDS (GurumNetworks)"),
            Map.entry(0x0112, "RustDDS (Atostek)"),
            Map.entry(0x0113, "Zhenrong Data Distribution Service (ZRDDS)"),
            Map.entry(0x0114, "Dust DDS (S2E Software Systems)"));

    public static final int CYCLONE = 0x0110;
    public static final int FAST_DDS = 0x010f;
    public static final int RTI_CONNEXT = 0x0101;

    /** The vendor with this id; an unlisted id becomes "unknown vendor 0x1234". */
    public static Vendor of(int id) {
        String name = NAMES.get(id);
        return new Vendor(id, name != null ? name : String.format("unknown vendor 0x%04x", id));
    }

    public boolean known() {
        return NAMES.containsKey(id);
    }

    /** The id as DDSI tools print it, e.g. "0x0110". */
    public String idText() {
        return String.format("0x%04x", id);
    }
}
