package org.ddstuner.pother.runs;

import java.util.List;

/**
 * A one-click benchmark: a title, what it answers, and the runs it makes one after the other. A step a
 * source cannot run (e.g. shared memory without RouDi) is reported with its reason and skipped.
 */
public record Scenario(String id, String title, String question, List<RunDefinition> steps) {

    public Scenario {
        if (steps == null || steps.isEmpty()) {
            throw new IllegalArgumentException("scenario " + id + " has no steps");
        }
        steps = List.copyOf(steps);
    }

    /** What the run of this scenario is saved as: its first step, labelled with the title. */
    public RunDefinition runDefinition() {
        return steps.get(0).withLabel(title);
    }
}
