package org.ddstuner.system;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Cyclone DDS log messages for discovery data it dropped. libddsc 0.10 logs two warnings for an
 * endpoint announcement it cannot decode, on the same thread, one after the other:
 * <pre>
 * invalid parameter list (vendor 1.15, version 2.3): pid 75 (TYPE_INFORMATION) invalid, input = …
 * Invalid PublicationBuiltinTopicData (vendor 1.15): invalid qos/parameters
 * </pre>
 * The first says why (the pid is hexadecimal), the second what was dropped; neither names a GUID. This
 * pairs them per vendor and turns the pair into one {@link DiscoveryEvent.Unreadable} with a
 * {@link RejectedAnnouncement}. One instance per domain; not thread-safe (the log has one thread).
 */
public final class CycloneDiscoveryLog {

    private static final Pattern INVALID_PARAMETER = Pattern.compile(
            "invalid parameter list \\(vendor (\\d+)\\.(\\d+)[^)]*\\): pid ([0-9a-fA-F]+)(?: \\(([A-Za-z0-9_]+)\\))? invalid");
    private static final Pattern INVALID_DATA = Pattern.compile(
            "Invalid (\\w+BuiltinTopicData) \\(vendor (\\d+)\\.(\\d+)\\)");

    private final String receiver;
    /** The last "pid … invalid" per vendor id, waiting for its "Invalid …BuiltinTopicData" line. */
    private final Map<Integer, int[]> pendingId = new HashMap<>();
    private final Map<Integer, String> pendingName = new HashMap<>();

    /** @param receiver what to call the library that logged, e.g. "Cyclone DDS 0.10.2" */
    public CycloneDiscoveryLog(String receiver) {
        this.receiver = receiver;
    }

    /** The event a log message means, or {@code null} when it is not about dropped discovery data. */
    public DiscoveryEvent.Unreadable interpret(String message) {
        if (message == null) {
            return null;
        }
        Matcher p = INVALID_PARAMETER.matcher(message);
        if (p.find()) {
            int vendor = vendorId(p.group(1), p.group(2));
            if (vendor < 0) {
                return null;
            }
            try {
                pendingId.put(vendor, new int[] { Integer.parseInt(p.group(3), 16) });
                pendingName.put(vendor, p.group(4));
            } catch (NumberFormatException e) {
                pendingId.remove(vendor);
                pendingName.remove(vendor);
            }
            return null;
        }
        Matcher d = INVALID_DATA.matcher(message);
        if (!d.find()) {
            return null;
        }
        int vendor = vendorId(d.group(2), d.group(3));
        if (vendor < 0) {
            return null;
        }
        int[] id = pendingId.remove(vendor);
        String name = pendingName.remove(vendor);
        String data = d.group(1);
        EndpointKind kind = data.startsWith("Publication") ? EndpointKind.WRITER
                : data.startsWith("Subscription") ? EndpointKind.READER : null;
        RejectedAnnouncement r = new RejectedAnnouncement(Vendor.of(vendor), kind, data, id != null ? id[0] : -1,
                id != null ? name : null, receiver);
        return new DiscoveryEvent.Unreadable(null, r.description(), r);
    }

    /** "1", "15" → 0x010f; -1 when out of range. */
    private static int vendorId(String hi, String lo) {
        try {
            int h = Integer.parseInt(hi);
            int l = Integer.parseInt(lo);
            return h > 255 || l > 255 ? -1 : (h << 8) | l;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
