package org.ddstuner.pother.remote;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ddstuner.connection.Connection;
import org.ddstuner.pother.control.PotherController;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.remote.OperationException;

/**
 * What the benchmark operations of one agent share: a {@link PotherController} on the served connection's own
 * participant (made at the first benchmark request, so an agent nobody asks for benchmarks joins no Pother topic),
 * and the runs it started ({@value #KEPT_RUNS} kept for clients still reading them; one runs at a time, as the
 * desktop's own Launcher does).
 */
final class ServedBenchmarks {

    static final int KEPT_RUNS = 8;

    private final Connection connection;
    private final Map<String, ServedRun> runs = new LinkedHashMap<>();
    private PotherController controller;
    private int nextId = 1;

    ServedBenchmarks(Connection connection) {
        this.connection = connection;
    }

    synchronized PotherController controller() throws OperationException {
        if (controller == null) {
            if (connection == null || !connection.isOpen()) {
                throw new OperationException(PotherOperations.UNSUPPORTED,
                        "this agent serves a model only, no domain to reach Pother agents on");
            }
            controller = PotherController.on(connection.ownParticipant());
        }
        return controller;
    }

    /** Starts a run unless one is running; forgets the oldest finished runs beyond {@value #KEPT_RUNS}. */
    synchronized ServedRun start(RunDefinition d, List<Integer> appIds, String group) throws OperationException {
        for (ServedRun r : runs.values()) {
            if (r.running()) {
                throw new OperationException(PotherOperations.BUSY, "run " + r.id() + " is still running on this "
                        + "agent; stop it first (pother-stop)");
            }
        }
        PotherController c = controller();
        ServedRun run;
        try {
            run = ServedRun.start("r" + nextId, d, ServedRun.source(c, d, appIds, group));
        } catch (IllegalArgumentException e) {
            throw new OperationException(PotherOperations.BAD_ARGS, e.getMessage());
        }
        nextId++;
        runs.put(run.id(), run);
        Iterator<ServedRun> it = new ArrayList<>(runs.values()).iterator();
        while (runs.size() > KEPT_RUNS && it.hasNext()) {
            ServedRun old = it.next();
            if (!old.running()) {
                runs.remove(old.id());
            }
        }
        return run;
    }

    synchronized ServedRun run(String id) throws OperationException {
        ServedRun r = runs.get(id);
        if (r == null) {
            throw new OperationException(PotherOperations.NO_RUN, "this agent has no run " + id + " (it keeps the last "
                    + KEPT_RUNS + "; a restarted agent has none of the runs before)");
        }
        return r;
    }
}
