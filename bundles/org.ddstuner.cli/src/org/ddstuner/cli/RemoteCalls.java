package org.ddstuner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

import org.ddstuner.remote.ClientOptions;
import org.ddstuner.remote.Protocol;
import org.ddstuner.remote.RemoteClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One request to a remote agent's operation for a CLI command (publish/typeof --remote): connects as the other
 * --remote commands do (refused login exit 4, unreachable exit 3, a newly pinned certificate reported on stderr) and
 * turns the agent's refusals into exit codes: not allowed exit 4, a bad value exit 2, nothing found or refused by the
 * application exit 1.
 */
final class RemoteCalls {

    /** A type lookup over the wire may take 5 s per source on the agent. */
    static final Duration TIMEOUT = Duration.ofSeconds(40);

    private RemoteCalls() {
    }

    /** Connects as every remote command does (the same exits and the pinning note): {@link ModelSource#connect}. */
    static RemoteClient connect(ClientOptions options, PrintStream err) {
        return ModelSource.connect(options, err);
    }

    /** The operation's result, or the refusal as a {@link CliException} with its exit code. */
    static JsonNode call(RemoteClient client, String command, String op, ObjectNode args) {
        RemoteClient.Reply r;
        try {
            r = client.request(op, args, TIMEOUT);
        } catch (IOException e) {
            throw new CliException(Main.EXIT_ENVIRONMENT, command + " --remote: " + e.getMessage());
        }
        if (r.ok()) {
            return r.result();
        }
        int exit = switch (r.code()) {
            case Protocol.NOT_ALLOWED -> Main.EXIT_REFUSED;
            case "bad-value", Protocol.MALFORMED_FRAME -> Main.EXIT_USAGE;
            case "no-type", "unknown-entity", "qos-refused" -> Main.EXIT_EXPECTATION;
            default -> Main.EXIT_ENVIRONMENT;
        };
        throw new CliException(exit, command + " --remote: the agent refused (" + r.code() + "): " + r.reason());
    }
}
