package org.ddstuner.config.check;

import java.util.List;

/**
 * The checker's result for one file.
 *
 * @param file           the name used in messages
 * @param libraryVersion the libddsc that judged ({@code null} when the XML never reached it)
 * @param problems       in line order
 * @param isolation      how the check kept off the person's network
 */
public record CheckReport(String file, String libraryVersion, List<ConfigProblem> problems, String isolation) {

    public CheckReport {
        problems = List.copyOf(problems);
    }

    /** Cyclone accepts the file (missing interfaces and warnings do not make it invalid). */
    public boolean valid() {
        return problems.stream().noneMatch(p -> p.kind().invalid());
    }

    public List<ConfigProblem> of(ConfigProblem.Kind kind) {
        return problems.stream().filter(p -> p.kind() == kind).toList();
    }
}
