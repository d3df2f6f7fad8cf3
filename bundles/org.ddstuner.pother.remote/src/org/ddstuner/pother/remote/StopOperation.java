package org.ddstuner.pother.remote;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code pother-stop} {@code {"run":"r1"}}: asks the run to stop (its tests are removed from the agents in order); the
 * reports until then stay readable. Answers the run's page from its end, without events.
 */
final class StopOperation implements Operation {

    private final ServedBenchmarks served;

    StopOperation(ServedBenchmarks served) {
        this.served = served;
    }

    @Override
    public String name() {
        return PotherOperations.STOP;
    }

    @Override
    public Capability needs() {
        return Capability.BENCHMARK;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        ServedRun r = served.run(PotherOperations.text(args, "run"));
        r.stop();
        return r.page(Long.MAX_VALUE).without("events");
    }
}
