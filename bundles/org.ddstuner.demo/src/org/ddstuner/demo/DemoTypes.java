package org.ddstuner.demo;

import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.StructType;

/** The keyed types the demo system publishes. */
final class DemoTypes {

    private DemoTypes() {
    }

    static StructType sensorReading() {
        return StructType.builder("demo::SensorReading")
                .key("sensor_id", MemberKind.INT32)
                .member("value", MemberKind.FLOAT64)
                .member("unit", MemberKind.STRING)
                .member("seq", MemberKind.INT64)
                .build();
    }

    static StructType command() {
        return StructType.builder("demo::Command")
                .key("target", MemberKind.STRING)
                .member("code", MemberKind.INT32)
                .member("setpoint", MemberKind.FLOAT64)
                .build();
    }

    static StructType alarm() {
        return StructType.builder("demo::Alarm")
                .key("alarm_id", MemberKind.INT32)
                .member("severity", MemberKind.INT16)
                .member("active", MemberKind.BOOLEAN)
                .member("text", MemberKind.STRING)
                .build();
    }

    static StructType heartbeat() {
        return StructType.builder("demo::Heartbeat")
                .key("node", MemberKind.INT32)
                .member("count", MemberKind.UINT32)
                .build();
    }
}
