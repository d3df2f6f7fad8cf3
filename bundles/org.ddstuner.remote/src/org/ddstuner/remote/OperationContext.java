package org.ddstuner.remote;

import org.ddstuner.connection.Connection;

/**
 * What an {@link Operation} may use: the connection the agent serves ({@code null} when it serves a model only, as
 * {@link RemoteServer#start} does), the client's address for messages and the audit log, and the client's
 * {@link SessionResources}: what the operation creates for this client (a reader, a writer, a watch) and the agent
 * frees when the client goes.
 */
public record OperationContext(Connection connection, String client, ServerOptions options,
        SessionResources resources) {
}
