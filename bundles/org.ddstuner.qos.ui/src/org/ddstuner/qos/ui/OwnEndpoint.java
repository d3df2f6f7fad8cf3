package org.ddstuner.qos.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.ddstuner.connection.Connection;
import org.ddstuner.dds.Entity;
import org.ddstuner.qos.PolicyOutcome;
import org.ddstuner.qos.QosTuner;
import org.ddstuner.qos.StatisticsSeries;

/**
 * A reader or writer of the tool's own that the QoS editor can tune: one of a Reader/Writer view (its session
 * owns it and swaps in a re-created one) or one made by "Create Reader/Writer…" without a view (then
 * {@code close} deletes it). Keeps what was changed this session, policy by policy (first old → latest new).
 * One made on a remote agent's connection lives on the agent ({@link AgentOwnEndpoint}).
 */
public class OwnEndpoint implements TunableEndpoint {

    /** What identifies it: the view's session, or the entity made without a view. */
    final Object key;
    private final String label;
    private final boolean writer;
    private final Connection connection;
    private final String topic;
    private final Supplier<Entity> entity;
    private final QosTuner.Recreator recreator;
    private final Runnable close;
    private final boolean hasView;
    private final Map<String, PolicyOutcome> changes = new LinkedHashMap<>();
    private final List<String> log = new ArrayList<>();
    private final StatisticsSeries statistics = new StatisticsSeries(300);

    OwnEndpoint(Object key, String label, boolean writer, Connection connection, String topic, Supplier<Entity> entity,
            QosTuner.Recreator recreator, Runnable close, boolean hasView) {
        this.key = key;
        this.label = label;
        this.writer = writer;
        this.connection = connection;
        this.topic = topic;
        this.entity = entity;
        this.recreator = recreator;
        this.close = close;
        this.hasView = hasView;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean isWriter() {
        return writer;
    }

    public Connection connection() {
        return connection;
    }

    public String topic() {
        return topic;
    }

    /** The entity in force now (a re-created one after a change that needed it); null when it lives on an agent. */
    public Entity entity() {
        return entity.get();
    }

    @Override
    public org.ddstuner.dds.Guid guid() {
        return entity().guid();
    }

    @Override
    public org.ddstuner.dds.Qos announcedQos() {
        return Tuning.announcedQos(this);
    }

    @Override
    public Tuning.Preview preview(org.ddstuner.dds.Qos change) {
        return Tuning.preview(this, change);
    }

    @Override
    public org.ddstuner.qos.TuningOutcome apply(org.ddstuner.dds.Qos change) {
        return Tuning.apply(this, change);
    }

    QosTuner.Recreator recreator() {
        return recreator;
    }

    /** Whether a Reader/Writer view owns it (then closing that view deletes it, not the Own entities list). */
    public boolean hasView() {
        return hasView;
    }

    void close() {
        close.run();
    }

    /** Records applied changes: the first "before" of each policy is kept, the latest "after" replaces. */
    synchronized void record(List<PolicyOutcome> outcomes, String notice) {
        for (PolicyOutcome o : outcomes) {
            if (o.status() != PolicyOutcome.Status.APPLIED) {
                continue;
            }
            PolicyOutcome first = changes.get(o.policy());
            changes.put(o.policy(), first == null ? o : new PolicyOutcome(o.policy(), o.how(), o.status(), first.before(),
                    o.requested(), o.after(), o.confirmed(), o.reason()));
            log.add(o.text());
        }
        if (!notice.isEmpty()) {
            log.add(notice);
        }
    }

    /** "policy: old → new" for each policy changed this session. */
    @Override
    public synchronized List<String> changedThisSession() {
        return changes.values().stream().map(o -> o.policy() + ": " + PolicyText.format(o.before()) + " → "
                + PolicyText.format(o.after() != null ? o.after() : o.requested())).toList();
    }

    /** Policy → "old → new" changed this session (for the Details view). */
    synchronized Map<String, String> notes() {
        Map<String, String> m = new LinkedHashMap<>();
        for (PolicyOutcome o : changes.values()) {
            m.put(o.policy(), PolicyText.format(o.before()) + " → "
                    + PolicyText.format(o.after() != null ? o.after() : o.requested()));
        }
        return m;
    }

    StatisticsSeries statistics() {
        return statistics;
    }

    @Override
    public String toString() {
        return label;
    }
}
