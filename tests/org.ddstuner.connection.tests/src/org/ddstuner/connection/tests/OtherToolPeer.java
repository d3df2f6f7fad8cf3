package org.ddstuner.connection.tests;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.dds.MemberKind;
import org.ddstuner.dds.Qos;
import org.ddstuner.dds.StructType;

/**
 * Another DDS Tuner instance in a child JVM ({@link OtherToolInstanceTest}): opens a loopback connection on
 * the domain given as argument, creates one reader on its own participant (as Read Samples does), prints
 * READY and its pid, and runs until its standard input closes.
 */
public final class OtherToolPeer {

    static final String TOPIC = "OtherToolTopic";
    static final StructType TYPE = StructType.builder("tooltest::Probe").key("id", MemberKind.INT32).build();

    private OtherToolPeer() {
    }

    public static void main(String[] args) throws Exception {
        Connection c = ConnectionManager.get().open(ConnectionProfile.loopback("other tool", Integer.parseInt(args[0])));
        var p = c.ownParticipant();
        p.createReader(p.createTopic(TOPIC, TYPE, null), Qos.EMPTY.withReliable());
        System.out.println("READY " + ProcessHandle.current().pid());
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            while (in.readLine() != null) {
                // wait for the test to close our input
            }
        }
        ConnectionManager.get().closeAll();
    }
}
