package org.ddstuner.remote;

import org.ddstuner.connection.Connection;

/**
 * What an {@link Operation} may use: the connection the agent serves ({@code null} when it serves a model only, as
 * {@link RemoteServer#start} does) and the client's address for messages and the audit log.
 */
public record OperationContext(Connection connection, String client, ServerOptions options) {
}
