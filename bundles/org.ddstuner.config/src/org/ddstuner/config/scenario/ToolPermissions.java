package org.ddstuner.config.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A DDS Security permissions document for DDS Tuner itself on a secured domain: it may subscribe to every topic
 * in every partition and publish nothing (default DENY), so a monitoring tool cannot change the system it watches.
 * The domain's permissions CA must sign it (S/MIME) before Cyclone accepts it: {@link #signCommand} prints how.
 */
public final class ToolPermissions {

    private ToolPermissions() {
    }

    /**
     * @param subjectName the tool certificate's subject ("CN=ddstuner,O=Example")
     * @param domainIds   the domains it may join; empty: every domain (0 to 232)
     * @param from        first valid day
     * @param until       last valid day
     */
    public static String xml(String subjectName, List<Integer> domainIds, LocalDate from, LocalDate until) {
        StringBuilder domains = new StringBuilder();
        for (int id : domainIds) {
            domains.append("          <id>").append(id).append("</id>\n");
        }
        if (domainIds.isEmpty()) {
            domains.append("          <id_range><min>0</min><max>232</max></id_range>\n");
        }
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- DDS Tuner: subscribe-only permissions for the monitoring tool (no publish rule: default DENY) -->
                <dds xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                     xsi:noNamespaceSchemaLocation="http://www.omg.org/spec/DDS-SECURITY/20170901/omg_shared_ca_permissions.xsd">
                  <permissions>
                    <grant name="ddstuner_monitor">
                      <subject_name>%s</subject_name>
                      <validity>
                        <not_before>%sT00:00:00</not_before>
                        <not_after>%sT23:59:59</not_after>
                      </validity>
                      <allow_rule>
                        <domains>
                %s        </domains>
                        <subscribe>
                          <topics><topic>*</topic></topics>
                          <partitions><partition>*</partition></partitions>
                        </subscribe>
                      </allow_rule>
                      <default>DENY</default>
                    </grant>
                  </permissions>
                </dds>
                """.formatted(escape(subjectName), from, until, domains);
    }

    /** The openssl line that signs {@code xmlFile} into {@code p7sFile} with the permissions CA. */
    public static String signCommand(String xmlFile, String p7sFile, String caCert, String caKey) {
        return String.join(" ", signArgs(xmlFile, p7sFile, caCert, caKey));
    }

    /** {@link #signCommand} as a process's arguments. */
    public static List<String> signArgs(String xmlFile, String p7sFile, String caCert, String caKey) {
        return List.of("openssl", "smime", "-sign", "-in", xmlFile, "-text", "-out", p7sFile, "-signer", caCert, "-inkey",
                caKey);
    }

    /**
     * Writes the subscribe-only permissions for {@code subjectName} beside {@code p7s} ({@code NAME.xml} for
     * {@code NAME.p7s}) and, with {@code caKey}, signs them into {@code p7s} with openssl; without it only the XML
     * is written and {@link #signCommand} says how to sign.
     *
     * @return the XML file written
     * @throws IOException the files cannot be written or openssl failed (its output in the message)
     */
    public static Path write(Path p7s, String subjectName, List<Integer> domainIds, String caCert, Path caKey)
            throws IOException {
        String name = p7s.getFileName().toString();
        Path xmlFile = p7s.resolveSibling((name.endsWith(".p7s") ? name.substring(0, name.length() - 4) : name) + ".xml");
        LocalDate today = LocalDate.now();
        Files.writeString(xmlFile, xml(subjectName, domainIds, today.minusDays(1), today.plusYears(1)));
        if (caKey == null) {
            return xmlFile;
        }
        Process p = new ProcessBuilder(signArgs(xmlFile.toString(), p7s.toString(), caCert, caKey.toString()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("openssl could not sign " + xmlFile + ": " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while signing " + xmlFile, e);
        }
        return xmlFile;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
