package org.ddstuner.record.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.record.Recorder;

/**
 * A recording in a JVM of its own, for {@link KilledRecordingTest} to SIGKILL: records TOPIC on DOMAIN into FILE
 * and prints "written N" every 100 ms until it is killed.
 */
public final class RecordChild {

    private RecordChild() {
    }

    public static void main(String[] args) throws Exception {
        int domain = Integer.parseInt(args[0]);
        Connection c = ConnectionManager.get().open(ConnectionProfile.loopback("RecordChild", domain));
        Recorder r = Recorder.start(c, Path.of(args[2]), List.of(LiveTopics.choice(c, args[1], Duration.ofSeconds(20))),
                Recorder.DEFAULT_RING);
        System.out.println("RECORDING");
        while (true) {
            System.out.println("written " + r.stats().written());
            System.out.flush();
            Thread.sleep(100);
        }
    }
}
