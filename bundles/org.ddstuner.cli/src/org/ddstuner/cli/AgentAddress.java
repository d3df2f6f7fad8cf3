package org.ddstuner.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code HOST:PORT} of serve's --listen and the clients' --remote ({@code [v6]:PORT} too); a usage error if not. */
record AgentAddress(String host, int port) {

    private static final Pattern FORM = Pattern.compile("(?:\\[([0-9A-Fa-f:.]+)]|([A-Za-z0-9.\\-]+)):(\\d{1,5})");

    /** @param minPort 0 where "any free port" makes sense (--listen), else 1 */
    static AgentAddress parse(String option, String text, int minPort) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new CliException(Main.EXIT_USAGE, option + ": \"" + text + "\" is not HOST:PORT (e.g. 127.0.0.1:7700)");
        }
        int port = Integer.parseInt(m.group(3));
        if (port < minPort || port > 65535) {
            throw new CliException(Main.EXIT_USAGE, option + ": port " + port + " is not " + minPort + "…65535");
        }
        return new AgentAddress(m.group(1) != null ? m.group(1) : m.group(2), port);
    }
}
