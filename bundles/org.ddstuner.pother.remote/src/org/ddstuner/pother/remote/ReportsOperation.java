package org.ddstuner.pother.remote;

import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code pother-reports} {@code {"run":"r1","after":N}}: the run's reports from position N on, one page (see
 * {@link ServedRun#page}). Read-only, and not audited per call: clients poll it.
 */
final class ReportsOperation implements Operation {

    private final ServedBenchmarks served;

    ReportsOperation(ServedBenchmarks served) {
        this.served = served;
    }

    @Override
    public String name() {
        return PotherOperations.REPORTS;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        return served.run(PotherOperations.text(args, "run")).page(PotherOperations.number(args, "after", 0));
    }
}
