package org.ddstuner.samples.ui.common;

import org.ddstuner.system.ui.live.LiveConnection;
import org.ddstuner.system.ui.live.LiveSystems;
import org.eclipse.ui.IMemento;

/**
 * What a Reader or Writer view showed, kept across workbench restarts in the view's memento: the topic, the
 * selected endpoint's type name, and the connection by its profile name and domain (connections are not
 * restored with the views, so the view finds the connection again by these, or says it is not open).
 */
public record TopicViewState(String connectionName, int domainId, String topic, String typeName) {

    private static final String CONNECTION = "connection";
    private static final String DOMAIN = "domain";
    private static final String TOPIC = "topic";
    private static final String TYPE = "typeName";

    public static TopicViewState of(TopicTarget t) {
        return new TopicViewState(t.name(), t.domainId(), t.topic(), t.typeName());
    }

    public void save(IMemento m) {
        m.putString(CONNECTION, connectionName);
        m.putInteger(DOMAIN, domainId);
        m.putString(TOPIC, topic);
        if (typeName != null) {
            m.putString(TYPE, typeName);
        }
    }

    /** The state in {@code m}, or null when there is none (a new view, or a memento of an older version). */
    public static TopicViewState load(IMemento m) {
        if (m == null || m.getString(TOPIC) == null || m.getString(CONNECTION) == null || m.getInteger(DOMAIN) == null) {
            return null;
        }
        return new TopicViewState(m.getString(CONNECTION), m.getInteger(DOMAIN), m.getString(TOPIC), m.getString(TYPE));
    }

    /** The open connection with this profile name and domain, or null. UI thread. */
    public LiveConnection findOpen() {
        for (LiveConnection c : LiveSystems.get().connections()) {
            if (c.isLocal() && c.connection().isOpen() && c.connection().profile().name().equals(connectionName)
                    && c.connection().profile().domainId() == domainId) {
                return c;
            }
        }
        return null;
    }

    public TopicTarget target(LiveConnection c) {
        return new TopicTarget(c, topic, typeName);
    }
}
