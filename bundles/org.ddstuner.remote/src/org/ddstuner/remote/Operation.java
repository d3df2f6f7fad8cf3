package org.ddstuner.remote;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One operation a client may ask the agent for beyond reading the model and streaming samples: the {@code op} of a
 * {@code request} frame (PROTOCOL.md, "Requests"). The session checks {@link #needs()} against the capabilities the
 * agent was started with, runs the operation, answers with its result and writes the audit line; an operation only
 * does its work.
 *
 * <p>{@link #run} is called on the client's reading thread: it must return promptly (start long work, such as a
 * benchmark, and answer at once; report progress through the model or a later request).
 */
public interface Operation {

    /** The {@code op} name in the request frame, e.g. {@code "type-info"}; unique per agent. */
    String name();

    /** The capability a client needs, or {@code null} for a read-only operation every logged-in client may use. */
    Capability needs();

    /**
     * The capability this request needs, when it depends on the arguments (a writer needs {@code write}, a reader
     * nothing); {@link #needs()} otherwise. The session checks it before {@link #run} and audits every request that
     * needs one.
     */
    default Capability needs(JsonNode args) {
        return needs();
    }

    /**
     * Carries out one request.
     *
     * @param context who asks, and what the agent serves
     * @param args the request's {@code args} object (an empty object when the client sent none)
     * @return the reply's {@code result} (any JSON value; {@code null} for none)
     * @throws OperationException the request cannot be carried out; its code and reason go back to the client
     */
    JsonNode run(OperationContext context, JsonNode args) throws OperationException;
}
