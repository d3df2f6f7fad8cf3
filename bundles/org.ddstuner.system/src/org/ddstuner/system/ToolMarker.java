package org.ddstuner.system;

import java.nio.charset.StandardCharsets;

import org.ddstuner.dds.Qos;

/**
 * How a DDS Tuner participant says so on the wire, so that every DDS Tuner instance (this one and the
 * others watching the same domain) can flag and hide the tools' participants.
 *
 * <p>The marker is the participant's USER_DATA, {@value #USER_DATA} (the {@code key=value;} form ROS 2
 * also uses for participant USER_DATA). Not a property: libddsc 0.10.2 sends none of the properties an
 * application sets (they are not marked "propagate"; measured 2026-11-24, only Cyclone's own
 * {@code __NetworkAddresses} arrived), and setting any property QoS at all makes Cyclone leave out its
 * {@code __Hostname}/{@code __ProcessName}/{@code __Pid}, which it adds only to a participant created
 * without one. So the tool's participant sets no property and Cyclone announces where it runs.
 */
public final class ToolMarker {

    /** The USER_DATA of a DDS Tuner participant (UTF-8). */
    public static final String USER_DATA = "ddstuner.tool=1;";
    private static final String KEY = "ddstuner.tool=";
    /** What the in-application agent (libddstuner_agent) adds after the marker on its own participant. */
    private static final String AGENT_KEY = "ddstuner.agent=";

    private ToolMarker() {
    }

    /** The USER_DATA policy a DDS Tuner participant is created with. */
    public static Qos.UserData userData() {
        return new Qos.UserData(USER_DATA.getBytes(StandardCharsets.UTF_8));
    }

    /** True when a discovered participant QoS carries the marker (as the first or any later {@code key=value;}). */
    public static boolean isTool(Qos participantQos) {
        return has(participantQos, KEY);
    }

    /**
     * True for the participant of a DDS Tuner agent inside an application (USER_DATA
     * {@code ddstuner.tool=1;ddstuner.agent=1;}): it is the tool's too (its control endpoints are flagged and hidden
     * like the tool's own), but it lives in the application's process.
     */
    public static boolean isAgent(Qos participantQos) {
        return isTool(participantQos) && has(participantQos, AGENT_KEY);
    }

    private static boolean has(Qos participantQos, String key) {
        if (participantQos == null || participantQos.userData() == null || participantQos.userData().value() == null) {
            return false;
        }
        String s = new String(participantQos.userData().value(), StandardCharsets.UTF_8);
        return s.startsWith(key) || s.contains(";" + key);
    }
}
