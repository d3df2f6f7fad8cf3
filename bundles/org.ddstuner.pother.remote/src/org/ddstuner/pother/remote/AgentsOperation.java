package org.ddstuner.pother.remote;

import java.util.Map;
import java.util.TreeMap;

import org.ddstuner.pother.control.AgentStatus;
import org.ddstuner.pother.protocol.AgentAnnouncement;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.OperationException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code pother-agents}: the Pother agents the agent's domain shows, by app id, with their liveness. Read-only: the
 * first call joins the Pother topics, so agents announced earlier show up within a moment (their announcements are
 * transient-local).
 */
final class AgentsOperation implements Operation {

    private final ServedBenchmarks served;

    AgentsOperation(ServedBenchmarks served) {
        this.served = served;
    }

    @Override
    public String name() {
        return PotherOperations.AGENTS;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) throws OperationException {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode list = r.putArray("agents");
        for (Map.Entry<Integer, AgentStatus> e : new TreeMap<>(served.controller().statuses()).entrySet()) {
            AgentStatus s = e.getValue();
            AgentAnnouncement a = s.announcement();
            ObjectNode n = list.addObject();
            n.put("appId", a.appId());
            n.put("group", a.groupId());
            n.put("host", a.host());
            n.put("pid", a.pid());
            n.put("version", a.version());
            n.put("liveness", s.liveness().text());
            n.put("status", s.describe());
            // the rest of what a local `ddstuner pother-agents` prints, so --remote prints the same
            n.put("state", a.state());
            n.put("tests", a.tests());
            n.put("since", s.since() == null ? "" : s.since().toString());
            n.put("silentMs", s.silent().toMillis());
            n.put("explanation", s.explain());
            n.put("duplicate", s.duplicate() == null ? "" : s.duplicate().toString());
        }
        return r;
    }
}
