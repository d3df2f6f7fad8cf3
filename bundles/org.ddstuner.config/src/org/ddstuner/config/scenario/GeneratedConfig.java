package org.ddstuner.config.scenario;

import java.util.List;

/**
 * A scenario's configuration and what the person should know about it.
 *
 * @param xml         the Cyclone configuration
 * @param notes       what the choices do
 * @param warnings    what needs attention (the monitor port serves unauthenticated; socket limits too low; …)
 * @param sysctlLines commands to raise this host's socket buffer ceilings (large-data), empty if none needed
 */
public record GeneratedConfig(String xml, List<String> notes, List<String> warnings, List<String> sysctlLines) {

    public GeneratedConfig {
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
        sysctlLines = List.copyOf(sysctlLines);
    }

    /** The environment line a process needs to use the file. */
    public static String cycloneddsUri(java.nio.file.Path file) {
        return "export CYCLONEDDS_URI=file://" + file.toAbsolutePath();
    }
}
