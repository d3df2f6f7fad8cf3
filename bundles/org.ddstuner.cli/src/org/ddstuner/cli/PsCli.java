package org.ddstuner.cli;

import picocli.CommandLine.Command;

/** {@code ddstuner ps}: {@code ls}'s options, grouped by host and process. */
@Command(name = "ps", description = { "Hosts → processes → participants, with endpoint counts.",
        "What ls discovers, grouped by host and process (pid, name); takes ls's options." })
final class PsCli extends LsCli {

    @Override
    boolean processesOnly() {
        return true;
    }
}
