package org.ddstuner.config.remote;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.ddstuner.config.check.NodeInterfaces;
import org.ddstuner.config.scenario.HostInterfaces;
import org.ddstuner.json.StrictJson;
import org.ddstuner.remote.Capability;
import org.ddstuner.remote.Operation;
import org.ddstuner.remote.OperationContext;
import org.ddstuner.remote.ProtocolException;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Remote operation {@code host-interfaces} (read-only: every logged-in client may ask): the agent host's network
 * interfaces with name, addresses and prefix lengths, multicast, MTU, up and loopback, so a node's configuration is
 * checked against that node's live interfaces from another machine ({@code config check --node-remote}, the
 * wizard's network page). It lists what {@link HostInterfaces#list()} lists there; nothing is sent on the network.
 */
public final class HostInterfacesOperation implements Operation {

    public static final String NAME = "host-interfaces";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Capability needs() {
        return null;
    }

    @Override
    public JsonNode run(OperationContext context, JsonNode args) {
        ObjectNode result = StrictJson.mapper().createObjectNode();
        result.put("host", hostName());
        ArrayNode list = result.putArray("interfaces");
        for (HostInterfaces.Nic n : HostInterfaces.list()) {
            ObjectNode o = list.addObject();
            o.put("name", n.name());
            ArrayNode addrs = o.putArray("addresses");
            for (int i = 0; i < n.addresses().size(); i++) {
                addrs.addObject().put("address", n.addresses().get(i)).put("prefix", n.prefixLengths().get(i));
            }
            o.put("multicast", n.multicast());
            o.put("mtu", n.mtu());
            o.put("up", n.up());
            o.put("loopback", n.loopback());
        }
        return result;
    }

    /**
     * Asks the agent {@code client} is connected to for its host's interfaces.
     *
     * @throws IOException a refusal (an agent without the operation answers {@code unsupported}), a malformed
     *                     answer or no answer within {@code timeout}
     */
    public static NodeInterfaces fetch(RemoteClient client, String where, Duration timeout) throws IOException {
        JsonNode r;
        try {
            r = client.request(NAME, timeout).orThrow();
        } catch (ProtocolException e) {
            throw new IOException("the agent refused " + NAME + ": " + e.getMessage(), e);
        }
        return new NodeInterfaces(where, parse(r));
    }

    /** The interfaces of a {@code host-interfaces} result. */
    static List<HostInterfaces.Nic> parse(JsonNode r) throws IOException {
        JsonNode list = r == null ? null : r.get("interfaces");
        if (list == null || !list.isArray()) {
            throw new IOException("the agent's " + NAME + " answer has no interface list");
        }
        List<HostInterfaces.Nic> out = new ArrayList<>();
        for (JsonNode o : list) {
            List<String> addrs = new ArrayList<>();
            List<Integer> prefixes = new ArrayList<>();
            for (JsonNode a : o.path("addresses")) {
                addrs.add(a.path("address").asText());
                prefixes.add(a.path("prefix").asInt(-1));
            }
            out.add(new HostInterfaces.Nic(o.path("name").asText(), addrs, prefixes, o.path("multicast").asBoolean(),
                    o.path("mtu").asInt(-1), o.path("up").asBoolean(), o.path("loopback").asBoolean()));
        }
        return out;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "";
        }
    }
}
