package org.ddstuner.agent.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ddstuner.agent.AgentProtocol;
import org.ddstuner.dds.StructType;
import org.ddstuner.testsupport.RepoLocator;
import org.junit.jupiter.api.Test;

/**
 * idl/ddstuner_agent.idl (which idlc turns into the C agent's types) and AgentProtocol's run-time types (the Java
 * client's) declare the same members, in the same order, with the same types and keys: the wire format of both sides.
 */
class AgentIdlTest {

    @Test
    void idlAndJavaTypesAgree() throws Exception {
        String idl = Files.readString(RepoLocator.repoRoot().resolve("bundles/org.ddstuner.agent/idl/ddstuner_agent.idl"))
                .replaceAll("//[^\n]*", "");
        Map<String, List<String>> structs = new LinkedHashMap<>();
        Matcher m = Pattern.compile("struct\\s+(\\w+)\\s*\\{(.*?)\\};", Pattern.DOTALL).matcher(idl);
        while (m.find()) {
            List<String> members = new ArrayList<>();
            for (String decl : m.group(2).split(";")) {
                String d = decl.trim().replaceAll("\\s+", " ");
                if (!d.isEmpty()) {
                    members.add(d);
                }
            }
            structs.put("ddstuner_agent::" + m.group(1), members);
        }
        List<StructType> types = List.of(AgentProtocol.requestType(), AgentProtocol.replyType(),
                AgentProtocol.announcementType(), AgentProtocol.statisticsType());
        assertEquals(types.stream().map(StructType::typeName).toList(), List.copyOf(structs.keySet()));
        for (StructType t : types) {
            List<String> java = t.members().stream()
                    .map(x -> (x.key() ? "@key " : "") + x.idlType() + " " + x.name()).toList();
            assertEquals(structs.get(t.typeName()), java, t.typeName());
        }
    }
}
