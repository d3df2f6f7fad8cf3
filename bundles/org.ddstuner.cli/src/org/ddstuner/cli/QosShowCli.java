package org.ddstuner.cli;

import java.util.Map;
import java.util.concurrent.Callable;

import org.ddstuner.agent.AgentReply;
import org.ddstuner.json.StrictJson;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code ddstuner qos show GUID}: the QoS in force on an entity of a process running the agent, as its agent says. */
@Command(name = "show", description = { "The QoS in force on an entity of a process that runs the DDS Tuner agent.",
        "GUID as ls --json prints it (participant, reader or writer). Values in the agent's QoS text (durations in ns; "
                + "see qos set). Waits up to --wait seconds for the agents to announce themselves. With --remote HOST:PORT "
                + "--token-file F the agent ddstuner serve runs there asks the applications on its host." },
        exitCodeList = { DdsTunerCli.EXIT_0, "1:no agent, or no agent knows GUID", DdsTunerCli.EXIT_2,
                DdsTunerCli.EXIT_3, DdsTunerCli.EXIT_4 })
final class QosShowCli implements Callable<Integer> {

    @ParentCommand
    QosCli qos;
    @Parameters(paramLabel = "GUID", description = "The entity (as ls --json prints it).")
    String guid;
    @Mixin
    SharedOptions.Connection connection;
    @Mixin
    SharedOptions.Wait wait;
    @Mixin
    SharedOptions.Json json;
    @Mixin
    SharedOptions.Remote remote;
    @Mixin
    SharedOptions.Help help;

    @Override
    public Integer call() throws InterruptedException {
        CliOptions o = new CliOptions();
        connection.into(o);
        wait.into(o);
        if (remote.given()) {
            RemoteQosCommands.checkNoDomain(connection);
            return RemoteQosCommands.show(QosTarget.parseGuid(guid), o.waitSeconds, json.json, remote.clientOptions(),
                    qos.root.out, qos.root.err);
        }
        try (QosTarget t = new QosTarget(guid, o)) {
            t.find(o.waitSeconds);
            AgentReply r = t.client.getQos(t.agent.agent(), t.entity.id(), QosTarget.REPLY);
            if (!r.ok()) {
                throw new CliException(Main.EXIT_EXPECTATION, "agent of " + t.agent.process() + " refused: "
                        + r.result() + " " + r.message());
            }
            print(t, r.qos());
        }
        return Main.EXIT_OK;
    }

    private void print(QosTarget t, Map<String, String> policies) {
        if (json.json) {
            qos.root.out.println(StrictJson.write(g -> {
                g.writeStartObject();
                g.writeStringField("guid", t.guid.toString());
                g.writeStringField("kind", t.entity.kind());
                g.writeStringField("topic", t.entity.topic());
                g.writeStringField("type", t.entity.type());
                g.writeObjectFieldStart("process");
                g.writeNumberField("pid", t.agent.pid());
                g.writeStringField("host", t.agent.host());
                g.writeStringField("name", t.agent.process());
                g.writeBooleanField("writable", t.agent.writable());
                g.writeEndObject();
                g.writeObjectFieldStart("qos");
                for (var e : policies.entrySet()) {
                    g.writeStringField(e.getKey(), e.getValue());
                }
                g.writeEndObject();
                g.writeEndObject();
            }));
            return;
        }
        qos.root.out.printf("%s %s%s in %s (pid %d on %s)%s%n", t.entity.kind(), t.guid,
                t.entity.topic().isEmpty() ? "" : " on " + t.entity.topic() + " (" + t.entity.type() + ")",
                t.agent.process(), t.agent.pid(), t.agent.host(), t.agent.writable() ? "" : ", read-only (no secret)");
        policies.forEach((k, v) -> qos.root.out.printf("  %-22s %s%n", k, v));
    }
}
