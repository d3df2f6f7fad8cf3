package org.ddstuner.config.scenario;

import java.time.LocalDate;
import java.util.List;

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
     * @param domainIds   the domains it may join
     * @param from        first valid day
     * @param until       last valid day
     */
    public static String xml(String subjectName, List<Integer> domainIds, LocalDate from, LocalDate until) {
        StringBuilder domains = new StringBuilder();
        for (int id : domainIds) {
            domains.append("          <id>").append(id).append("</id>\n");
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
        return "openssl smime -sign -in " + xmlFile + " -text -out " + p7sFile + " -signer " + caCert + " -inkey " + caKey;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
