package org.ddstuner.pother.remote;

import java.util.List;

import org.ddstuner.connection.Connection;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Pother control through the remote agent (issue 15; PROTOCOL.md, "Operations"): the agent ({@code ddstuner serve})
 * drives the Pother agents of its domain for its clients, so a benchmark between agents on a remote network runs
 * there and charts on the desktop. {@link #AGENTS} and {@link #REPORTS} only read; {@link #START} and {@link #STOP}
 * need the {@code benchmark} capability. The run goes on at the agent when a client's link drops; the client pages
 * through its reports by position ({@link ServedRun}), so nothing is lost or seen twice across a reconnect.
 */
public final class PotherOperations {

    public static final String AGENTS = "pother-agents";
    public static final String START = "pother-start";
    public static final String STOP = "pother-stop";
    public static final String REPORTS = "pother-reports";

    /** Refusal codes of these operations (beyond the protocol's own). */
    public static final String NO_RUN = "no-run";
    public static final String BAD_ARGS = "bad-args";
    static final String BUSY = "busy";
    static final String UNSUPPORTED = "unsupported";

    private PotherOperations() {
    }

    /** The four operations on the Pother agents that {@code connection}'s domain shows, sharing one controller. */
    public static List<Operation> of(Connection connection) {
        ServedBenchmarks served = new ServedBenchmarks(connection);
        return List.of(new AgentsOperation(served), new StartOperation(served), new StopOperation(served),
                new ReportsOperation(served));
    }

    static String text(JsonNode args, String key) throws OperationException {
        JsonNode n = args.get(key);
        if (n == null || !n.isTextual()) {
            throw new OperationException(BAD_ARGS, "args." + key + " should be a string");
        }
        return n.asText();
    }

    static long number(JsonNode args, String key, long absent) throws OperationException {
        JsonNode n = args.get(key);
        if (n == null) {
            return absent;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
            throw new OperationException(BAD_ARGS, "args." + key + " should be a whole number ≥ 0");
        }
        return n.asLong();
    }
}
