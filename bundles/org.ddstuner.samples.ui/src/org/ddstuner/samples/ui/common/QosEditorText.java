package org.ddstuner.samples.ui.common;

import java.util.List;

/** Texts about QoS shown in more than one place. */
public final class QosEditorText {

    private QosEditorText() {
    }

    /** "'rich'", "the default partition", "'a', 'b'". */
    public static String partitions(List<String> names) {
        if (names.isEmpty() || names.equals(List.of(""))) {
            return "the default partition";
        }
        return String.join(", ", names.stream().map(n -> n.isEmpty() ? "the default partition" : "'" + n + "'")
                .toList());
    }
}
