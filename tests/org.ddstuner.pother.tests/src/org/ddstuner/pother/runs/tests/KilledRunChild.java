package org.ddstuner.pother.runs.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.ddstuner.dds.CycloneConfig;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalPairRunner;
import org.ddstuner.pother.runs.RunDefinition;
import org.ddstuner.pother.runs.RunEnvironment;
import org.ddstuner.pother.runs.RunStore;
import org.ddstuner.pother.runs.ScenarioRunner;

/**
 * The process {@link KilledRunTest} kills: a one-minute latency run of a local pair on domain {@code args[1]},
 * saved in the store at {@code args[0]}. Prints "RUN id" once the run file exists, then waits for the kill.
 */
public final class KilledRunChild {

    private KilledRunChild() {
    }

    public static void main(String[] args) throws Exception {
        RunStore store = new RunStore(Path.of(args[0]));
        RunDefinition d = RunDefinition.latency(128, Duration.ofSeconds(60)).withPeriod(Duration.ofMillis(250));
        BenchmarkRun run = store.create(d, RunEnvironment.capture(CycloneConfig.loopbackOnly()));
        ScenarioRunner r = ScenarioRunner.start(new LocalPairRunner(Integer.parseInt(args[1])), run, List.of(d));
        System.out.println("RUN " + run.id());
        System.out.flush();
        r.await(Duration.ofMinutes(5)); // killed long before
        System.out.println("END " + run.state() + " " + run.endMessage());
    }
}
