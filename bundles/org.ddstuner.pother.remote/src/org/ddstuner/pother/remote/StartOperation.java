package org.ddstuner.pother.remote;

import java.util.ArrayList;
import java.util.List;

import org.ddstuner.json.StrictJson;
import org.ddstuner.pother.runs.ReportEvents;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code pother-start} {@code {"definition":{…},"agents":[1,2]}} (or {@code "group":"lab"} instead of the app ids):
 * starts the run definition (the run file's form) on those Pother agents, the first measuring, and answers the run's
 * first page (its id in {@code run}) at once; the run goes on at the agent.
 */
final class StartOperation implements Operation {

    private final ServedBenchmarks served;

    StartOperation(ServedBenchmarks served) {
        this.served = served;
    }

    @Override
    public String name() {
        return PotherOperations.START;
    }

    @Override
    public Capability needs() {
        return Capability.BENCHMARK;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        JsonNode def = args.get("definition");
        if (def == null || !def.isObject()) {
            throw new OperationException(PotherOperations.BAD_ARGS, "args.definition should be a run definition");
        }
        RunDefinition d;
        try {
            d = ReportEvents.definition(StrictJson.write(def));
        } catch (RuntimeException e) {
            throw new OperationException(PotherOperations.BAD_ARGS, "args.definition: " + e.getMessage());
        }
        String group = args.has("group") ? PotherOperations.text(args, "group") : null;
        List<Integer> ids = new ArrayList<>();
        JsonNode agents = args.get("agents");
        if (group == null) {
            if (agents == null || !agents.isArray()) {
                throw new OperationException(PotherOperations.BAD_ARGS, "args.agents should list app ids (or give "
                        + "args.group)");
            }
            for (JsonNode a : agents) {
                if (!a.isIntegralNumber() || !a.canConvertToInt()) {
                    throw new OperationException(PotherOperations.BAD_ARGS, "args.agents: " + a + " is not an app id");
                }
                ids.add(a.asInt());
            }
        }
        return served.start(d, ids, group).page(0);
    }
}
