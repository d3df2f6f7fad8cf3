package org.ddstuner.config.schema;

import java.util.List;

/**
 * One Cyclone configuration element or attribute of one library version, as Cyclone's own option table
 * describes it.
 *
 * @param path         "CycloneDDS/Domain/General/MaxMessageSize", attributes as "…/Peer[@Address]"
 * @param kind         element, group (has children), attribute, or moved (an old name Cyclone maps to {@link #movedTo})
 * @param help         Cyclone's help text (plain text, paragraphs separated by blank lines)
 * @param defaultValue Cyclone's default, {@code null} when there is none
 * @param unit         "memsize", "duration", "duration_inf", "bandwidth", … or {@code null}
 * @param unitsHelp    the recognised units as Cyclone words them, or {@code null}
 * @param rangeMin     lowest accepted value (with unit where it has one) or {@code null}
 * @param rangeMax     highest accepted value or {@code null}
 * @param values       the keywords accepted (enumerations, lists), empty otherwise
 * @param typeLine     Cyclone's type word ("Boolean", "Integer", "Number-with-unit", "One of: …", "Text")
 * @param multiplicity how often it may occur ("1", "INT_MAX", …)
 * @param deprecated   still accepted but deprecated
 * @param movedTo      the new path for a moved name, else {@code null}
 * @param aliases      other names Cyclone accepts for it
 * @param flags        the build features it needs (DDS_HAS_SECURITY, DDS_HAS_SHM, …)
 */
public record OptionInfo(String path, String kind, String help, String defaultValue, String unit, String unitsHelp,
        String rangeMin, String rangeMax, List<String> values, String typeLine, String multiplicity, boolean deprecated,
        String movedTo, List<String> aliases, List<String> flags) {

    public OptionInfo {
        values = List.copyOf(values);
        aliases = List.copyOf(aliases);
        flags = List.copyOf(flags);
    }

    public boolean isAttribute() {
        return "attribute".equals(kind);
    }

    public boolean isMoved() {
        return "moved".equals(kind);
    }

    public boolean isGroup() {
        return "group".equals(kind);
    }

    /** The last step of the path: "MaxMessageSize", "@Address". */
    public String name() {
        int at = path.lastIndexOf("[@");
        if (at >= 0) {
            return "@" + path.substring(at + 2, path.length() - 1);
        }
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** "0 B … 4294967295 B", or {@code null} when Cyclone states no range. */
    public String range() {
        return rangeMin == null ? null : rangeMin + " … " + rangeMax;
    }

    /** Path of the element or attribute this one is a child of; {@code null} for the root. */
    public String parentPath() {
        int at = path.lastIndexOf("[@");
        if (at >= 0) {
            return path.substring(0, at);
        }
        int slash = path.lastIndexOf('/');
        return slash < 0 ? null : path.substring(0, slash);
    }
}
