package org.ddstuner.pother.ui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.ddstuner.agent.ui.EndpointQosDialog;
import org.ddstuner.connection.Connection;
import org.ddstuner.connection.ConnectionManager;
import org.ddstuner.connection.ConnectionProfile;
import org.ddstuner.pother.runs.BenchmarkRun;
import org.ddstuner.pother.runs.LocalAgents;
import org.ddstuner.pother.runs.RunDefinition;
import org.eclipse.swt.widgets.Shell;

/**
 * "Edit QoS…" of the running test: the local agent processes run the DDS Tuner agent ({@link TuningAgent}), so their
 * test readers and writers ({@code Pother_*} topics) open in the shared QoS editor through a connection to the
 * benchmark domain with the run's configuration (UDP: loopback only; TCP and shared memory: the configuration this
 * process's controller of those agents uses, so the connection joins that domain), opened for the dialog if none is
 * and closed with it, signed with the secret they were started with. Live policies are set by the agent; those of the
 * test's definition by redefining the test ({@link BenchmarkRecreation}). Each change is confirmed from that
 * connection's discovery; the test goes on and its charts show what follows.
 */
final class BenchmarkTuning {

    /** The name of the connection opened for the dialog. */
    static final String CONNECTION_NAME = "Benchmarks";

    private BenchmarkTuning() {
    }

    /** Why Edit QoS cannot open now, or null. */
    static String unavailable(BenchmarkSession s) {
        LocalAgents la = s.localAgents().agents();
        if (la == null || !la.alive()) {
            return Messages.EDIT_QOS_NO_AGENTS;
        }
        if (TuningAgent.library().isEmpty()) {
            return Messages.EDIT_QOS_NO_LIBRARY;
        }
        return null;
    }

    /** Opens the dialog (modeless) on the local agents running now; null with {@link #unavailable} saying why. */
    static EndpointQosDialog open(Shell shell, BenchmarkSession s) {
        if (unavailable(s) != null) {
            return null;
        }
        LocalAgents la = s.localAgents().agents();
        Map<Long, byte[]> secrets = new LinkedHashMap<>();
        Map<Long, String> names = new LinkedHashMap<>();
        la.agents().forEach(a -> {
            secrets.put(a.pid(), TuningAgent.secret());
            names.put(a.pid(), String.format(Messages.EDIT_QOS_PROCESS, a.appId()));
        });
        Connection existing = ConnectionManager.get().connections().stream()
                .filter(c -> c.isOpen() && c.domain().domainId() == la.domainId()).findFirst().orElse(null);
        Connection c = existing != null ? existing : ConnectionManager.get().open(profile(la));
        BenchmarkRun run = s.current();
        EndpointQosDialog d = new EndpointQosDialog(shell, String.format(Messages.EDIT_QOS_TITLE, la.appIds(),
                la.transport().name().toLowerCase(Locale.ROOT), la.domainId()), c, secrets,
                e -> e.topic().startsWith("Pother_"), names, run == null ? null : new BenchmarkRecreation(s, run));
        d.open();
        if (existing == null) {
            d.getShell().addDisposeListener(e -> ConnectionManager.get().close(c));
        }
        return d;
    }

    /**
     * The connection on the agents' domain: loopback only over UDP; over TCP or shared memory the configuration this
     * process's controller created that domain with (one configuration per domain id per process: the connection
     * joins it, and leaves it open when it closes).
     */
    static ConnectionProfile profile(LocalAgents la) {
        String name = CONNECTION_NAME + (la.transport() == RunDefinition.Transport.UDP ? ""
                : " (" + la.transport().name().toLowerCase(Locale.ROOT) + ")");
        return la.transport() == RunDefinition.Transport.UDP ? ConnectionProfile.loopback(name, la.domainId())
                : new ConnectionProfile(name, la.domainId(), ConnectionProfile.ConfigKind.CUSTOM_XML, la.controllerConfig(),
                        List.of(), false);
    }
}
