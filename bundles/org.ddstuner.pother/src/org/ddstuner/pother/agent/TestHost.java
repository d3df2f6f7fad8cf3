package org.ddstuner.pother.agent;

import java.util.concurrent.ScheduledFuture;

import org.ddstuner.dds.Participant;
import org.ddstuner.pother.protocol.PotherReport;
import org.ddstuner.pother.protocol.ResourceUsage;

/** What a running test needs from its agent. Every call is made on the agent's control thread. */
interface TestHost {

    int appId();

    String groupId();

    /** The agent's own participant. */
    Participant participant();

    /** A new participant for one test (the test closes it). */
    Participant newParticipant(String testName);

    /** The process's latest CPU and memory sample. */
    ResourceUsage usage();

    /** Runs {@code task} on the control thread every {@code millis} ms, first after one period. */
    ScheduledFuture<?> every(long millis, Runnable task);

    void publish(PotherReport report);

    /** The test cannot go on: error report, log line, the agent drops it. */
    void fail(TestRunner test, String message);

    void log(String line);
}
