package org.ddstuner.map;

import org.ddstuner.system.EntityKind;

/**
 * A box on the map. Hosts and processes are containers when they hold participants or processes; a process is a
 * leaf at {@link MapGraph.Level#PROCESSES}. Aggregated nodes ({@code count > 1}) stand for several entities.
 *
 * @param id      unique within its graph and stable across graphs of the same system (the layout cache's key)
 * @param parent  the id of the containing host/process node, or {@code null} at the top
 * @param label   the first line: a name
 * @param detail  a second line (vendor, counts), may be empty
 * @param refKind what selecting it shows in the Details view (participant or topic), or {@code null}
 * @param refKey  GUID text or topic name for {@code refKind}
 * @param count   how many participants/topics it stands for
 * @param gone    every entity it stands for is gone
 * @param search  the texts the filter looked at, joined, for the tooltip
 */
public record MapNode(String id, Kind kind, String parent, String label, String detail, EntityKind refKind,
        String refKey, int count, boolean gone, String search) {

    public enum Kind {
        HOST, PROCESS, PARTICIPANT, TOPIC, TOPIC_GROUP;

        public boolean isTopic() {
            return this == TOPIC || this == TOPIC_GROUP;
        }
    }
}
