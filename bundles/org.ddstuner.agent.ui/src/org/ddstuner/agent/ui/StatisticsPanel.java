package org.ddstuner.agent.ui;

import org.ddstuner.connection.Connection;
import org.ddstuner.qos.ui.StatisticsChart;
import org.eclipse.swt.widgets.Composite;

/**
 * The statistics chart of an application's reader or writer (beside its QoS): the counters its agent reports once a
 * second, retransmitted bytes and throttling of a writer, discarded bytes of a reader, over the last
 * {@value StatisticsChart#POINTS} periods.
 */
public final class StatisticsPanel {

    private final StatisticsChart chart;
    private final Connection connection;

    StatisticsPanel(Composite parent, Connection connection) {
        this.chart = new StatisticsChart(parent);
        this.connection = connection;
    }

    void show(ApplicationEntity e) {
        Connection c = e == null ? connection : e.connection();
        chart.show(e == null || c == null ? null : AgentStatisticsStore.of(c).source(e));
    }

    /** An application through a remote agent: its agent's statistics come through the agent's agent-stats. */
    void showRemote(RemoteApplicationEntity e) {
        chart.show(AgentStatisticsStore.of(e.connection()).source(e));
    }

    public StatisticsChart chart() {
        return chart;
    }
}
